package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo's capacity step (start 12 req/s, at most 19, 6 probes a side, the sides probed in turn and compared) against
 * a fake made of the demo's own probes: every probe of 23 full demos (src/test/resources/capacity/demo-probes.csv). Near
 * a simulator's knee a probe either holds (100 %) or catches a queue it does not get out of (40-75 %): the candidate held
 * at 12.0 req/s in 27 of 27 probes and missed at 11.92 and 11.95, the baseline missed in about half of its probes at
 * 9.4-10.1 (those demos counted a probe's trials on its queue waits alone; the last test replays 10 demos of the build
 * that counts them as now). Such outcomes are not the binomial noise of one curve that the synthetic fakes draw
 * ({@link CapacitySearchTest}), so a placement rule is checked here too. Each side's chance that a probe misses is a
 * logistic curve in log rate fitted to its probes (maximum likelihood), and a probe's outcome (its attainment, the
 * trials its requests are worth, its hidden overload) is one of the 6 probes nearest in rate that missed, or held, as
 * drawn.
 */
class CapacitySearchOnDemoProbesTest {
    private static final int PAIRS = 400;
    private static Side baseline;
    private static Side candidate;
    private static Side baselineByMargins;
    private static Side candidateByMargins;

    @BeforeAll
    static void read() throws Exception {
        Side[] sides = read("/capacity/demo-probes.csv");
        baseline = sides[0];
        candidate = sides[1];
        sides = read("/capacity/demo-probes-margins.csv");
        baselineByMargins = sides[0];
        candidateByMargins = sides[1];
    }

    /** {baseline, candidate} read from a CSV of probes, each side's curve fitted. */
    private static Side[] read(String resource) throws Exception {
        Side base = new Side();
        Side cand = new Side();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                CapacitySearchOnDemoProbesTest.class.getResourceAsStream(resource)), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",");
                Probe p = new Probe(Double.parseDouble(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Double.parseDouble(f[4]), Double.parseDouble(f[5]));
                (f[0].equals("baseline") ? base : cand).probes.add(p);
            }
        }
        base.fit();
        cand.fit();
        return new Side[] {base, cand};
    }

    /**
     * The demo's difference, as its ten-run sets found it (8 and 9 of 10 decided, Dec 6): on this fake it excluded zero in
     * 361 of 400 seeded pairs (90.3 %), never the wrong way; identical baselines in none (Dec 6, when written; the fitted
     * curves: a miss as likely as not at 9.77 req/s on the baseline, 12.32 on the candidate, its scale 3.2 % and 1.1 % of
     * the rate). Placement rules tried against it and {@link CapacitySearchTest}'s fake, not adopted (docs/acceptance.md,
     * "Where to probe, and when to stop"): a facing probe cut where the other side's interval reaches instead of at its
     * estimate (380 here, but 3 of 100 where the rule kept gives at least 35 there), a look-ahead of each facing rate's two
     * outcomes (24 of 100 there), and the 12 req/s ramp probe run again once the gap above it is narrow (337 here; 1 of 3 real
     * demos decided).
     */
    @Test
    void theDemosSides_areToldApartInAbout9of10Pairs_neverTheWrongWay_andIdenticalBaselinesNever() throws Exception {
        int[] apart = pairs(baseline, candidate);
        assertThat(apart[0]).as("baseline vs candidate: pairs whose interval excludes zero").isGreaterThanOrEqualTo(PAIRS * 85 / 100);
        assertThat(apart[1]).as("of which the candidate came out lower").isZero();
        assertThat(pairs(baseline, baseline)[0]).as("identical baselines told apart").isLessThanOrEqualTo(PAIRS * 2 / 100);
    }

    /**
     * A known gap, kept from getting worse: two identical candidates are told apart in 67 of 400 pairs (16.8 %, when
     * written; 71 before a side that held nowhere counted as its lowest probe for the difference's end it flatters),
     * either way round. A probe that falls behind near the candidate's sharp knee (11.9-12.1 req/s: 50-75 % good,
     * its last arrivals all missing) counts as all its requests, a sure miss, while the same server held at 12.0 in 27 of
     * 27 probes: whether a 6 s probe at 99 % of its capacity catches a queue it does not leave is itself chance, which no
     * probe's own trials show. The same server in real demo-sized A/A runs: docs/acceptance.md, "Capacity at the SLO".
     * With the posterior restricted to monotone curves and each probe placed against the other side's estimate of the
     * moment it runs (Dec 7, narrower intervals): 92 of 400 (23.0 %); the sides 380 (361), identical baselines 1.
     */
    @Test
    void identicalCandidates_areToldApartInAboutOneQuarterOfPairs_aKnownGap() throws Exception {
        assertThat(pairs(candidate, candidate)[0]).as("identical candidates told apart").isLessThanOrEqualTo(PAIRS * 25 / 100);
    }

    /**
     * The same search on the probes of 10 demos of the build that counts a probe as the smaller of its queue waits' looks
     * and its margins' worth (src/test/resources/capacity/demo-probes-margins.csv, Dec 7; the probes above were counted
     * on the waits alone). When written: the sides told apart in 245 of 400 pairs (61 %; the real ten demos: 8 of 10),
     * never the wrong way; identical baselines in none; identical candidates in 122 (30.5 %), more than the real
     * demo-sized A/A runs of that build showed (docs/acceptance.md, "Under a TPOT target"): its candidate's curve is wider
     * (a miss as likely as not at 12.37 req/s, its scale 2.7 % of the rate, against 1.1 % above), and a probe at its knee
     * whose last arrivals all missed still counts as all its requests. Kept from getting worse while that is open.
     * With the posterior restricted to monotone curves and each probe placed against the other side's estimate of the
     * moment it runs (Dec 7): the sides 300 of 400, never the wrong way; identical baselines 0; identical candidates 171
     * (42.8 %; 150 with the placement of before): the fake draws each probe's outcome from the real probes of ten demos
     * nearest its rate, whatever load each demo ran under and whatever wave its server was in, so its two candidates
     * differ more than one server's two copies do (real demo-sized A/A runs of this build: docs/acceptance.md).
     */
    @Test
    void onProbesCountedByTheirMargins_theSidesAreToldApartNeverTheWrongWay_identicalCandidatesAKnownGap() throws Exception {
        int[] apart = pairs(baselineByMargins, candidateByMargins);
        assertThat(apart[0]).as("baseline vs candidate: pairs whose interval excludes zero").isGreaterThanOrEqualTo(PAIRS * 55 / 100);
        assertThat(apart[1]).as("of which the candidate came out lower").isZero();
        assertThat(pairs(baselineByMargins, baselineByMargins)[0]).as("identical baselines told apart").isLessThanOrEqualTo(PAIRS * 2 / 100);
        assertThat(pairs(candidateByMargins, candidateByMargins)[0]).as("identical candidates told apart")
                .isLessThanOrEqualTo(PAIRS * 45 / 100);
    }

    /** {pairs whose difference's interval excludes zero, of which the difference is negative}. */
    private static int[] pairs(Side a, Side b) throws Exception {
        int apart = 0;
        int negative = 0;
        for (int seed = 0; seed < PAIRS; seed++) {
            CapacitySearch base = a.search(seed);
            CapacitySearch cand = b.search(100_000 + seed);
            base.compareWith(cand);
            cand.compareWith(base);
            CapacitySearchTest.inTurn(base, cand);
            CapacityDifference d = CapacityDifference.of(base.result(), cand.result());
            if (d.excludesZero()) {
                apart++;
                negative += d.perHour() < 0 ? 1 : 0;
            }
        }
        return new int[] {apart, negative};
    }

    private record Probe(double rate, int sent, int good, double trials, double hiddenOverload) {
        boolean missed() {
            return good < 0.95 * sent;
        }
    }

    /** One side's probes, and the logistic curve of its chance of a miss against log rate. */
    private static final class Side {
        final List<Probe> probes = new ArrayList<>();
        double centre;
        double scale;

        void fit() {
            double best = Double.NEGATIVE_INFINITY;
            for (double c = Math.log(5); c < Math.log(20); c += 0.002) {
                for (double s = 0.002; s < 0.3; s *= 1.05) {
                    double ll = 0;
                    for (Probe p : probes) {
                        double miss = Math.min(1 - 1e-9, Math.max(1e-9, missChance(p.rate(), c, s)));
                        ll += Math.log(p.missed() ? miss : 1 - miss);
                    }
                    if (ll > best) {
                        best = ll;
                        centre = c;
                        scale = s;
                    }
                }
            }
        }

        static double missChance(double rate, double centre, double scale) {
            return 1 / (1 + Math.exp(-(Math.log(rate) - centre) / scale));
        }

        CapacitySearch search(long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            CapacitySearch.Settings settings = new CapacitySearch.Settings(0.95, 12, 0.05, 19, 0.03, 6).withEffectiveTrials(true);
            return CapacityFitTest.demoSearch(settings, (rate, sent) -> {
                boolean miss = random.nextDouble() < missChance(rate, centre, scale);
                List<Probe> near = probes.stream().filter(p -> p.missed() == miss)
                        .sorted(Comparator.comparingDouble(p -> Math.abs(Math.log(p.rate() / rate)))).limit(6).toList();
                Probe p = near.get(random.nextInt(near.size()));
                int good = (int) Math.round((double) p.good() / p.sent() * sent);
                double trials = Math.max(1, Math.min(sent, p.trials() / p.sent() * sent));
                return Measurement.counted(rate, sent, good, rate, null, p.hiddenOverload(), trials);
            });
        }
    }
}
