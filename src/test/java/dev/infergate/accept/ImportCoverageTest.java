package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.record.ImportedFrom;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which plan conditions an imported baseline stands for, and why the others are not compared. */
class ImportCoverageTest {
    private static AcceptPlan plan(String loads) {
        return PlanReader.read("plan.yaml", "baseline: {import: old.json}\ncandidate: http://127.0.0.1:9/v1\n"
                + "matrix: {workloads: [short-chat], prefixes: [fresh], loads: " + loads + "}\n");
    }

    private static BaselineSource source(String tool, Map<String, Object> load, String... conditions) {
        Map<String, List<Path>> runs = new LinkedHashMap<>();
        for (String c : conditions) {
            runs.put(c, List.of(Path.of("runs", c)));
        }
        return new BaselineSource(new ImportedFrom(tool, "old.json", false, List.of()), runs, load);
    }

    @Test
    void anAcceptResultsConditions_coverThePlansConditionsOfTheSameName() {
        ImportCoverage c = ImportCoverage.of(plan("{c2: {concurrency: 2}, c8: {concurrency: 8}, c16: {concurrency: 16}}"),
                source("infergate", Map.of(), "short-chat/fresh/c2", "short-chat/fresh/c8", "long-doc/fresh/c2"));

        assertThat(c.covered()).extracting(ImportCoverage.Covered::condition)
                .containsExactly("short-chat/fresh/c2", "short-chat/fresh/c8");
        assertThat(c.covered()).extracting(ImportCoverage.Covered::source)
                .containsExactly("short-chat/fresh/c2", "short-chat/fresh/c8");
        assertThat(c.notCompared()).containsExactly(Map.entry("short-chat/fresh/c16", "the infergate run holds no run of it"));
    }

    @Test
    void aOneConditionImport_standsForTheLevelAtItsStatedRate() {
        Map<String, Object> load = new LinkedHashMap<>();
        load.put("request_rate", 4.0);
        load.put("max_concurrency", null); // vLLM writes null when unset
        ImportCoverage c = ImportCoverage.of(plan("{c8: {concurrency: 8}, r4: {rate: 4}, near: {fraction: 0.9}}"),
                source("vllm", load, "all"));

        assertThat(c.covered()).singleElement().satisfies(x -> {
            assertThat(x.condition()).isEqualTo("short-chat/fresh/r4");
            assertThat(x.source()).isEqualTo("all");
        });
        assertThat(c.notCompared()).containsOnlyKeys("short-chat/fresh/c8", "short-chat/fresh/near");
    }

    @Test
    void aOneConditionImport_thatCouldStandForSeveral_isRefusedNamingThem() {
        assertThatThrownBy(() -> ImportCoverage.of(plan("{c2: {concurrency: 2}, c8: {concurrency: 8}}"),
                source("aiperf", Map.of(), "all")))
                .hasMessage("the AIPerf result (old.json) holds one condition and could stand for 2 of the plan's"
                        + " (short-chat/fresh/c2, short-chat/fresh/c8); keep in the plan only the workload, prefix and"
                        + " load the baseline ran");
    }

    @Test
    void aSweepWithNoConditionOfThePlansNames_isRefused() {
        assertThatThrownBy(() -> ImportCoverage.of(plan("{c4: {concurrency: 4}}"),
                source("guidellm", Map.of(), "constant@2.0", "constant@4.0")))
                .hasMessageStartingWith("the guidellm result (old.json) holds 2 conditions (constant@2.0, constant@4.0),"
                        + " none named as a condition of the plan (short-chat/fresh/c4)");
    }
}
