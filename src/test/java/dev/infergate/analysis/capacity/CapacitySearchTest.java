package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {
    private static final double CAPACITY = 37.0;

    /** A fake server whose attainment is exactly 0.95 at 37 req/s and falls fast beyond; binomial noise, 400 requests a run. */
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
            int sent = 400;
            int good = 0;
            for (int i = 0; i < sent; i++) {
                good += random.nextDouble() < p ? 1 : 0;
            }
            return new Measurement(rate, sent, good, new double[] {100, 200}, new double[] {1000, 3000});
        }
    }

    @Test
    void search_convergesOnTheKnownCapacityWithinTolerance() throws Exception {
        Fake fake = new Fake();
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.05, 20, 3), fake).run();

        assertThat(r.ratePerSecond()).isBetween(CAPACITY * 0.9, CAPACITY * 1.03);
        assertThat(r.upperRate() / r.lowerRate() - 1).isLessThanOrEqualTo(0.05);
        assertThat(r.upperRate()).isGreaterThan(CAPACITY * 0.97);
        assertThat(r.requestsPerHour()).isEqualTo(r.ratePerSecond() * 3600);
        assertThat(r.atCapacity().longestWait().e2eMaxMs()).isEqualTo(3000);
    }

    @Test
    void search_repeatsOnlyWhereTheAttainmentIsTooCloseToCall() throws Exception {
        Fake fake = new Fake();
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.05, 20, 3), fake).run();

        assertThat(r.steps().get(0).runs()).as("4 req/s is far below capacity").isEqualTo(1);
        assertThat(r.steps()).anyMatch(s -> s.runs() > 1);
        assertThat(fake.rates).hasSize(r.steps().stream().mapToInt(CapacitySearch.Step::runs).sum());
    }

    @Test
    void search_bracketsDownwardWhenTheStartRateFails() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 300, 0.5, 1000, 0.05, 20, 3),
                new Fake()).run();

        assertThat(r.steps().get(0).passed()).isFalse();
        assertThat(r.steps().get(1).ratePerSecond()).isEqualTo(150);
        assertThat(r.ratePerSecond()).isBetween(CAPACITY * 0.9, CAPACITY * 1.03);
    }

    @Test
    void search_reportsNoCapacityWhenEvenTheLowestRateFails() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(0.95, 2, 1, 10, 0.05, 10, 1),
                (rate, attempt) -> new Measurement(rate, 100, 10, new double[0], new double[0])).run();

        assertThat(r.ratePerSecond()).isZero();
        assertThat(r.upperRate()).isEqualTo(1);
        assertThat(r.atCapacity()).isNull();
    }

    @Test
    void theMinimumOfMeasuredRequests_isWhatAFlawlessProbeNeedsToShowTheTarget() {
        assertThat(CapacitySearch.minMeasuredRequests(0.95)).isEqualTo(60);
        assertThat(CapacitySearch.minMeasuredRequests(0.90)).isEqualTo(30);
        assertThat(CapacitySearch.minMeasuredRequests(0.99)).isEqualTo(300);
        assertThat(CapacitySearch.wilson(60, 60)[0]).as("60 of 60: the interval's low end near the target")
                .isBetween(0.93, 0.95);
        assertThat(CapacitySearch.wilson(20, 20)[0]).as("20 of 20 cannot show 95 %").isLessThan(0.85);
    }

    @Test
    void aProbeWithTooFewMeasuredRequests_isRunAgainUntilItHasEnough_orMarkedShort() throws Exception {
        CapacitySearch.Probe small = (rate, attempt) -> new Measurement(rate, 25, 25, new double[] {1}, new double[] {2});
        CapacitySearch.Result repeated = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 2, 3), small).run();
        CapacitySearch.Result once = new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 2, 1), small).run();

        assertThat(repeated.steps()).allMatch(s -> s.runs() == 3 && s.pooled().sent() == 75 && s.enough());
        assertThat(once.steps()).allMatch(s -> s.runs() == 1 && !s.enough());
    }

    @Test
    void twoSearchesSteppedInTurn_findWhatEachFindsAlone_andTheCurveIsSortedByRate() throws Exception {
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.05, 20, 3);
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
        CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 4, 0.5, 1000, 0.05, 20, 3);
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
    void wilson_straddlesOnlyNearTheTarget() {
        assertThat(CapacitySearch.straddles(380, 400, 0.95)).isTrue();
        assertThat(CapacitySearch.straddles(400, 400, 0.95)).isFalse();
        assertThat(CapacitySearch.straddles(300, 400, 0.95)).isFalse();
    }

    @Test
    void aClientLimitedProbe_decidesNothing_andIsRunAgain() throws Exception {
        List<Integer> attempts = new ArrayList<>();
        CapacitySearch.Result r = searchAtFourPerSecond(attempts, (rate, attempt) ->
                // the first run at 4 req/s: the client lagged and every request missed the SLO
                attempt == 0 ? new Measurement(rate, 100, 0, new double[0], new double[0], 25.0, 5)
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
        Measurement missed = new Measurement(4, 100, 50, new double[0], new double[0], 25.0, 5);
        assertThat(missed.decidesNothing(0.95)).as("a late miss may be the lateness's: run again").isTrue();
        assertThat(new Measurement(4, 100, 50, new double[0], new double[0], 0.3, 0).decidesNothing(0.95))
                .as("a miss on time decides").isFalse();
    }

    @Test
    void aRateWhoseClientIsAlwaysLimited_stopsTheSearch_insteadOfFailingTheRate() {
        List<Integer> attempts = new ArrayList<>();
        assertThatThrownBy(() -> new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 5, 1),
                (rate, attempt) -> {
                    attempts.add(attempt);
                    return new Measurement(rate, 100, 0, new double[0], new double[0], 30.0, 40);
                }).run())
                .isInstanceOf(CapacitySearch.ClientLimitedException.class)
                .hasMessageContaining("client-limited in 3 runs").hasMessageContaining("30.0 ms");
        assertThat(attempts).containsExactly(0, 1, 2);
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
            // the client kept up, but the simulator lost 5 % of the run and half the requests missed
            Measurement m = attempt == 0 ? new Measurement(rate, 100, 50, new double[0], new double[0], 0.3, 0)
                    : new Measurement(rate, 100, 100, new double[0], new double[0], 0.3, 0);
            return m.withServerLateness(attempt == 0 ? 0.05 : 0.0, 1.0);
        });

        assertThat(attempts).containsExactly(0, 1);
        assertThat(r.steps().get(0).passed()).as("judged on the run whose simulator kept its timeline").isTrue();
        assertThat(r.steps().get(0).runs()).isEqualTo(1);
    }

    @Test
    void aRateWhoseSimulatorAlwaysStalls_stopsTheSearch_sayingSo() {
        assertThatThrownBy(() -> new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 8, 0.05, 5, 1),
                (rate, attempt) -> new Measurement(rate, 100, 0, new double[0], new double[0], 0.3, 0).withServerLateness(0.2, 50)).run())
                .isInstanceOf(CapacitySearch.ClientLimitedException.class)
                .hasMessageContaining("simulator behind its model in 3 runs").hasMessageContaining("engine lost 20.0 % of the run")
                .hasMessageContaining("tokens late p99 50.0 ms");
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

    /** A search from 4 req/s (rates 1 to 4, at most 2 probes, 1 repeat), noting each attempt the probe is asked for. */
    private static CapacitySearch.Result searchAtFourPerSecond(List<Integer> attempts, CapacitySearch.Probe probe)
            throws Exception {
        return new CapacitySearch(new CapacitySearch.Settings(0.95, 4, 1, 4, 0.05, 2, 1), (rate, attempt) -> {
            attempts.add(attempt);
            return probe.measure(rate, attempt);
        }).run();
    }
}
