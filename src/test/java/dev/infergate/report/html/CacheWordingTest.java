package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The page defines warm and cold as its figures do: by the share of the prompt cached, not by any cached token. */
class CacheWordingTest {
    private static String resource(String name) throws IOException {
        try (InputStream in = CacheWordingTest.class.getResourceAsStream("/dev/infergate/report/html/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theColdWarmSection_andTheTimelineLegend_nameTheShareRule() throws IOException {
        assertThat(RequestRecord.WARM_CACHED_SHARE).isEqualTo(0.5); // "half" below
        String tables = resource("report-tables.js");
        String runs = resource("report-runs.js");
        assertThat(tables).contains("Warm: at least half of the request").doesNotContain("reported cached prompt tokens for the request");
        assertThat(runs).contains("orange squares: warm (at least half of it cached)").doesNotContain("warm (cached prompt tokens)");
    }
}
