package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {
    private static final double CAPACITY = 37.0;

    /**
     * A fake server whose attainment is exactly 0.95 at 37 req/s and falls fast beyond; binomial noise, probes of 10 s
     * (as many requests as the rate offers in that time: 370 at capacity).
     */
    private static final class Fake implements CapacitySearch.Probe {
        final SplittableRandom random = new SplittableRandom(3);
        final List<Double> rates = new ArrayList<>();
        final double capacity;

        Fake() {
            this(CAPACITY);
        }

        Fake(double capacity) {
            this.capacity = capacity;
        }

        @Override
        public Measurement measure(double rate, int attempt) {
            rates.add(rate);
            double p = Math.max(0, 1 - 0.05 * Math.exp((rate - capacity) / (0.05 * capacity)));
            int sent = (int) Math.round(rate * 10);
            int good = 0;
            for (int i = 0; i < sent; i++) {
                good += random.nextDouble() < p ? 1 : 0;
            }
            return new Measurement(rate, sent, good, new double[] {100, 200}, new double[] {1000, 3000});
        }
    }

    @Test
    void search_findsTheKnownCapacity_withAnIntervalAroundIt_fromEveryProbe() throws Exception {
        Fake fake = new Fake();
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 20), fake).run();

        assertThat(r.ratePerSecond()).isBetween(CAPACITY * 0.95, CAPACITY * 1.05);
        assertThat(r.lowerRate()).isLessThanOrEqualTo(CAPACITY).isLessThan(r.ratePerSecond());
        assertThat(r.upperRate()).isGreaterThanOrEqualTo(CAPACITY).isGreaterThan(r.ratePerSecond());
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.PRECISION);
        assertThat((r.upperRate() - r.lowerRate()) / 2 / r.ratePerSecond()).isLessThanOrEqualTo(0.03);
        assertThat(r.fit().probes()).hasSize(r.steps().size());
        assertThat(r.requestsPerHour()).isEqualTo(r.ratePerSecond() * 3600);
        assertThat(r.atCapacity().longestWait().e2eMaxMs()).isEqualTo(3000);
        assertThat(r.atCapacity().ratePerSecond()).as("the highest probe that held at or below the estimate")
                .isLessThanOrEqualTo(r.ratePerSecond());
    }

    @Test
    void search_rampsByDoubling_thenProbesTheLongerHalfOfTheFitsInterval() throws Exception {
        Fake fake = new Fake();
        CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 20), fake);
        List<Boolean> ramp = new ArrayList<>();
        List<Double> estimates = new ArrayList<>();
        while (!search.done()) {
            ramp.add(search.ramping());
            if (search.result().steps().size() < 2) {
                estimates.add(Double.NaN);
            } else {
                double[] i = search.fit().interval();
                estimates.add(CapacitySearch.longerTail(i[0], search.fit().ratePerSecond(), i[1]));
            }
            search.advance();
        }

        assertThat(fake.rates.subList(0, 5)).containsExactly(4.0, 8.0, 16.0, 32.0, 64.0);
        assertThat(ramp.subList(0, 5)).containsOnly(true);
        assertThat(ramp.subList(5, ramp.size())).containsOnly(false);
        for (int i = 5; i < fake.rates.size(); i++) {
            assertThat(fake.rates.get(i)).as("refining probe %d is placed in the longer half of the interval", i)
                    .isEqualTo(estimates.get(i));
        }
        assertThat(CapacitySearch.longerTail(10, 20, 80)).as("the upper half is longer").isEqualTo(40);
        assertThat(CapacitySearch.longerTail(5, 20, 30)).as("the lower half is longer").isEqualTo(10);
    }

    /**
     * capacity-time.sh's ramp against a fresh serve-sim (Dec 7: 1, 2, 4, 8, 16 req/s held with 3, 5, 10, 20, 40 requests
     * worth 3, 5, 10, 6.2, 11 trials, 32 missed 40 % of 80): the interval's lower half is the longer in log rate, and its
     * middle, near 2.5 req/s, needs 29 s for its 72 requests where the upper half's, near 14 req/s, needs the plan's 5 s.
     * Told how long a probe takes, the search probes the upper half; untold, the lower (as it did, missing the 2-minute
     * goal by 4 s).
     */
    @Test
    void aSearchToldHowLongAProbeTakes_weighsTheLongerHalfByItsProbesTime() throws Exception {
        double[][] ramp = {{1, 3, 3, 3, 0.0055}, {2, 5, 5, 5, 0.0011}, {4, 10, 10, 10, 0.0070}, {8, 20, 20, 6.22, 0.0122},
                {16, 40, 40, 11.04, 0.0415}, {32, 80, 32, 80, 3.17}};
        java.util.function.DoubleUnaryOperator seconds = rate -> 3 + Math.max(5, 72 / rate) + 2;
        double[] next = new double[2];
        for (int timed = 0; timed < 2; timed++) {
            CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 1, 0.05, 1000, 0.03, 10)
                    .withEffectiveTrials(true), (rate, attempt) -> {
                        for (double[] p : ramp) {
                            if (p[0] == rate) {
                                return Measurement.counted(rate, (long) p[1], (long) p[2], rate, null, p[4], p[3]);
                            }
                        }
                        throw new AssertionError("not a ramp rate: " + rate);
                    });
            if (timed == 1) {
                search.timedBy(seconds);
            }
            for (int i = 0; i < ramp.length; i++) {
                search.advance();
            }
            assertThat(search.ramping()).isFalse();
            double[] interval = search.fit().interval();
            double estimate = search.fit().ratePerSecond();
            assertThat(Math.log(estimate / interval[0])).as("the lower half is the longer").isGreaterThan(Math.log(interval[1] / estimate));
            next[timed] = search.nextRate();
        }
        assertThat(next[0]).as("untimed: the longer (lower) half").isLessThan(8);
        assertThat(next[1]).as("timed: the upper half, whose probe takes 5 s").isGreaterThan(8);
        assertThat(seconds.applyAsDouble(next[0])).isGreaterThan(2 * seconds.applyAsDouble(next[1]));
        assertThat(CapacitySearch.longerTail(5, 20, 30, rate -> 1)).isEqualTo(CapacitySearch.longerTail(5, 20, 30));
        assertThat(CapacitySearch.longerTail(5, 20, 40)).as("the lower half is twice as long").isEqualTo(10);
        assertThat(CapacitySearch.longerTail(5, 20, 40, rate -> 100 / rate)).as("but its probe takes 2.8 times as long")
                .isEqualTo(Math.sqrt(20 * 40));
        assertThat(CapacitySearch.longerTail(5, 20, 30, rate -> 100 / rate)).as("a half 3.4 times as long, its probe 2.4 times")
                .isEqualTo(10);
    }

    /**
     * Two sides compared (accept): with effective trials each side's refining probes go to the half of its interval that
     * faces the other side's estimate, the higher side's below its estimate and the lower side's above, where the ends
     * of the difference's interval are decided; alone (or with each request a trial) to the longer half, either side.
     */
    @Test
    void comparedSearches_probeTheHalvesOfTheirIntervalsThatFaceEachOther() throws Exception {
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.001, 9).withEffectiveTrials(true);
        CapacitySearch low = new CapacitySearch(settings, new Fake(30));
        CapacitySearch high = new CapacitySearch(settings, new Fake(40));
        low.compareWith(high);
        high.compareWith(low);
        int facing = 0;
        while (!low.done() || !high.done()) {
            for (CapacitySearch s : List.of(low, high)) {
                if (s.done()) {
                    continue;
                }
                CapacitySearch other = s == low ? high : low;
                double own = s.estimate();
                double[] interval = s.ramping() ? null : s.fit().interval();
                if (!s.ramping() && interval[0] > 0 && Double.isFinite(interval[1]) && other.estimate() > 0) {
                    facing++;
                    if (s == high) {
                        assertThat(s.nextRate()).as("the higher side probes below its estimate").isLessThanOrEqualTo(own);
                    } else {
                        assertThat(s.nextRate()).as("the lower side probes above its estimate").isGreaterThanOrEqualTo(own);
                    }
                }
                s.advance();
            }
        }
        assertThat(facing).as("refining probes placed facing the other side").isGreaterThanOrEqualTo(4);
        assertThat(low.result().ratePerSecond()).isBetween(30 * 0.9, 30 * 1.1);
        assertThat(high.result().ratePerSecond()).isBetween(40 * 0.9, 40 * 1.1);
    }

    /**
     * The demo's capacity step with effective trials on a fake of its two sides (9 and 12 req/s at 95 %, a knee; misses in
     * runs that lengthen with the load, one request at idle to four near capacity, each run one trial): 6 probes a side,
     * start 12, at most 19, probed in turn. Probing the facing halves, the difference's interval excluded zero in 103 of
     * 200 seeded pairs where the longer halves gave 8 (Dec 6, when written); identical sides included zero in all 200
     * either way. (The real demo's probes are worth more trials at low rates; docs/acceptance.md has its runs.) With the
     * posterior restricted to monotone curves and each probe placed against the other side's estimate of the moment it
     * runs (Dec 7): facing 100 of 100 pairs, longer halves 67, identical sides told apart in none.
     */
    @Test
    void comparedSearches_tellTheDemosSidesApartFarMoreOften_andIdenticalSidesStillNever() throws Exception {
        int pairs = 100;
        int facing = 0;
        int longer = 0;
        int identicalApart = 0;
        for (int seed = 0; seed < pairs; seed++) {
            facing += demoPair(9, 12, seed, true) ? 1 : 0;
            longer += demoPair(9, 12, seed, false) ? 1 : 0;
            identicalApart += demoPair(9, 9, seed, true) ? 1 : 0;
        }
        assertThat(facing).as("facing halves: pairs told apart (longer halves: %d)", longer).isGreaterThanOrEqualTo(longer + pairs / 5)
                .isGreaterThanOrEqualTo(pairs * 35 / 100);
        assertThat(identicalApart).as("identical sides told apart").isLessThanOrEqualTo(pairs * 5 / 100);
    }

    /** Whether the difference's interval of one seeded pair of demo-sized searches excludes zero. */
    private static boolean demoPair(double baseline, double candidate, long seed, boolean facing) throws Exception {
        CapacitySearch b = runsOfMisses(baseline, seed);
        CapacitySearch c = runsOfMisses(candidate, 1000 + seed);
        if (facing) {
            b.compareWith(c);
            c.compareWith(b);
        }
        inTurn(b, c);
        return CapacityDifference.of(b.result(), c.result()).excludesZero();
    }

    /** Steps two searches to their ends in turn, as accept probes its sides: the baseline first in even rounds. */
    static void inTurn(CapacitySearch baseline, CapacitySearch candidate) throws Exception {
        for (int round = 0; !baseline.done() || !candidate.done(); round++) {
            for (CapacitySearch s : round % 2 == 0 ? List.of(baseline, candidate) : List.of(candidate, baseline)) {
                if (!s.done()) {
                    s.advance();
                }
            }
        }
    }

    private static CapacitySearch runsOfMisses(double capacity, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 12, 0.05, 19, 0.03, 6).withEffectiveTrials(true);
        return CapacityFitTest.demoSearch(settings, (rate, sent) -> {
            double p = CapacityFitTest.kneeAttainment(rate, capacity);
            int run = (int) Math.round(1 + 3 * Math.pow(Math.min(1.2, rate / capacity), 4));
            int good = 0;
            for (int i = 0; i < sent; i += run) {
                good += random.nextDouble() < p ? Math.min(run, sent - i) : 0;
            }
            return Measurement.counted(rate, sent, good, rate, null, Double.NaN, sent / (double) run);
        });
    }

    @Test
    void search_stopsAtTheBudget_andSaysSo() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.001, 7), new Fake()).run();

        assertThat(r.steps()).hasSize(7);
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.BUDGET);
        assertThat(r.lowerRate()).isLessThanOrEqualTo(CAPACITY);
        assertThat(r.upperRate()).isGreaterThanOrEqualTo(CAPACITY);
    }

    @Test
    void aSearchOutOfTime_stopsBeforeItsNextProbe_keepingWhatItMeasured_andSaysSo() throws Exception {
        Fake fake = new Fake();
        CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.001, 20), fake);
        for (int i = 0; i < 5; i++) {
            search.advance();
        }
        CapacitySearch.Result before = search.result();
        search.outOfTime();
        search.outOfTime(); // a second call changes nothing

        assertThat(search.done()).isTrue();
        assertThat(search.nextRate()).isNull();
        assertThat(fake.rates).hasSize(5);
        CapacitySearch.Result r = search.result();
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.TIME_BUDGET);
        assertThat(r.stop().text()).isEqualTo("the next probe would have ended after the time budget");
        assertThat(r.steps()).isEqualTo(before.steps());
        assertThat(r.ratePerSecond()).isEqualTo(before.ratePerSecond());
        assertThat(r.lowerRate()).isEqualTo(before.lowerRate());

        CapacitySearch finished = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 2), new Fake());
        finished.run();
        finished.outOfTime();
        assertThat(finished.stop()).as("a search already over keeps its reason").isEqualTo(CapacitySearch.Stop.BUDGET);
    }

    @Test
    void aBudgetSpentWhileRamping_stopsTheSearch_andSaysSo() throws Exception {
        // 4 and 8 req/s both hold: the budget of 2 probes ends the ramp before any probe missed
        CapacitySearch.Result up = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 2), new Fake()).run();
        CapacitySearch.Result down = new CapacitySearch(new CapacitySearch.Settings(0.95, 300, 0.5, 1000, 0.03, 2), new Fake()).run();

        assertThat(up.steps()).hasSize(2);
        assertThat(up.stop()).isEqualTo(CapacitySearch.Stop.BUDGET);
        assertThat(up.bounded()).isFalse();
        assertThat(down.steps()).hasSize(2);
        assertThat(down.stop()).isEqualTo(CapacitySearch.Stop.BUDGET);
    }

    @Test
    void search_rampsDownwardWhenTheStartRateMisses() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 300, 0.5, 1000, 0.03, 20), new Fake()).run();

        assertThat(r.steps().get(0).passed()).isFalse();
        assertThat(r.steps().get(1).ratePerSecond()).isEqualTo(150);
        assertThat(r.ratePerSecond()).isBetween(CAPACITY * 0.95, CAPACITY * 1.05);
    }

    /**
     * A fit that says "never held" although a probe held: the demo's candidate (Dec 6, capacity.json) held 36 of 36 at
     * 12 req/s in its 3 s ramp probe, then 11.99 held 70.8 % and the fit pooled the two below the target. Here the 12 req/s
     * probe is worth 3 trials (its waits came in one run), too few to place the crossing above it. The range widens
     * downwards: by half the ramp's factor with effective trials (a probe held there, so the crossing is near; the demo's
     * halving spent a probe at 6.0 and its answer came out undecided), by the ramp's own factor with each request a trial
     * (as before).
     */
    @Test
    void aFitPooledIntoNeverHeld_widensDownwards_byHalfTheRampsFactor_withEffectiveTrials() throws Exception {
        for (boolean effective : new boolean[] {true, false}) {
            List<Double> rates = new ArrayList<>();
            CapacitySearch.Probe probe = (rate, attempt) -> {
                rates.add(rate);
                if (rates.size() == 1) {
                    return Measurement.counted(rate, 36, 36, rate, null, Double.NaN, 3);
                }
                if (rate >= 19) {
                    return Measurement.counted(rate, 57, 0, rate, null, Double.NaN, 57);
                }
                long good = rate > 12 ? 54 : rate > 11 ? 51 : 72;
                return Measurement.counted(rate, 72, good, rate, null, Double.NaN, rate > 11 ? 25 : 50);
            };
            new CapacitySearch(new CapacitySearch.Settings(0.95, 12, 0.05, 19, 0.03, 8).withEffectiveTrials(effective), probe).run();

            int below = java.util.stream.IntStream.range(0, rates.size()).filter(k -> rates.get(k) < 11).findFirst().orElseThrow();
            double lowestBefore = rates.subList(0, below).stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            assertThat(lowestBefore).as("rates %s", rates).isEqualTo(12); // the first refining probe widens the range
            assertThat(rates.get(below)).as("effective trials: %s (rates %s)", effective, rates)
                    .isCloseTo(lowestBefore / (effective ? Math.sqrt(2) : 2), org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void search_reportsNoCapacityWhenEvenTheLowestRateMisses() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 2, 1, 10, 0.05, 10),
                (rate, attempt) -> new Measurement(rate, 100, 10, new double[0], new double[0])).run();

        assertThat(r.ratePerSecond()).isZero();
        assertThat(r.atCapacity()).isNull();
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.BELOW_MIN_RATE);
    }

    @Test
    void search_thatNeverMisses_saysTheCapacityLiesAboveMaxRate() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 2, 1, 8, 0.05, 10),
                (rate, attempt) -> new Measurement(rate, 100, 100, new double[] {1}, new double[] {2})).run();

        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.ABOVE_MAX_RATE);
        assertThat(r.ratePerSecond()).as("the highest rate that held").isEqualTo(8);
        assertThat(r.bounded()).isFalse();
    }

    @Test
    void rampProbes_areAskedForAsSuch_andRefiningOnesAreNot() throws Exception {
        List<Boolean> asked = new ArrayList<>();
        Fake fake = new Fake();
        new CapacitySearch(new CapacitySearch.Settings(0.95, 16, 0.5, 1000, 0.05, 6), new CapacitySearch.Probe() {
            @Override
            public Measurement measure(double rate, int attempt) {
                throw new AssertionError("the search asks with the ramp flag");
            }

            @Override
            public Measurement measure(double rate, int attempt, boolean ramp) {
                asked.add(ramp);
                return fake.measure(rate, attempt);
            }
        }).run();

        assertThat(asked).startsWith(true, true, true).contains(false);
        assertThat(asked.indexOf(false)).isEqualTo(3); // 16 and 32 held, 64 missed: refining from the fourth probe
    }

    @Test
    void twoSearchesSteppedInTurn_findWhatEachFindsAlone_andTheCurveIsSortedByRate() throws Exception {
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 20);
        CapacitySearch a = new CapacitySearch(settings, new Fake());
        CapacitySearch b = new CapacitySearch(settings, new Fake());
        int turns = 0;
        while ((!a.done() || !b.done()) && turns++ < 100) {
            for (CapacitySearch s : turns % 2 == 0 ? List.of(b, a) : List.of(a, b)) {
                if (!s.done()) {
                    s.advance();
                }
            }
        }
        CapacitySearch.Result alone = new CapacitySearch(settings, new Fake()).run();

        assertThat(a.result().ratePerSecond()).isEqualTo(alone.ratePerSecond()).isEqualTo(b.result().ratePerSecond());
        assertThat(a.result().curve()).extracting(CapacitySearch.Step::ratePerSecond).isSorted();
        assertThat(a.nextRate()).isNull();
    }

    @Test
    void capacitiesTenPercentApart_giveADifferenceWhoseIntervalExcludesZero_equalOnesDoNot() throws Exception {
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.03, 20);
        CapacitySearch.Result base = new CapacitySearch(settings, new Fake()).run();
        CapacitySearch.Result same = new CapacitySearch(settings, new Fake()).run();
        CapacitySearch.Result higher = new CapacitySearch(settings, new Fake(CAPACITY * 1.10)).run();

        CapacityDifference up = CapacityDifference.of(base, higher);
        CapacityDifference none = CapacityDifference.of(base, same);

        assertThat(up.excludesZero()).as(up.toString()).isTrue();
        assertThat(up.perHour()).isPositive();
        assertThat(none.excludesZero()).as(none.toString()).isFalse();
        assertThat(none.lowPerHour()).isNegative();
        assertThat(none.highPerHour()).isPositive();
    }

    @Test
    void aClientLimitedProbe_decidesNothing_andIsRunAgain() throws Exception {
        List<Integer> attempts = new ArrayList<>();
        CapacitySearch.Result r = searchAtFourPerSecond(attempts, (rate, attempt) ->
                // the first run at 4 req/s: the client lagged and every request missed the SLO by less than its lag
                attempt == 0 ? new Measurement(rate, 100, 0, new double[0], new double[0], 25.0, 5, Double.NaN, Double.NaN, 4,
                        margins(100, 3.0))
                        : new Measurement(rate, 100, 100, new double[0], new double[0], 0.3, 0));

        assertThat(attempts).containsExactly(0, 1);
        assertThat(r.steps()).hasSize(1);
        assertThat(r.steps().get(0).passed()).as("judged on the run whose client kept up").isTrue();
        assertThat(r.steps().get(0).runs()).isEqualTo(1);
    }

    @Test
    void aLateProbeThatStillHeldTheTarget_isKept_lateContributesOnlyMisses() throws Exception {
        List<Integer> attempts = new ArrayList<>();
        CapacitySearch.Result r = searchAtFourPerSecond(attempts, (rate, attempt) ->
                // the client lagged and the simulator stalled, yet every request met the SLO: lateness cannot explain a pass
                new Measurement(rate, 100, 100, new double[0], new double[0], 25.0, 5).withServerLateness(0.05, 50));

        assertThat(attempts).containsExactly(0);
        assertThat(r.steps().get(0).passed()).isTrue();
        // 50 misses, each by 10 ms more than its own client lag: within a 25 ms lag p99, so they may be the lateness's
        Measurement missed = new Measurement(4, 100, 50, new double[0], new double[0], 25.0, 5, Double.NaN, Double.NaN, 4,
                margins(50, 10.0));
        assertThat(missed.decidesNothing(0.95)).as("a late miss may be the lateness's: run again").isTrue();
        assertThat(new Measurement(4, 100, 50, new double[0], new double[0], 0.3, 0).decidesNothing(0.95))
                .as("a miss on time decides").isFalse();
    }

    @Test
    void aRateWhoseClientIsAlwaysLimited_stopsTheSearch_insteadOfFailingTheRate() throws Exception {
        List<Integer> attempts = new ArrayList<>();
        CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 5),
                (rate, attempt) -> {
                    attempts.add(attempt);
                    return new Measurement(rate, 100, 0, new double[0], new double[0], 30.0, 40, Double.NaN, Double.NaN, 4,
                            margins(100, 5.0));
                });
        CapacitySearch.Result r = search.run();

        assertThat(attempts).containsExactly(0, 1, 2);
        assertThat(r.steps()).as("no rate counted as missed on the client's account").isEmpty();
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.UNDECIDED_PROBE);
        assertThat(search.undecided()).contains("client-limited in 3 runs").contains("30.0 ms");
    }

    @Test
    void aLaterRateThatStaysUndecided_stopsTheSearchThere_onTheProbesThatDecided() throws Exception {
        // 4 and 8 req/s hold; every run at 16 misses only by what a late simulator explains; the capacity is unknown
        // above 8: the answer keeps both decided probes and stays unbounded above, never a miss at 16
        List<Double> rates = new ArrayList<>();
        CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 64, 0.05, 10), (rate, attempt) -> {
            rates.add(rate);
            return rate < 10 ? new Measurement(rate, 100, 100, new double[0], new double[0], 0.3, 0)
                    : new Measurement(rate, 100, 60, new double[0], new double[0], 0.3, 0, Double.NaN, Double.NaN, 4,
                            margins(40, 30.0)).withServerLateness(0.1, 50);
        });
        CapacitySearch.Result r = search.run();

        assertThat(rates).containsExactly(4.0, 8.0, 16.0, 16.0, 16.0);
        assertThat(r.steps()).extracting(CapacitySearch.Step::ratePerSecond).containsExactly(4.0, 8.0);
        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.UNDECIDED_PROBE);
        assertThat(r.bounded()).as("no decided miss: the capacity lies above 8 req/s, how far is not known").isFalse();
        assertThat(r.lowerRate()).isLessThanOrEqualTo(8.0);
        assertThat(search.undecided()).contains("16.0 req/s").contains("simulator behind its model in 3 runs");
        assertThat(search.done()).isTrue();
    }

    @Test
    void aMeasurement_isClientLimitedOnlyAboveTheLimit() {
        assertThat(new Measurement(1, 1, 1, new double[0], new double[0], 10.0, 0).clientLimited()).isFalse();
        assertThat(new Measurement(1, 1, 1, new double[0], new double[0], 10.5, 2).clientLimited()).isTrue();
        assertThat(new Measurement(1, 1, 1, new double[0], new double[0], 40, 1).clientLimited()).as("one hiccup").isFalse();
        assertThat(new Measurement(1, 1, 1, new double[0], new double[0]).clientLimited()).as("unknown lag").isFalse();
    }

    @Test
    void aProbeWhoseSimulatorStalled_decidesNothing_andIsRunAgain() throws Exception {
        List<Integer> attempts = new ArrayList<>();
        CapacitySearch.Result r = searchAtFourPerSecond(attempts, (rate, attempt) -> {
            // the client kept up, but the simulator lost 5 % of the run (tokens 20 ms late) and half the requests missed by
            // less than that
            Measurement m = attempt == 0 ? new Measurement(rate, 100, 50, new double[0], new double[0], 0.3, 0, Double.NaN,
                    Double.NaN, 4, margins(50, 15.0)) : new Measurement(rate, 100, 100, new double[0], new double[0], 0.3, 0);
            return m.withServerLateness(attempt == 0 ? 0.05 : 0.0, attempt == 0 ? 20.0 : 1.0);
        });

        assertThat(attempts).containsExactly(0, 1);
        assertThat(r.steps().get(0).passed()).as("judged on the run whose simulator kept its timeline").isTrue();
        assertThat(r.steps().get(0).runs()).isEqualTo(1);
    }

    @Test
    void aRateWhoseSimulatorAlwaysStalls_stopsTheSearch_sayingSo() throws Exception {
        CapacitySearch search = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 5),
                (rate, attempt) -> new Measurement(rate, 100, 0, new double[0], new double[0], 0.3, 0, Double.NaN, Double.NaN, 4,
                        margins(100, 40.0)).withServerLateness(0.2, 50));
        CapacitySearch.Result r = search.run();

        assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.UNDECIDED_PROBE);
        assertThat(search.undecided()).contains("simulator behind its model in 3 runs").contains("engine lost 20.0 % of the run")
                .contains("tokens late p99 50.0 ms");
    }

    @Test
    void aMeasurement_isServerStalledOnlyAboveEitherLimit_andUnknownIsNot() {
        Measurement m = new Measurement(1, 1, 1, new double[0], new double[0], 0.3, 0);
        assertThat(m.serverStalled()).as("a server that reports no stalls").isFalse();
        assertThat(m.withServerLateness(Measurement.SERVER_STALL_LIMIT_SHARE, 10.0).serverStalled()).as("on both limits").isFalse();
        assertThat(m.withServerLateness(0.011, 1.0).serverStalled()).as("engine stalls").isTrue();
        assertThat(m.withServerLateness(0.0, 50.0).serverStalled()).as("tokens late").isTrue();
        assertThat(m.withServerLateness(Double.NaN, Double.NaN).serverStalled()).as("unknown").isFalse();
        Measurement pooled = Measurement.pool(List.of(m, m.withServerLateness(0.004, 2.0)));
        assertThat(pooled.serverStalledShare()).isEqualTo(0.004);
        assertThat(pooled.serverLateP99Ms()).isEqualTo(2.0);
    }

    @Test
    void aLateProbe_stillDecides_whereItsLatenessCannotExplainItsOutcome() {
        // the simulator was 20 ms late at p99 (and lost 5 % of the run): it held the target anyway, which lateness can
        // only have made harder
        Measurement held = new Measurement(4, 100, 97, new double[0], new double[0], 0.3, 0, Double.NaN, Double.NaN, 4,
                margins(3, 5.0)).withServerLateness(0.05, 20);
        // it missed by far more than 20 ms: 60 misses by 500 ms, 5 by 10 ms; even counting those 5 as good it misses
        double[] far = new double[65];
        java.util.Arrays.fill(far, 500);
        java.util.Arrays.fill(far, 0, 5, 10);
        Measurement missed = new Measurement(4, 100, 35, new double[0], new double[0], 0.3, 0, Double.NaN, Double.NaN, 4, far)
                .withServerLateness(0.001, 20); // tokens 20 ms late, the engine lost 25 ms of the 25 s
        // 92 good, 6 misses by 12 ms and 2 by 300 ms, while the engine lost 5 % of the 25 s (1,250 ms): every miss may be
        // the machine's
        double[] near = new double[8];
        java.util.Arrays.fill(near, 12);
        near[6] = 300;
        near[7] = 300;
        Measurement unclear = new Measurement(4, 100, 92, new double[0], new double[0], 0.3, 0, Double.NaN, Double.NaN, 4, near)
                .withServerLateness(0.05, 20);

        assertThat(held.decidesNothing(0.95)).isFalse();
        assertThat(missed.goodAtMost()).isEqualTo(40);
        assertThat(missed.decidesNothing(0.95)).isFalse();
        assertThat(unclear.decidesNothing(0.95)).isTrue();
        assertThat(unclear.withServerLateness(0.0, 1.0).decidesNothing(0.95)).as("a prompt server: its misses are its own").isFalse();
        assertThat(unclear.latenessAllowanceMs()).isCloseTo(20 + 0.05 * 25 * 1000 + 0.3, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(unclear.goodAtMost()).as("with the engine's lost time").isEqualTo(100);
    }

    private static double[] margins(int n, double ms) {
        double[] m = new double[n];
        java.util.Arrays.fill(m, ms);
        return m;
    }

    /** A search from 4 req/s (rates 1 to 4, at most 2 probes), noting each attempt the probe is asked for. */
    private static CapacitySearch.Result searchAtFourPerSecond(List<Integer> attempts, CapacitySearch.Probe probe)
            throws Exception {
        return new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 4, 0.05, 2), (rate, attempt) -> {
            attempts.add(attempt);
            return probe.measure(rate, attempt);
        }).run();
    }
}
