package dev.infergate.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepDocumentTest {
    @TempDir
    Path dir;

    /** A two-sided sweep of {@code values} users, the candidate's TTFT p50 changed by {@code ttftChanges} in turn. */
    static SweepDocument twoSided(double[] values, double[][] ttftChanges) {
        List<SweepDocument.LevelResult> levels = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            SweepLevels.Level level = new SweepLevels.Level(SweepLevels.Kind.CONCURRENCY, values[i]);
            Map<String, SweepDocument.SideFigures> sides = new LinkedHashMap<>();
            sides.put("baseline", figures(values[i], 1.0));
            sides.put("candidate", figures(values[i], 1.05));
            double[] t = ttftChanges[i];
            List<SweepDocument.Change> changes = List.of(SweepDocument.Change.of(SweepFigure.TTFT_P50_MS, t[0], t[1], t[2], false),
                    SweepDocument.Change.fewRuns(SweepFigure.THROUGHPUT_RPS, 0.05),
                    SweepDocument.Change.of(SweepFigure.TOKENS_PER_S_PER_USER, Double.NaN, Double.NaN, Double.NaN, false));
            levels.add(new SweepDocument.LevelResult(level.name(), level.label(), level.value(), sides, changes));
        }
        return new SweepDocument(SweepDocument.SCHEMA, "concurrency", "fixed", List.of("baseline", "candidate"), 2, "--gpus",
                "ttft=2s,tpot=100ms", 0.95, new SweepErrorRule(values.length, 0.05).confidence(), 0.05, values.length,
                new SweepErrorRule(values.length, 0.05).line(), "every level listed was run", levels, Flips.of(levels),
                Flips.leans(levels));
    }

    static SweepDocument.SideFigures figures(double users, double speed) {
        double rps = users * 0.5 * speed;
        return new SweepDocument.SideFigures(rps, rps * 256, rps * 128, 400 / speed * Math.sqrt(users),
                900 / speed * Math.sqrt(users), 7.0, 3000 / speed, 3600 / speed, rps, 150 / Math.sqrt(users) * speed, 1.0, 0.0,
                true, (int) users * 4, 1);
    }

    @Test
    void sweepJson_readsBackAsTheSameRecord_withNotMeasurableFiguresAsNull() throws Exception {
        SweepDocument doc = twoSided(new double[] {1, 4, 16}, new double[][] {{0.08, 0.02, 0.15}, {0.07, 0.01, 0.12}, {-0.05, -0.09, -0.01}});

        Path file = doc.write(dir);
        SweepDocument back = SweepDocument.read(dir);

        assertThat(back).isEqualTo(doc);
        String json = Files.readString(file);
        assertThat(json).contains("\"output_tokens_per_s_per_gpu\"").contains("\"tokens_per_s_per_user\"")
                .contains("\"direction\" : \"too few runs\"").contains("\"delta\" : null");
        assertThat(back.levels().get(0).change(SweepFigure.TOKENS_PER_S_PER_USER).direction()).isEqualTo("not measurable");
    }

    @Test
    void aFlip_isATurnBetweenTwoIntervalsExcludingZero_elseItIsALean() {
        SweepDocument decided = twoSided(new double[] {1, 4, 16}, new double[][] {{0.08, 0.02, 0.15}, {0.07, 0.01, 0.12}, {-0.05, -0.09, -0.01}});
        SweepDocument leaning = twoSided(new double[] {1, 4}, new double[][] {{0.08, -0.02, 0.15}, {-0.05, -0.09, -0.01}});

        assertThat(decided.flips()).containsExactly("TTFT p50 flips between c=4 (+7.0 %) and c=16 (-5.0 %), both intervals excluding 0");
        assertThat(decided.leans()).isEmpty();
        assertThat(leaning.flips()).isEmpty();
        assertThat(leaning.leans()).containsExactly("TTFT p50 c=1 -> c=4");
    }
}
