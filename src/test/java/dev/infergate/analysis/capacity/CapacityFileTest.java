package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Slo;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.CapacityReportTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityFileTest {
    @TempDir
    Path dir;

    @Test
    void readingCapacityJsonBack_refitsEachSideToTheSameEstimateIntervalAndDifference() throws Exception {
        Map<String, CapacitySearch.Result> results = new LinkedHashMap<>();
        results.put("baseline", CapacityReportTest.search(20, 1));
        results.put("candidate", CapacityReportTest.search(24, 2));
        CapacityReport.write(dir, CapacityReport.document(results, 0.95, Slo.parse("ttft=2s,tpot=25ms"), "short-chat/fresh",
                Map.of("baseline", "http://b:1", "candidate", "http://c:2")));

        CapacityFile f = CapacityFile.read(dir);
        assertThat(f.target()).isEqualTo(0.95);
        assertThat(f.slo()).isEqualTo("ttft=2s,tpot=25ms");
        assertThat(f.workload()).isEqualTo("short-chat/fresh");
        assertThat(f.endpoints()).containsEntry("candidate", "http://c:2");
        for (String side : results.keySet()) {
            CapacitySearch.Result original = results.get(side);
            CapacitySearch.Result read = f.sides().get(side).result();
            assertThat(read.ratePerSecond()).isEqualTo(original.ratePerSecond());
            assertThat(read.lowerRate()).isEqualTo(original.lowerRate());
            assertThat(read.upperRate()).isEqualTo(original.upperRate());
            assertThat(read.steps()).hasSameSizeAs(original.steps());
            assertThat(read.stop()).isEqualTo(original.stop());
            assertThat(f.sides().get(side).longestWait().e2eMaxMs()).isEqualTo(2500);
        }
        CapacityDifference before = CapacityDifference.of(results.get("baseline"), results.get("candidate"));
        CapacityDifference after = CapacityDifference.of(f.sides().get("baseline").result(), f.sides().get("candidate").result());
        assertThat(after).isEqualTo(before);
    }

    @Test
    void eachProbesLongestWait_isReadBack_soARefitSaysTheWaitAtItsEstimate_andAnOlderFileWithoutIt_saysUnknownNotZero()
            throws Exception {
        CapacityReport.write(dir, CapacityReport.document(Map.of("baseline", CapacityReportTest.search(20, 1)), 0.95,
                Slo.parse("ttft=2s,tpot=25ms"), "short-chat/fresh", Map.of()));

        CapacitySearch.Result read = CapacityFile.read(dir).sides().get("baseline").result();
        Measurement.LongestWait there = read.atCapacity().longestWait();
        assertThat(there.e2eMaxMs()).isEqualTo(2500);
        assertThat(there.ttftP99Ms()).isEqualTo(300); // p99 of {100, 300}: the nearest rank (analysis.Quantiles)
        assertThat(there.count()).isEqualTo(2);
        assertThat(read.steps()).allSatisfy(s -> assertThat(s.pooled().offeredPerSecond()).isPositive());

        // a file written before the probes kept their waits: the wait is unknown (NaN, shown as "-"), never 0
        Path file = dir.resolve(CapacityFile.NAME);
        Files.writeString(file, Files.readString(file).replaceAll("(?s),\\s*\"longest_wait_ms\"\\s*:\\s*\\{[^}]*\\}(?=\\s*\\})", ""));
        CapacitySearch.Result old = CapacityFile.read(dir).sides().get("baseline").result();
        assertThat(Files.readString(file)).contains("longest_wait_ms"); // the side's own, as it was written then
        assertThat(old.atCapacity().longestWait().e2eMaxMs()).isNaN();
        assertThat(old.atCapacity().longestWait().count()).isZero();
    }

    @Test
    void eachProbesHiddenOverload_isReadBack_soARefitKeepsTheSustainedInterval() throws Exception {
        CapacitySearch.Result original = new CapacitySearch(new CapacitySearch.Settings(0.95, 10, 1, 100, 0.05, 6), (rate, attempt) -> {
            long sent = Math.round(rate * 5);
            long good = rate <= 22 ? sent : sent / 2;
            return Measurement.counted(rate, sent, good, rate, null, rate > 15 ? 0.08 : 0.001);
        }).run();
        CapacityReport.write(dir, CapacityReport.document(Map.of("baseline", original), 0.95, Slo.parse("ttft=500ms"),
                "short-chat/fresh", Map.of()));

        CapacitySearch.Result read = CapacityFile.read(dir).sides().get("baseline").result();
        assertThat(Files.readString(dir.resolve(CapacityFile.NAME))).contains("\"hidden_overload\" : 0.08");
        assertThat(read.lowerRate()).isEqualTo(original.lowerRate());
        assertThat(read.ratePerSecond()).isEqualTo(original.ratePerSecond());
        CapacityFit unbounded = CapacityFit.of(0.95, original.steps().stream()
                .map(s -> new CapacityFit.Probe(s.ratePerSecond(), s.pooled().sent(), s.pooled().good())).toList());
        assertThat(read.lowerRate()).as("what a probe could not rule out lowers the interval's floor")
                .isLessThan(unbounded.interval()[0]);
    }

    @Test
    void aFileThatIsNotACapacityResult_isRefusedInOneLine() throws Exception {
        Files.writeString(dir.resolve("capacity.json"), "{\"kind\": \"other\"}");
        assertThatThrownBy(() -> CapacityFile.read(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a capacity result");
        Files.writeString(dir.resolve("capacity.json"), "{not json");
        assertThatThrownBy(() -> CapacityFile.read(dir)).hasMessageContaining("is not JSON");
    }
}
