package dev.infergate.analysis.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QualityComparisonTest {
    private static final EvalHeader EVAL = new EvalHeader("arithmetic", null, 1, 0);
    private static final QualityCriterion ONE_PERCENT = QualityCriterion.maxDrop("1%");

    @TempDir
    Path dir;

    @Test
    void aLargeDropOnManyItems_fails() {
        QualityComparison c = QualityComparison.of(EVAL, side(400, 0.92, "a"), side(400, 0.60, "b"), ONE_PERCENT);
        assertThat(c.verdict()).isEqualTo(QualityVerdict.FAIL);
        assertThat(c.drop().estimate()).isEqualTo(0.32);
        assertThat(c.mcnemarP()).isLessThan(1e-20);
        assertThat(c.reason()).startsWith("accuracy drop 32.0% (95% CI ").endsWith("exceeds the allowed 1.0%");
    }

    @Test
    void zeroAgainstZero_isNotMeasured_neverAPass() {
        QualityComparison c = QualityComparison.of(EVAL, side(200, 0.0, "a"), side(200, 0.0, "b"), QualityCriterion.maxDrop("2%"));
        assertThat(c.verdict()).isEqualTo(QualityVerdict.INCONCLUSIVE);
        assertThat(c.reason()).startsWith("not measured: neither side answered any item correctly");
        assertThat(c.itemsNeeded()).isNull();
    }

    @Test
    void noDropOnManyItems_passes() {
        QualityComparison c = QualityComparison.of(EVAL, side(1000, 0.9, "a"), side(1000, 0.9, "a"), QualityCriterion.maxDrop("2%"));
        assertThat(c.verdict()).isEqualTo(QualityVerdict.PASS);
        assertThat(c.identicalOutputs()).isEqualTo(1.0);
        assertThat(c.itemsNeeded()).isNull();
    }

    @Test
    void aSmallDropOnFewItems_isInconclusiveAndEstimatesTheItemsNeeded() {
        QualityComparison c = QualityComparison.of(EVAL, side(20, 0.9, "a"), side(20, 0.85, "a"), ONE_PERCENT);
        assertThat(c.onlyBaseline()).isEqualTo(1);
        assertThat(c.onlyCandidate()).isZero();
        assertThat(c.verdict()).isEqualTo(QualityVerdict.INCONCLUSIVE);
        assertThat(c.mcnemarP()).isEqualTo(1.0);
        assertThat(c.itemsNeeded()).isGreaterThan(20);
        assertThat(c.reason()).contains("20 items are too few to tell");
    }

    @Test
    void outputsThatDifferOnlyInWording_countAsNotIdentical() {
        QualityComparison c = QualityComparison.of(EVAL, side(10, 1.0, "a"), side(10, 1.0, "b"), ONE_PERCENT);
        assertThat(c.identicalOutputs()).isZero();
        assertThat(c.onlyBaseline() + c.onlyCandidate()).isZero();
    }

    @Test
    void compare_readsResultDirectoriesAndRefusesDifferentEvalSets() throws IOException {
        Path base = side(dir.resolve("base"), side(30, 0.9, "a"), EVAL);
        Path cand = side(dir.resolve("cand"), side(30, 0.5, "a"), EVAL);
        QualityComparison c = QualityComparison.compare(base, cand, ONE_PERCENT);
        assertThat(c.pairedItems()).isEqualTo(30);
        assertThat(c.eval()).isEqualTo(EVAL); // quality.json's eval block read back typed
        assertThat(c.document().schema()).isEqualTo("infergate.quality-comparison/1");
        assertThat(c.document().accuracyDrop().method()).isEqualTo("agresti-min paired");
        Path other = side(dir.resolve("other"), side(30, 0.5, "a"), new EvalHeader("arithmetic", null, 2, 0));
        assertThatThrownBy(() -> QualityComparison.compare(base, other, ONE_PERCENT))
                .hasMessageStartingWith("the two sides ran different eval sets")
                .hasMessageEndingWith("run both with the same --eval, --seed and --items");
        assertThatThrownBy(() -> QualityComparison.compare(base, dir, ONE_PERCENT))
                .hasMessageContaining("holds no quality.json");
    }

    @Test
    void itemLog_roundTripsEveryField() throws IOException {
        ItemResult r = new ItemResult("x-1", "abc", "What?\n\"quoted\"", "4", "numeric", "4\u0000\n", "4", true, null, "stop", 2,
                123_456L, List.of(new TokenLogprob("4", -0.01, new LinkedHashMap<>(Map.of("4", -0.01)))));
        ItemResult failed = new ItemResult("x-2", "def", "p", "5", "numeric", null, null, false, "HTTP 500", null, -1, 9L, null);
        Path file = dir.resolve("items.jsonl");
        ItemLog.write(file, List.of(r, failed));
        assertThat(ItemLog.read(file)).containsExactly(r, failed);
    }

    @Test
    void criterion_parsesPercentagesAndFractions() {
        assertThat(QualityCriterion.maxDrop("1%").maxDrop()).isEqualTo(0.01);
        assertThat(QualityCriterion.maxDrop("0.02").maxDrop()).isEqualTo(0.02);
        assertThatThrownBy(() -> QualityCriterion.maxDrop("lots"))
                .hasMessage("max_drop 'lots' is not a number; write it like 1% or 0.01");
        assertThatThrownBy(() -> QualityCriterion.maxDrop("150%"))
                .hasMessage("max_drop (1.5) must be a fraction in [0, 1), e.g. 0.01 or 1%");
    }

    /** {@code n} items, the first {@code accuracy·n} correct (so sides are nested, as the simulator's are). */
    private static List<ItemResult> side(int n, double accuracy, String wording) {
        List<ItemResult> items = new ArrayList<>();
        long correct = Math.round(n * accuracy);
        for (int i = 0; i < n; i++) {
            boolean ok = i < correct;
            items.add(new ItemResult("i-" + i, "h" + i, "q" + i, "1", "numeric", wording + (ok ? "1" : "2"), ok ? "1" : "2", ok,
                    null, "stop", 1, 1_000_000L, null));
        }
        return items;
    }

    private static Path side(Path dir, List<ItemResult> items, EvalHeader eval) throws IOException {
        Files.createDirectories(dir);
        QualitySummary.write(dir, QualitySummary.build(QualityHeader.of(eval), items, 0.95));
        ItemLog.write(dir.resolve(ItemLog.FILE), items);
        return dir;
    }
}
