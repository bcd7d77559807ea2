package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CurveComparisonTest {
    private static final double CAPACITY = 20.0;
    private static final CapacitySearch.Settings SETTINGS = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 12);

    /**
     * A server whose attainment is 0.95 at {@code capacity} and falls fast beyond (as a queue past saturation
     * does), probed with 75 requests a run as accept's probes are, its own binomial noise per side ({@code seed}).
     */
    private record Server(double capacity, SplittableRandom random) implements CapacitySearch.Probe {
        Server(double capacity, long seed) {
            this(capacity, new SplittableRandom(seed));
        }

        @Override
        public Measurement measure(double rate, int attempt) {
            double p = Math.max(0, 1 - 0.05 * Math.exp((rate - capacity) / (0.05 * capacity)));
            int sent = 75;
            int good = 0;
            for (int i = 0; i < sent; i++) {
                good += random.nextDouble() < p ? 1 : 0;
            }
            return new Measurement(rate, sent, good, new double[] {100}, new double[] {1000});
        }
    }

    private static CurveComparison compare(double candidateCapacity, long seed) throws Exception {
        CapacitySearch.Result base = new CapacitySearch(SETTINGS, new Server(CAPACITY, seed)).run();
        CapacitySearch.Result cand = new CapacitySearch(SETTINGS, new Server(candidateCapacity, seed + 1000)).run();
        return CurveComparison.of(base, cand, 0.95, seed);
    }

    @Test
    void attainmentDifference_isNewcombesHybridScoreInterval() {
        // Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 - 48/80 = 0.2, method 10: [0.0524, 0.3339].
        double[] d = CurveComparison.attainmentDifference(48, 80, 56, 70);

        assertThat(d[0]).isCloseTo(0.2, within(1e-9));
        assertThat(d[1]).isCloseTo(0.0524, within(5e-4));
        assertThat(d[2]).isCloseTo(0.3339, within(5e-4));
        double[] flawless = CurveComparison.attainmentDifference(75, 75, 75, 75);
        assertThat(flawless[1]).as("no Wald collapse at 100 %%").isLessThan(-0.03);
        assertThat(flawless[2]).isGreaterThan(0.03);
    }

    /** Measured: none of these 40 pairs excludes zero; a 95 % interval may miss in 2. */
    @Test
    void identicalSides_giveADifferenceWhoseIntervalIncludesZero_inAtLeast95PercentOfPairs() throws Exception {
        int excluding = 0;
        for (long seed = 1; seed <= 40; seed++) {
            CurveComparison c = compare(CAPACITY, seed);
            excluding += c.excludesZero() ? 1 : 0;
            assertThat(c.lowPerHour()).isLessThan(c.highPerHour());
        }
        assertThat(excluding).as("pairs of identical servers whose interval excludes zero, of 40").isLessThanOrEqualTo(2);
    }

    /**
     * Measured: 36 of these 40 pairs exclude zero (the other 4: a failing probe near the target, e.g. 70 of 75 good,
     * may have held, and its side's bracket then moves up a step); asserted with a margin of 2.
     */
    @Test
    void aTwelvePercentCostlierSide_givesADifferenceWhoseIntervalExcludesZero_inAtLeast85PercentOfPairs() throws Exception {
        int excluding = 0;
        for (long seed = 1; seed <= 40; seed++) {
            CurveComparison c = compare(CAPACITY / 1.12, seed);
            excluding += c.highPerHour() < 0 ? 1 : 0;
            assertThat(c.perHour()).as("seed " + seed).isNegative();
        }
        assertThat(excluding).as("pairs whose interval lies wholly below zero, of 40").isGreaterThanOrEqualTo(34);
    }

    @Test
    void ratesBothSidesProbed_carryTheAttainmentDifference_andACostlierSideFallsBelowAtOne() throws Exception {
        List<CurveComparison.Point> below = new java.util.ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) { // whether both sides probe a rate inside the costlier one's fall is the searches' chance
            CurveComparison c = compare(CAPACITY / 1.12, seed);

            assertThat(c.points()).isNotEmpty();
            assertThat(c.points()).extracting(CurveComparison.Point::ratePerSecond).isSorted();
            assertThat(c.points().get(0).ratePerSecond()).as("both start at start_rate").isEqualTo(4);
            for (CurveComparison.Point p : c.points()) {
                assertThat(p.difference()).isCloseTo((double) p.candidateGood() / p.candidateSent()
                        - (double) p.baselineGood() / p.baselineSent(), within(1e-12));
                assertThat(p.low()).isLessThanOrEqualTo(p.difference());
                assertThat(p.high()).isGreaterThanOrEqualTo(p.difference());
                if (p.high() < 0) {
                    below.add(p);
                }
            }
        }
        assertThat(below).as("rates where the costlier side is surely below").isNotEmpty();
    }

    @Test
    void theCrossing_isTheBracketsGeometricMidpoint_andASideThatNeverFailed_leavesTheDifferenceUnknown() {
        CapacitySearch.Result base = result(step(10, 75, 75), step(20, 75, 10));
        CapacitySearch.Result cand = result(step(10, 75, 75), step(20, 75, 75));

        CurveComparison c = CurveComparison.of(base, cand, 0.95, 1);

        assertThat(c.baselineCrossingRate()).isCloseTo(Math.sqrt(200), within(1e-9));
        assertThat(c.candidateCrossingRate()).isInfinite();
        assertThat(c.perHour()).isNaN();
        assertThat(c.lowPerHour()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(c.highPerHour()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(c.points()).hasSize(2);
        assertThat(c.points().get(1).excludesZero()).isTrue();
    }

    private static CapacitySearch.Step step(double rate, long sent, long good) {
        Measurement m = new Measurement(rate, sent, good, new double[0], new double[0]);
        return new CapacitySearch.Step(rate, m, 1, m.attainment() >= 0.95, true);
    }

    private static CapacitySearch.Result result(CapacitySearch.Step... steps) {
        return new CapacitySearch.Result(0, 0, 0, null, List.of(steps));
    }
}
