package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunToRunAllowanceTest {
    private static final Criteria TTFT_P50 = new Criteria(List.of(new Criterion(Statistic.parse("ttft.p50"),
            Bound.MAX_REGRESSION, 0.10)), Map.of(), Map.of());
    private static final Statistic P50 = Statistic.parse("ttft.p50");

    /** Three long-document requests of TTFT {@code ms}, {@code ms + 2}, {@code ms + 4} (the same ids every call). */
    private static RepeatSample repeat(double ms) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            records.add(Synthetic.ok(i, i * 3000.0, ms + 2 * i, 32, 9));
        }
        return RepeatSample.of(records, null);
    }

    private static Comparison.Pair pair(double b1, double c1, double b2, double c2) {
        return new Comparison.Pair(Sample.of(repeat(b1), repeat(b2)), Sample.of(repeat(c1), repeat(c2)));
    }

    @Test
    void twoRepeatPairsThatAgree_measureLittleDrift_andAFourteenPercentRegressionIsRejected() {
        // the demo's pair, as a simulator on a quiet machine gives it: +13.7 % in both repeat pairs
        Comparison.Pair demo = pair(417, 474, 420, 477.5);
        double allowance = Comparison.measuredAllowance(P50, demo, 0.15);
        assertThat(allowance).as("t(0.975, 1) x |d1 - d2| / 2").isBetween(0.0, 0.01);
        Judgement j = Comparison.run(Map.of("c", demo), TTFT_P50, new Bootstrap(1000, 0.95, 1)).conditions().get(0)
                .judgements().get(0);
        assertThat(j.verdict()).as(j.toString()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void twoRepeatPairsHalfAPointApart_measureDriftTheOneDegreeOfFreedomCannotPinDown() {
        // +13.7 % and +14.3 %: t(0.975, 1) = 12.7 makes 0.6 points of difference a 3.9 % allowance, and +13.9 %
        // [+13.6, +14.3] no longer clears 10 % by it: the third repeat pair would decide
        Comparison.Pair pair = pair(417, 474, 420, 480);
        assertThat(Comparison.measuredAllowance(P50, pair, 0.15)).isBetween(0.035, 0.045);
        Judgement j = Comparison.run(Map.of("c", pair), TTFT_P50, new Bootstrap(1000, 0.95, 1)).conditions().get(0)
                .judgements().get(0);
        assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(j.note()).contains("widened by the 3.902% run-to-run allowance").contains("3+ runs per side");
    }

    @Test
    void twoRepeatPairsThatDisagree_areHeldBackByTheirDrift_atMostTheFixedAllowance() {
        // identical servers whose repeat pairs drifted +12 % and -6 %: the measured drift is capped at the fixed 15 %
        Comparison.Pair drifting = pair(400, 448, 400, 376);
        assertThat(Comparison.measuredAllowance(P50, drifting, 0.15)).isEqualTo(0.15);
        Judgement j = Comparison.run(Map.of("c", drifting), TTFT_P50, new Bootstrap(1000, 0.95, 1)).conditions().get(0)
                .judgements().get(0);
        assertThat(j.verdict()).isNotEqualTo(Verdict.FAIL);
    }

    @Test
    void withOneRunOnASide_nothingIsMeasured_andTheFixedAllowanceStands() {
        Comparison.Pair one = new Comparison.Pair(Sample.of(repeat(417)), Sample.of(repeat(474)));
        assertThat(Comparison.measuredAllowance(P50, one, 0.15)).isEqualTo(0.15);
        Comparison.Pair three = new Comparison.Pair(Sample.of(repeat(417), repeat(417), repeat(417)),
                Sample.of(repeat(474), repeat(474), repeat(474)));
        assertThat(Comparison.fewRuns(three)).as("3+ runs: the interval alone judges").isFalse();
    }
}
