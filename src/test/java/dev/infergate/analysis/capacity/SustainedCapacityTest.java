package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Short probes against a server with a real backlog (docs/acceptance.md, "Short probes and the sustained capacity"):
 * a first-come-first-served server of {@code slots} slots, each request holding one for about {@code holdSeconds}, so
 * it sustains at most slots / hold requests a second; above that its queue grows for as long as the load lasts, and
 * a request's first token waits behind all of it. A probe of a few seconds above that rate builds too little backlog
 * to miss a TTFT target, yet every request of a long enough run misses it.
 */
class SustainedCapacityTest {
    private static final Slo SLO = Slo.parse("ttft=500ms");
    private static final double TARGET = 0.95;

    /** The server: {@code slots} slots, a request holds one for holdSeconds (10 % log-normal jitter), first token 10 ms after it starts. */
    private record Backlog(int slots, double holdSeconds) {
        double serviceRate() {
            return slots / holdSeconds;
        }

        /**
         * One open-loop run from an idle server: round(rate x warmup) warm-up arrivals, then round(rate x measured)
         * measured ones, each window's arrivals uniform over it (Poisson conditioned on its count, as probes offer them).
         */
        List<RequestRecord> run(double rate, double warmupSeconds, double measuredSeconds, SplittableRandom random) {
            double[] warm = uniform(random, (int) Math.round(rate * warmupSeconds), 0, warmupSeconds);
            double[] measured = uniform(random, (int) Math.round(rate * measuredSeconds), warmupSeconds, warmupSeconds + measuredSeconds);
            PriorityQueue<Double> free = new PriorityQueue<>();
            for (int i = 0; i < slots; i++) {
                free.add(0.0);
            }
            List<RequestRecord> out = new ArrayList<>();
            long id = 0;
            for (double[] window : new double[][] {warm, measured}) {
                for (double t : window) {
                    double start = Math.max(t, free.poll());
                    double hold = holdSeconds * Math.exp(0.1 * gaussian(random));
                    free.add(start + hold);
                    out.add(record(id++, window == warm ? Phase.WARMUP : Phase.MEASURED, t, start + 0.01, start + hold));
                }
            }
            return out;
        }

        Measurement probe(double rate, double warmupSeconds, double measuredSeconds, SplittableRandom random) {
            return Measurement.of(rate, run(rate, warmupSeconds, measuredSeconds, random), SLO,
                    Duration.ofNanos(Math.round(measuredSeconds * 1e9)));
        }
    }

    private static double[] uniform(SplittableRandom random, int n, double from, double to) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = from + random.nextDouble() * (to - from);
        }
        Arrays.sort(t);
        return t;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static RequestRecord record(long id, Phase phase, double scheduled, double firstToken, double done) {
        long s = Math.round(scheduled * 1e9);
        long f = Math.round(firstToken * 1e9);
        long d = Math.round(done * 1e9);
        return RequestRecord.builder(id).phase(phase).scheduledNanos(s).sentNanos(s).headersNanos(f).firstTokenNanos(f)
                .lastTokenNanos(d).doneNanos(d).status(200).inputTokens(10).outputTokens(128).outputTokensSource(TokenSource.USAGE)
                .chunks(128).maxStallNanos(10_000_000).build();
    }

    /** One server with a single slot at 400 req/s (2.5 ms a request): its waits below that rate stay far under the target. */
    private static final Backlog FAST = new Backlog(1, 0.0025);
    /** scripts/profiles/knee-light.yaml's model: 32 slots, 1.28 s a request, at most 25 req/s. */
    private static final Backlog KNEE_LIGHT = new Backlog(32, 1.28);

    @Test
    void aShortProbeAboveTheServiceRate_holdsTheTarget_yetALongRunThereMissesIt() {
        double rate = FAST.serviceRate() * 1.04;

        Measurement probe = FAST.probe(rate, 3, 3, new SplittableRandom(1));
        Measurement longRun = FAST.probe(rate, 10, 60, new SplittableRandom(1));

        assertThat(probe.attainment()).as("6 s from idle: a backlog of 0.24 s, under the 500 ms target").isGreaterThanOrEqualTo(TARGET);
        assertThat(longRun.attainment()).as("70 s: the backlog passes 500 ms after about 12 s").isLessThan(0.3);
        assertThat(probe.hiddenOverload()).as("the probe cannot rule out the 4 %% overload").isGreaterThan(0.04);
    }

    /**
     * A probe above the service rate, held or not, puts its floor (rate / (1 + hidden overload)) at or below that rate:
     * exactly for fixed service times, and within their jitter for knee-light's (each 10 %, which over a 6 s probe lets
     * 32 slots serve a few per cent more than their mean rate).
     */
    @Test
    void aProbeAboveTheServiceRate_neverClaimsMoreThanTheServerSustains() {
        for (Backlog server : List.of(FAST, KNEE_LIGHT)) {
            for (double over : new double[] {1.01, 1.02, 1.04, 1.07, 1.10, 1.15}) {
                for (int seed = 0; seed < 20; seed++) {
                    double rate = server.serviceRate() * over;
                    Measurement m = server.probe(rate, 3, 3, new SplittableRandom(seed));
                    assertThat(rate / (1 + m.hiddenOverload())).as("%s at %.3f x its rate, seed %d", server, over, seed)
                            .isLessThanOrEqualTo(server.serviceRate() * (server == FAST ? 1.001 : 1.03));
                }
            }
        }
    }

    @Test
    void aHealthyServer_hidesNoOverloadWorthTheName() {
        for (int seed = 0; seed < 20; seed++) {
            assertThat(FAST.probe(FAST.serviceRate() / 2, 3, 3, new SplittableRandom(seed)).hiddenOverload()).isLessThan(0.01);
            assertThat(KNEE_LIGHT.probe(12, 3, 3, new SplittableRandom(seed)).hiddenOverload()).isLessThan(0.01);
        }
    }

    @Test
    void aClientLateToSendItsLastRequests_isNotCountedAsTheServersBacklog() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double t = 3 + i * 0.1; // 10 req/s over a 3 s window, answered 10 ms after they are sent
            double lag = i >= 27 ? 0.4 : 0; // the client sent the last three 400 ms late
            long s = Math.round(t * 1e9);
            long sent = Math.round((t + lag) * 1e9);
            records.add(RequestRecord.builder(i).phase(Phase.MEASURED).scheduledNanos(s).slotNanos(s).dispatchNanos(sent)
                    .sentNanos(sent).headersNanos(sent + 10_000_000).firstTokenNanos(sent + 10_000_000)
                    .lastTokenNanos(sent + 500_000_000).doneNanos(sent + 500_000_000).status(200).inputTokens(10).outputTokens(50)
                    .outputTokensSource(TokenSource.USAGE).chunks(50).maxStallNanos(10_000_000).build());
        }

        assertThat(Measurement.of(10, records, SLO, Duration.ofSeconds(3)).hiddenOverload()).isZero();
    }

    /**
     * 100 seeded searches as {@code capacity --probe-duration 3s} runs them (ramp probes 2 s, refining ones 3 s or 72
     * requests, 3 s of warm-up, tolerance 5 %, 12 probes) against the single-slot server. Measured when written: the
     * interval covered its 400 req/s in 97 of 100 searches with each probe's hidden overload (median estimate 413,
     * median half-width 4.0 %), in 0 of 100 without (425.7, 4.6 %). The rate its long runs hold 95 % at (600 s after
     * 60 s of warm-up, 396.6 req/s: a stationary queue's tail, 0.85 % below the service rate) was covered in 38 of
     * 100 (0 without): that tail forms over tens of seconds and no probe of a few seconds from idle sees it
     * (docs/acceptance.md, "Short probes and the sustained capacity").
     */
    @Test
    void seededSearchesWithShortProbes_coverTheServiceRate_onlyWithEachProbesHiddenOverload() throws Exception {
        assertThat(coverage(true)).as("with the hidden overload").isGreaterThanOrEqualTo(90);
        assertThat(coverage(false)).as("without it: the interval lies above what the server sustains").isLessThanOrEqualTo(10);
    }

    private static int coverage(boolean hidden) throws Exception {
        int covered = 0;
        for (int seed = 0; seed < 100; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(TARGET, 4, 0.5, 2000, 0.05, 12),
                    new CapacitySearch.Probe() {
                        @Override
                        public Measurement measure(double rate, int attempt) {
                            return measure(rate, attempt, false);
                        }

                        @Override
                        public Measurement measure(double rate, int attempt, boolean ramp) {
                            Measurement m = FAST.probe(rate, 3, ramp ? 2 : Math.max(3, 72 / rate), random);
                            return hidden ? m : new Measurement(rate, m.sent(), m.good(), new double[] {100}, new double[] {1000});
                        }
                    }).run();
            covered += r.lowerRate() <= FAST.serviceRate() && FAST.serviceRate() <= r.upperRate() ? 1 : 0;
        }
        return covered;
    }

    /**
     * 40 seeded searches with 10 s refining probes (3 s of warm-up; ramp probes 2 s) against knee-light's model, judged
     * against the rate its long runs hold 95 % at (1,500 s after 60 s of warm-up per rate, from 22 to 24.5 req/s: about
     * 22.3). Its misses come in queue episodes tens of requests long, so a probe's requests are far from independent
     * trials: read as such, the interval covered that rate in 9 of 40 searches when written (every miss above it: a
     * short probe from idle flatters, and catches an episode or none by chance); weighed by their effective trials
     * ({@link EffectiveTrials}), in 40 of 40.
     */
    @Test
    void seededSearchesAgainstAQueueThatSettlesSlowly_coverItsLongRunCapacity_onlyWithEffectiveTrials() throws Exception {
        double truth = longRunCapacity(KNEE_LIGHT, new double[] {22, 22.5, 23, 23.5, 24, 24.5});
        assertThat(truth).as("knee-light's model holds 95 %% up to about 22.3 req/s in the long run").isBetween(21.8, 22.8);

        assertThat(kneeLightCoverage(truth, true)).as("with effective trials").isGreaterThanOrEqualTo(36);
        assertThat(kneeLightCoverage(truth, false)).as("each request an independent trial").isLessThanOrEqualTo(16);
    }

    /** Where the attainment of long runs (60 s of warm-up, 1,500 s measured) crosses the target, linear between rates. */
    private static double longRunCapacity(Backlog server, double[] rates) {
        double previousRate = 0;
        double previous = 1;
        for (double r : rates) {
            double a = server.probe(r, 60, 1500, new SplittableRandom(7)).attainment();
            if (a < TARGET) {
                return previousRate + (previous - TARGET) / (previous - a) * (r - previousRate);
            }
            previousRate = r;
            previous = a;
        }
        return Double.NaN;
    }

    private static int kneeLightCoverage(double truth, boolean effectiveTrials) throws Exception {
        int covered = 0;
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            CapacitySearch.Result r = new CapacitySearch(new CapacitySearch.Settings(TARGET, 4, 0.5, 2000, 0.05, 10)
                    .withEffectiveTrials(effectiveTrials), new CapacitySearch.Probe() {
                        @Override
                        public Measurement measure(double rate, int attempt) {
                            return measure(rate, attempt, false);
                        }

                        @Override
                        public Measurement measure(double rate, int attempt, boolean ramp) {
                            double measured = ramp ? 2 : 10;
                            List<RequestRecord> records = KNEE_LIGHT.run(rate, ramp ? 1 : 3, measured, random);
                            Measurement m = Measurement.of(rate, records, SLO, Duration.ofNanos(Math.round(measured * 1e9)));
                            return effectiveTrials ? m.withEffectiveTrials(records, SLO) : m;
                        }
                    }).run();
            covered += r.lowerRate() <= truth && truth <= r.upperRate() ? 1 : 0;
        }
        return covered;
    }
}
