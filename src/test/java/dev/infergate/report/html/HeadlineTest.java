package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {
    @TempDir
    Path dir;

    @Test
    void acceptanceAsInfergateAcceptWritesIt_givesReasonCapacityAndCaveats() throws Exception {
        Path baseline = ReportModelGoldenTest.run(dir, "baseline", "{}", 100, 20);
        Files.writeString(baseline.resolve(ReportInputs.ACCEPTANCE_FILE), "{\"schema\":\"infergate.acceptance/1\","
                + "\"verdict\":\"inconclusive\",\"headline\":\"+900 requests/hour at 95% SLO attainment\","
                + "\"capacity\":{\"baseline\":{\"rate_per_s\":2.5}},\"caveats\":[\"one repeat only\"]}");

        Map<String, Object> headline = Headline.map(ReportModel.build(List.of(baseline)).get("headline"));

        assertThat(headline.get("verdict")).isEqualTo("inconclusive");
        assertThat(headline.get("reason")).isEqualTo("+900 requests/hour at 95% SLO attainment");
        assertThat(Headline.map(((List<?>) headline.get("sides")).get(0)).get("capacity")).isEqualTo(2.5);
        assertThat(headline.get("caveats").toString()).contains("one repeat only");
    }
}
