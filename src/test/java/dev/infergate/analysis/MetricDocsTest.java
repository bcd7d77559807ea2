package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** docs/metrics.md's table of metrics is the registry's, and every key in the registry is unique. */
class MetricDocsTest {
    private static final Path DOC = Path.of("docs/metrics.md");
    private static final String BEGIN = "<!-- metrics:begin -->\n";
    private static final String END = "<!-- metrics:end -->";

    static String table() {
        StringBuilder sb = new StringBuilder("| key | name | unit | better | scope | definition |\n|---|---|---|---|---|---|\n");
        for (Metric m : Metric.values()) {
            sb.append("| `").append(m.key()).append("` | ").append(m.label()).append(" | ")
                    .append(m.unit().isEmpty() ? (m.isShare() ? "share" : "count") : m.unit()).append(" | ")
                    .append(m.lowerIsBetter() ? "lower" : "higher").append(" | ")
                    .append(m.scope().name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(" | ")
                    .append(m.definition().replace("|", "\\|")).append(" |\n");
        }
        return sb.toString();
    }

    @Test
    void theDocsTable_isTheRegistry() throws IOException {
        String doc = Files.readString(DOC);
        int from = doc.indexOf(BEGIN) + BEGIN.length();
        int to = doc.indexOf(END);
        assertThat(from).as("markers in %s", DOC).isGreaterThanOrEqualTo(BEGIN.length());
        if (Boolean.getBoolean("golden.update")) {
            doc = doc.substring(0, from) + table() + doc.substring(to);
            Files.writeString(DOC, doc);
            to = doc.indexOf(END);
        }
        assertThat(doc.substring(from, to)).isEqualTo(table());
    }

    @Test
    void comparableKeys_areUnique_andNoAliasIsAnotherComparableKey() {
        Set<String> keys = new HashSet<>();
        Arrays.stream(Metric.values()).filter(Metric::comparable).forEach(m -> assertThat(keys.add(m.key())).as(m.key()).isTrue());
        assertThat(Metric.byKey("itl")).isEqualTo(Metric.ITL_MEAN_PER_REQUEST);
        assertThat(Metric.byKey("itl_mean_per_request")).isEqualTo(Metric.ITL_MEAN_PER_REQUEST);
        assertThat(Metric.aliasNote("ttft")).isNull();
        assertThat(Metric.latencyBlock()).extracting(Metric::key).containsExactly("ttft", "ttft_from_scheduled", "itl",
                "tpot", "e2e", "e2e_from_scheduled", "queue_wait", "max_stall");
    }
}
