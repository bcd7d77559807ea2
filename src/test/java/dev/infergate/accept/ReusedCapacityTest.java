package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.CapacityReportTest;
import dev.infergate.run.RunService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code capacity: {from: DIR}}: an earlier capacity result stands for the step, checked to answer the plan's question. */
class ReusedCapacityTest {
    @TempDir
    Path dir;

    private final Map<String, CapacitySearch.Result> earlier = new LinkedHashMap<>();

    private Path acceptFolder(String slo, String workload, String candidateUrl) throws Exception {
        earlier.put("baseline", CapacityReportTest.search(20, 1));
        earlier.put("candidate", CapacityReportTest.search(24, 2));
        Path out = Files.createDirectories(dir.resolve("earlier"));
        CapacityReport.write(out, CapacityReport.document(earlier, 0.95, Slo.parse(slo), workload,
                Map.of("baseline", "http://base:8000", "candidate", candidateUrl)));
        return out;
    }

    private static AcceptPlan plan(String from) {
        return PlanReader.read("plan.yaml", "baseline: http://base:8000\ncandidate: http://cand:8000\n"
                + "slo: {ttft: 2s, tpot: 25ms}\nburst: false\ncapacity: {from: " + from + "}\n");
    }

    @Test
    void aMatchingAcceptResult_givesBothSidesReFittedToTheSameAnswerAndLongestWait_andSaysItWasReused() throws Exception {
        Path earlierDir = acceptFolder("ttft=2s,tpot=25ms", "short-chat/fresh", "http://cand:8000");
        AcceptPlan plan = plan(earlierDir.toString());
        List<String> progress = new ArrayList<>();

        Map<String, CapacitySearch.Result> reused = ReusedCapacity.read(plan, progress::add);
        for (String side : List.of("baseline", "candidate")) {
            assertThat(reused.get(side).ratePerSecond()).isEqualTo(earlier.get(side).ratePerSecond());
            assertThat(reused.get(side).upperRate()).isEqualTo(earlier.get(side).upperRate());
            // the longest wait at the estimate, as the probe there recorded it (not "-")
            assertThat(reused.get(side).atCapacity().longestWait()).isEqualTo(earlier.get(side).atCapacity().longestWait());
        }
        assertThat(progress).hasSize(2).allSatisfy(l -> assertThat(l).contains("reused from " + earlierDir).contains("not probed again"));
        assertThat(ReusedCapacity.caveat(plan)).startsWith("capacity reused from " + earlierDir);
    }

    @Test
    void aResultOfAnotherSloWorkloadOrEndpoint_isRefusedInOneLineAsBadInput() throws Exception {
        Path other = acceptFolder("ttft=1s,tpot=25ms", "short-chat/fresh", "http://cand:8000");
        assertThatThrownBy(() -> ReusedCapacity.read(plan(other.toString()), l -> { }))
                .isInstanceOfSatisfying(RunService.SetupException.class, e -> assertThat(e.usage()).isTrue())
                .hasMessageStartingWith("capacity.from: ").hasMessageContaining("its SLO is ttft=1s,tpot=25ms")
                .hasMessageNotContaining("\n");

        acceptFolder("ttft=2s,tpot=25ms", "long-doc/fresh", "http://cand:8000");
        assertThatThrownBy(() -> ReusedCapacity.read(plan(other.toString()), l -> { })).hasMessageContaining("its workload is long-doc/fresh");

        acceptFolder("ttft=2s,tpot=25ms", "short-chat/fresh", "http://elsewhere:9000");
        assertThatThrownBy(() -> ReusedCapacity.read(plan(other.toString()), l -> { }))
                .hasMessageContaining("its candidate was measured at http://elsewhere:9000");
    }

    @Test
    void twoCapacityFolders_giveOneSideEach() throws Exception {
        for (String name : List.of("a", "b")) {
            Path out = Files.createDirectories(dir.resolve(name));
            CapacityReport.write(out, CapacityReport.document(Map.of("baseline", CapacityReportTest.search(name.equals("a") ? 20 : 24, 3)),
                    0.95, Slo.parse("ttft=2s,tpot=25ms"), "short-chat/fresh",
                    Map.of("baseline", name.equals("a") ? "http://base:8000" : "http://cand:8000")));
        }
        Map<String, CapacitySearch.Result> reused = ReusedCapacity.read(
                plan("{baseline: " + dir.resolve("a") + ", candidate: " + dir.resolve("b") + "}"), l -> { });
        assertThat(reused.get("candidate").ratePerSecond()).isGreaterThan(reused.get("baseline").ratePerSecond());

        assertThatThrownBy(() -> plan("{baseline: " + dir.resolve("a") + "}")).hasMessageContaining("needs both sides' folders");
    }
}
