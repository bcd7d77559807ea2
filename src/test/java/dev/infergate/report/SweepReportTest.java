package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepErrorRule;
import dev.infergate.analysis.sweep.SweepFigure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepReportTest {
    private static SweepDocument.SideFigures side(double rps, Double tokPerUser) {
        return new SweepDocument.SideFigures(rps, rps * 256, rps * 256, 412.5, 1250.0, 6.5, 3010.0, 3400.0, rps, tokPerUser,
                0.975, 0.0, true, 8, 1);
    }

    private static SweepDocument doc() {
        Map<String, SweepDocument.SideFigures> c1 = new LinkedHashMap<>();
        c1.put("baseline", side(0.33, 155.0));
        c1.put("candidate", side(0.34, null));
        Map<String, SweepDocument.SideFigures> c4 = new LinkedHashMap<>();
        c4.put("baseline", side(1.2, 120.0));
        c4.put("candidate", side(1.3, 130.0));
        List<SweepDocument.Change> changes1 = List.of(SweepDocument.Change.fewRuns(SweepFigure.THROUGHPUT_RPS, 0.023),
                SweepDocument.Change.of(SweepFigure.TTFT_P50_MS, 0.069, 0.021, 0.118, false),
                SweepDocument.Change.of(SweepFigure.E2E_P99_MS, -0.031, -0.08, 0.01, true));
        List<SweepDocument.Change> changes4 = List.of(SweepDocument.Change.fewRuns(SweepFigure.THROUGHPUT_RPS, 0.055),
                SweepDocument.Change.of(SweepFigure.TTFT_P50_MS, 0.111, 0.05, 0.2, false),
                SweepDocument.Change.of(SweepFigure.E2E_P99_MS, -0.063, -0.1, -0.02, false));
        SweepErrorRule rule = new SweepErrorRule(2, 0.05);
        return new SweepDocument(SweepDocument.SCHEMA, "concurrency", "fixed", List.of("baseline", "candidate"), 1,
                "the default: --gpus not given", "ttft=2s,tpot=100ms", 0.95, rule.confidence(), 0.05, 2, rule.line(),
                "every level listed was run", List.of(new SweepDocument.LevelResult("concurrency-1", "c=1", 1, c1, changes1),
                        new SweepDocument.LevelResult("concurrency-4", "c=4", 4, c4, changes4)), List.of(), List.of("E2E p99 c=1 -> c=4"));
    }

    @Test
    void theConsole_printsTheChecklistsTable_perLevelAndSide_withNotMeasurableAsNa() {
        String text = SweepReport.console(doc());

        assertThat(text).startsWith("sweep over concurrency (fixed levels), baseline vs candidate\n"
                + "level  side       req/s  out tok/s  TTFT p50 ms  TTFT p99 ms  ITL p50 ms  E2E p50 ms  E2E p99 ms  goodput req/s"
                + "  tok/s/user  SLO att.\n"
                + "c=1    baseline   0.330       84.5          413         1250        6.50        3010        3400          0.330"
                + "         155    97.5 %\n"
                + "       candidate  0.340       87.0          413         1250        6.50        3010        3400          0.340"
                + "         n/a    97.5 %\n");
    }

    @Test
    void withTwoSides_eachLevelsChangeCarriesItsInterval_andTheRuleAndDirectionAreSaid() {
        String text = SweepReport.console(doc());

        assertThat(text).contains("change, candidate vs baseline (candidate / baseline - 1, 97.5 % interval)\n")
                .contains("TTFT p50     +6.9 % [+2.1, +11.8]  +11.1 % [+5.0, +20.0]")
                .contains("E2E p99     -3.1 % [-8.0, +1.0] *   -6.3 % [-10.0, -2.0]")
                .contains("req/s           +2.3 % [< 3 runs]      +5.5 % [< 3 runs]")
                .contains("ITL p50                       n/a                    n/a")
                .contains("direction: no figure flips between levels with both intervals excluding 0\n")
                .contains("leans (the sign turns, an interval holds 0): E2E p99 c=1 -> c=4\n")
                .contains("pass --repeats 3\n")
                .contains("a sweep makes 2 comparisons (one per level): each level's interval is at 97.5 % (Bonferroni, 5 % / 2)")
                .endsWith("levels: every level listed was run; SLO ttft=2s,tpot=100ms held at 95 % attainment; tok/s per GPU with 1"
                        + " GPU (the default: --gpus not given)\n");
    }

    @Test
    void oneSide_printsItsFigures_andNoChange() {
        SweepDocument two = doc();
        Map<String, SweepDocument.SideFigures> only = new LinkedHashMap<>();
        only.put("baseline", two.levels().get(0).sides().get("baseline"));
        SweepDocument one = new SweepDocument(two.schema(), two.kind(), two.levelsMode(), List.of("baseline"), 1, two.gpusFrom(),
                two.slo(), two.target(), 0.95, 0.05, 1, new SweepErrorRule(1, 0.05).line(), two.stop(),
                List.of(new SweepDocument.LevelResult("concurrency-1", "c=1", 1, only, List.of())), List.of(), List.of());

        String text = SweepReport.console(one);

        assertThat(text).startsWith("sweep over concurrency (fixed levels), baseline\n").doesNotContain("change,")
                .doesNotContain("Bonferroni").contains("c=1    baseline  0.330");
    }
}
