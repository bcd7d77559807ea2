package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class CapacityReportTest {
    @TempDir
    Path dir;

    /** A side whose attainment is 0.95 at {@code capacity} and falls fast beyond; each probe 10 s of arrivals. */
    public static CapacitySearch.Result search(double capacity, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        return new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.05, 14), (rate, attempt) -> {
            double p = Math.max(0, 1 - 0.05 * Math.exp((rate - capacity) / (0.05 * capacity)));
            int sent = (int) Math.round(rate * 10);
            int good = 0;
            for (int i = 0; i < sent; i++) {
                good += random.nextDouble() < p ? 1 : 0;
            }
            return new Measurement(rate, sent, good, new double[] {100, 300}, new double[] {1000, 2500}, 0.2, 0, Double.NaN,
                    Double.NaN, sent / 10.0);
        }).run();
    }

    @Test
    void capacityJson_holdsEveryProbeTheFitTheAnswerAndTheDifference_andItsConsoleTextReadsBackFromTheFile() throws Exception {
        Map<String, CapacitySearch.Result> results = new LinkedHashMap<>();
        results.put("baseline", search(20, 1));
        results.put("candidate", search(24, 2));
        Path file = CapacityReport.write(dir, CapacityReport.document(results, 0.95, Slo.parse("ttft=2s,tpot=25ms")));

        JsonNode doc = CapacityReport.read(dir);
        assertThat(file).isEqualTo(dir.resolve("capacity.json"));
        assertThat(doc.path("kind").asText()).isEqualTo("capacity");
        assertThat(doc.path("slo").asText()).isEqualTo("ttft=2s,tpot=25ms");
        assertThat(doc.path("method").asText()).contains("isotonic").contains("conditioned on their count");
        for (String side : List.of("baseline", "candidate")) {
            JsonNode s = doc.path("sides").path(side);
            assertThat(s.path("probes").size()).isEqualTo(results.get(side).steps().size());
            assertThat(s.path("stop").asText()).isEqualTo("precision");
            for (JsonNode p : s.path("probes")) {
                assertThat(p.path("offered_rps").asDouble()).isCloseTo(p.path("rate_per_s").asDouble(),
                        org.assertj.core.data.Percentage.withPercentage(5));
                assertThat(p.has("fitted_attainment")).isTrue();
            }
        }
        JsonNode d = doc.path("difference");
        assertThat(d.path("requests_per_hour").asDouble()).isBetween(4 * 3600 * 0.7, 4 * 3600 * 1.3);
        assertThat(d.path("excludes_zero").asBoolean()).isTrue();

        String printed = CapacityReport.console(doc);
        assertThat(printed).contains("capacity at 95% SLO attainment (ttft=2s,tpot=25ms)").contains("baseline: ")
                .contains("candidate - baseline: +").contains("(precision)");
    }

    /** A side that held at no rate tried is read back as below its lowest probe (its interval's end), never as 0. */
    @Test
    void theConsole_ofASideThatHeldNowhere_saysBelowItsLowestProbe() throws Exception {
        JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"target\": 0.95, \"slo\": \"tpot=25ms\","
                + " \"sides\": {\"baseline\": {\"requests_per_hour\": 0, \"requests_per_hour_interval\": [0, 42840],"
                + " \"probes\": [{}, {}]}}}");

        assertThat(CapacityReport.console(doc)).contains("baseline: below 42,840 requests/hour (the SLO held at no rate tried), 95% interval [0, 42,840], 2 probes")
                .doesNotContain("baseline: 0 requests/hour");
    }

    @Test
    void theConsole_ofOneSide_saysTheIntervalWhyItStoppedAndTheLongestWait() throws Exception {
        CapacitySearch.Result r = search(20, 3);
        String text = CapacityReport.console("baseline", r, 0.95);

        assertThat(text).startsWith("capacity baseline at 95% attainment: ").contains("95% interval [")
                .contains("stopped: " + r.stop().text()).contains("longest wait there (");
    }

    @Test
    void serverTextInCapacityJson_isSanitisedOnTheConsole() throws Exception {
        Files.writeString(dir.resolve("capacity.json"), "{\"kind\":\"capacity\",\"target\":0.9,\"slo\":\"ttft=1s\\u001b[2J\","
                + "\"sides\":{\"base\\u001b]0;x\\u0007line\":{\"requests_per_hour\":1000,\"requests_per_hour_interval\":[900,null],"
                + "\"probes\":[]}}}");

        String text = CapacityReport.console(CapacityReport.read(dir));

        assertThat(text).doesNotContain("\u001b").doesNotContain("\u0007").contains("not reached");
    }
}
