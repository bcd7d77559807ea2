package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.CapacityReportTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare} on capacity folders: capacity.json alone, re-fitted, judged as accept judges its capacity step. */
class CompareCapacityTest {
    @TempDir
    Path dir;

    private Path capacityFolder(String name, double capacity, long seed, String slo, String workload) throws Exception {
        Path out = Files.createDirectories(dir.resolve(name));
        CapacityReport.write(out, CapacityReport.document(Map.of("baseline", CapacityReportTest.search(capacity, seed)), 0.95,
                Slo.parse(slo), workload, Map.of("baseline", "http://" + name + ":8000")));
        return out;
    }

    private Path capacityFolder(String name, double capacity, long seed) throws Exception {
        return capacityFolder(name, capacity, seed, "ttft=2s,tpot=25ms", "short-chat/fresh");
    }

    @Test
    void aCandidateWithMoreCapacity_isAccepted_withTheDifferenceItsIntervalAndEachSidesLongestWait() throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.run("compare", capacityFolder("a", 20, 1).toString(),
                capacityFolder("b", 24, 2).toString());
        assertThat(o.code()).as(o.all()).isZero();
        assertThat(o.out()).startsWith("capacity at 95% SLO attainment (ttft=2s,tpot=25ms), short-chat/fresh")
                .contains("baseline (" + dir.resolve("a") + ", http://a:8000): ").contains("candidate (" + dir.resolve("b"))
                .contains("longest wait there (from scheduled): TTFT p99 ").contains("candidate - baseline: +")
                .contains("all: ACCEPTED, +").contains("VERDICT: ACCEPTED");
        assertThat(o.out()).doesNotContain("the interval includes zero");
    }

    @Test
    void withOut_theComparisonIsWrittenAsComparisonJsonAndMd_bothSidesReFittedWithTheirWaits_andTheVerdict() throws Exception {
        Path out = dir.resolve("cmp");
        CliErrorsTest.Outcome o = CliErrorsTest.run("compare", capacityFolder("a", 20, 1).toString(),
                capacityFolder("b", 24, 2).toString(), "--out", out.toString());
        assertThat(o.code()).as(o.all()).isZero();
        assertThat(o.out()).contains("results: " + out.resolve("comparison.md") + ", " + out.resolve("comparison.json"));

        com.fasterxml.jackson.databind.JsonNode doc = dev.infergate.json.Json.COMPACT.readTree(out.resolve("comparison.json").toFile());
        assertThat(doc.path("kind").asText()).isEqualTo("capacity_comparison");
        assertThat(doc.path("verdict").asText()).isEqualTo("ACCEPTED");
        assertThat(doc.path("sources").path("baseline").asText()).contains(dir.resolve("a").toString());
        com.fasterxml.jackson.databind.JsonNode capacity = doc.path("capacity");
        assertThat(capacity.path("slo").asText()).isEqualTo("ttft=2s,tpot=25ms");
        assertThat(capacity.path("workload").asText()).isEqualTo("short-chat/fresh");
        assertThat(capacity.path("endpoints").path("candidate").asText()).isEqualTo("http://b:8000");
        assertThat(capacity.path("sides").path("baseline").path("longest_wait_ms").path("e2e_from_scheduled_max").asDouble())
                .isEqualTo(2500);
        assertThat(capacity.path("difference").path("excludes_zero").asBoolean()).isTrue();
        assertThat(capacity.path("difference").path("requests_per_hour").asDouble()).isPositive();
        assertThat(doc.path("audiences").get(0).path("verdict").asText()).isEqualTo("ACCEPTED");
        assertThat(Files.readString(out.resolve("comparison.md"))).startsWith("# Capacity comparison: ACCEPTED")
                .contains("candidate - baseline: +");
        try (var files = Files.list(out)) { // written atomically: no temporary file left beside them
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("comparison.json", "comparison.md");
        }
    }

    @Test
    void aCandidateWithAThirdLessCapacity_isRejectedWithExitCode1() throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.run("compare", capacityFolder("a", 24, 1).toString(),
                capacityFolder("b", 16, 2).toString());
        assertThat(o.code()).as(o.all()).isEqualTo(1);
        assertThat(o.out()).contains("candidate - baseline: -").contains("VERDICT: REJECTED");
    }

    @Test
    void identicalServers_areNeverRejected() throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            CliErrorsTest.Outcome o = CliErrorsTest.run("compare", capacityFolder("a" + seed, 20, seed).toString(),
                    capacityFolder("b" + seed, 20, seed + 100).toString());
            assertThat(o.code()).as(o.all()).isIn(0, 4);
        }
    }

    @Test
    void twoCapacitiesOfADifferentSloOrWorkload_giveNoVerdict_inOneLine_withExitCode5() throws Exception {
        CliErrorsTest.Outcome slo = CliErrorsTest.run("compare", capacityFolder("a", 20, 1).toString(),
                capacityFolder("b", 20, 2, "ttft=1s,tpot=25ms", "short-chat/fresh").toString());
        assertThat(slo.code()).as(slo.all()).isEqualTo(5);
        assertThat(slo.out().strip().lines()).hasSize(1);
        assertThat(slo.out()).contains("their SLOs differ").contains("ttft=1s,tpot=25ms");

        CliErrorsTest.Outcome workload = CliErrorsTest.run("compare", dir.resolve("a").toString(),
                capacityFolder("c", 20, 2, "ttft=2s,tpot=25ms", "long-doc/fresh").toString());
        assertThat(workload.code()).as(workload.all()).isEqualTo(5);
        assertThat(workload.out()).contains("their workloads differ").contains("long-doc/fresh");
    }

    @Test
    void oneFileWithBothSides_isComparedAlone_andACriteriaFileCapacityCriterionIsTheOneJudged() throws Exception {
        Map<String, CapacitySearch.Result> both = new LinkedHashMap<>();
        both.put("baseline", CapacityReportTest.search(20, 1));
        both.put("candidate", CapacityReportTest.search(21, 2));
        Path accept = Files.createDirectories(dir.resolve("accept"));
        CapacityReport.write(accept, CapacityReport.document(both, 0.95, Slo.parse("ttft=2s,tpot=25ms"), "long-doc/fresh",
                Map.of()));
        Path criteria = Files.writeString(dir.resolve("criteria.yaml"),
                "audiences:\n  batch: {capacity.requests_per_hour: {min: 1000}}\n  chat: {ttft.p50: {max_regression: 10%}}\n");

        CliErrorsTest.Outcome o = CliErrorsTest.run("compare", accept.toString(), "--criteria", criteria.toString());
        assertThat(o.code()).as(o.all()).isZero();
        assertThat(o.out()).contains("baseline (baseline of " + accept + "): ").contains("batch: ACCEPTED, candidate ")
                .contains("not judged (no capacity.requests_per_hour criterion; a capacity result has no matrix runs): chat");

        CliErrorsTest.Outcome pair = CliErrorsTest.run("compare", accept.toString(), capacityFolder("a", 20, 1).toString());
        assertThat(pair.code()).as(pair.all()).isEqualTo(2);
        assertThat(pair.err()).contains("holds both sides");
    }
}
