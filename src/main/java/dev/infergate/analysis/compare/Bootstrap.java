package dev.infergate.analysis.compare;

import dev.infergate.analysis.Distribution;
import dev.infergate.analysis.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Confidence intervals for the difference between a baseline and a candidate, by a seeded, stratified
 * percentile bootstrap.
 *
 * <p>Each resample draws each side independently in two stages: as many repeats as the side has, with
 * replacement (this carries the run-to-run drift a single run cannot show), then, within each drawn repeat,
 * as many requests as it holds, with replacement. Every statistic is computed on the same draw, and the
 * relative delta {@code cand / base - 1} of each draw is collected; the interval is the
 * {@code (1 - confidence) / 2} and {@code (1 + confidence) / 2} quantiles of those deltas.
 *
 * <p>Where the design is paired ({@link Pairing}: the same repeats and request ids on both sides, as
 * {@code accept} runs them), each resample draws the same repeats and, within them, the same requests on
 * both sides, so the spread between requests that both sides share (a long prompt is slow on either) drops
 * out of the delta's interval. Otherwise each side is drawn independently.
 *
 * <p>Pitfalls, stated so no-one is surprised: with several repeats and no real drift between them the two
 * stages count the request-level noise twice, so intervals are wider than needed (conservative: more
 * "inconclusive", never a false pass); with two or three repeats the repeat stage sees little of the drift
 * there is. The same seed and data give the same interval on every machine.
 */
public final class Bootstrap {
    /** Resamples by default: enough for stable 2.5 % and 97.5 % quantiles. */
    public static final int DEFAULT_RESAMPLES = 2000;
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /** Below this share of resamples with a defined delta, no interval is given. */
    private static final double MIN_DEFINED_SHARE = 0.9;

    private final int resamples;
    private final double confidence;
    private final long seed;

    /**
     * @param resamples  bootstrap draws, {@code >= 100}
     * @param confidence interval level, between 0.5 and 1 (exclusive)
     * @param seed       the seed; each call mixes it with its {@code stream} name
     */
    public Bootstrap(int resamples, double confidence, long seed) {
        if (resamples < 100) {
            throw new IllegalArgumentException("resamples (" + resamples + ") must be >= 100");
        }
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be in [0.5, 1)");
        }
        this.resamples = resamples;
        this.confidence = confidence;
        this.seed = seed;
    }

    public Bootstrap(long seed) {
        this(DEFAULT_RESAMPLES, DEFAULT_CONFIDENCE, seed);
    }

    public double confidence() {
        return confidence;
    }

    /**
     * Estimates every statistic on both sides with intervals.
     *
     * @param stream a name for this comparison (e.g. the condition), so each gets its own random stream
     *               and the result does not depend on the order comparisons are made in
     */
    public List<Estimate> compare(List<Statistic> statistics, Sample baseline, Sample candidate, String stream) {
        List<Statistic> stats = sortedByMetric(statistics);
        int s = stats.size();
        Evaluator evaluator = new Evaluator(stats);
        Resample draw = new Resample();
        double[] base = new double[s];
        double[] cand = new double[s];
        draw.identity(baseline);
        evaluator.evaluate(baseline, draw, base);
        draw.identity(candidate);
        evaluator.evaluate(candidate, draw, cand);

        double[][] deltas = new double[s][resamples];
        double[][] candidates = new double[s][resamples];
        double[] b = new double[s];
        double[] c = new double[s];
        SplittableRandom random = new SplittableRandom(mix(seed, stream));
        Pairing pairing = Pairing.of(baseline, candidate);
        Resample other = new Resample();
        for (int k = 0; k < resamples; k++) {
            if (pairing != null) {
                Resample.drawPaired(baseline, candidate, pairing, draw, other, random);
                evaluator.evaluate(baseline, draw, b);
                evaluator.evaluate(candidate, other, c);
            } else {
                draw.draw(baseline, random);
                evaluator.evaluate(baseline, draw, b);
                draw.draw(candidate, random);
                evaluator.evaluate(candidate, draw, c);
            }
            for (int i = 0; i < s; i++) {
                deltas[i][k] = Estimate.relative(b[i], c[i]);
                candidates[i][k] = c[i];
            }
        }
        List<Estimate> out = new ArrayList<>();
        for (Statistic wanted : statistics) {
            int i = stats.indexOf(wanted);
            double[] dInterval = interval(deltas[i]);
            double[] cInterval = interval(candidates[i]);
            long bn = baseline.defined(wanted.metric());
            long cn = candidate.defined(wanted.metric());
            boolean low = wanted.isPercentile()
                    && !(Distribution.enoughSamples(bn, wanted.percentile()) && Distribution.enoughSamples(cn, wanted.percentile()));
            out.add(new Estimate(wanted, base[i], cand[i], Estimate.relative(base[i], cand[i]), dInterval[0], dInterval[1],
                    cInterval[0], cInterval[1], bn, cn, baseline.repeats().size(), candidate.repeats().size(), confidence, low));
        }
        return out;
    }

    private static List<Statistic> sortedByMetric(List<Statistic> statistics) {
        List<Statistic> stats = new ArrayList<>(new java.util.LinkedHashSet<>(statistics));
        stats.sort(java.util.Comparator.comparingInt(st -> st.metric().ordinal()));
        return stats;
    }

    /** The percentile interval of the defined values; NaN when too few are defined. */
    private double[] interval(double[] values) {
        double[] defined = Arrays.stream(values).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toArray();
        if (defined.length < MIN_DEFINED_SHARE * values.length) {
            return new double[] {Double.NaN, Double.NaN};
        }
        Arrays.sort(defined);
        double alpha = (1 - confidence) / 2;
        return new double[] {
            Quantiles.ofSorted(defined, alpha * 100),
            Quantiles.ofSorted(defined, (1 - alpha) * 100)
        };
    }

    /** SplitMix64 finaliser over the seed and the stream name. */
    static long mix(long seed, String stream) {
        long z = seed + 0x9E3779B97F4A7C15L * (stream == null ? 0 : stream.hashCode() + 1L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
