package dev.infergate.workload;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * A distribution of token counts (input or output lengths), always {@code >= 1}. Its text form, accepted by
 * {@link #parse} and returned by {@link #toString()}, is one of:
 * <ul>
 *   <li>{@code 512}: always 512;</li>
 *   <li>{@code 512:128}: normal with mean 512 and standard deviation 128, rounded, redrawn below 1;</li>
 *   <li>{@code uniform:256-1024}: uniform over the integers 256 to 1024 inclusive.</li>
 * </ul>
 */
public sealed interface LengthDistribution {

    String FORMS = "N (fixed, e.g. 512), MEAN:SD (normal, e.g. 512:128) or uniform:MIN-MAX (e.g. uniform:256-1024)";

    /** Draws one length, {@code >= 1}. */
    int sample(UniformRandomProvider rng);

    /** The distribution's mean (before truncation for {@link Normal}). */
    double mean();

    /**
     * Parses the text form.
     *
     * @throws WorkloadException one line naming the bad text and the accepted forms
     */
    static LengthDistribution parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.startsWith("uniform:")) {
                String[] range = t.substring("uniform:".length()).split("-", -1);
                if (range.length == 2) {
                    return new Uniform(Integer.parseInt(range[0].trim()), Integer.parseInt(range[1].trim()));
                }
            } else if (t.contains(":")) {
                String[] parts = t.split(":", -1);
                if (parts.length == 2) {
                    return new Normal(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()));
                }
            } else {
                return new Fixed(Integer.parseInt(t));
            }
        } catch (IllegalArgumentException e) { // NumberFormatException, or a record's range check
            throw new WorkloadException("bad length '" + text + "': "
                    + (e instanceof NumberFormatException ? "not a number" : e.getMessage()) + "; expected " + FORMS, e);
        }
        throw new WorkloadException("bad length '" + text + "'; expected " + FORMS);
    }

    /** Always {@code tokens}. */
    record Fixed(int tokens) implements LengthDistribution {
        public Fixed {
            if (tokens < 1) {
                throw new IllegalArgumentException("tokens (" + tokens + ") must be >= 1");
            }
        }

        @Override
        public int sample(UniformRandomProvider rng) {
            return tokens;
        }

        @Override
        public double mean() {
            return tokens;
        }

        @Override
        public String toString() {
            return Integer.toString(tokens);
        }
    }

    /**
     * Normal, rounded to an integer; a draw below 1 is redrawn (a true truncation, not a pile-up at 1), at
     * most 64 times, then clamped to 1.
     */
    record Normal(double mean, double sd) implements LengthDistribution {
        public Normal {
            if (!(mean >= 1) || Double.isInfinite(mean)) {
                throw new IllegalArgumentException("mean (" + mean + ") must be >= 1");
            }
            if (!(sd >= 0) || Double.isInfinite(sd)) {
                throw new IllegalArgumentException("sd (" + sd + ") must be >= 0");
            }
        }

        @Override
        public int sample(UniformRandomProvider rng) {
            ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
            for (int attempt = 0; attempt < 64; attempt++) {
                long value = Math.round(mean + sd * gaussian.sample());
                if (value >= 1) {
                    return (int) Math.min(value, Integer.MAX_VALUE);
                }
            }
            return 1;
        }

        @Override
        public String toString() {
            return format(mean) + ":" + format(sd);
        }

        private static String format(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }

    /** Uniform over {@code min..max} inclusive. */
    record Uniform(int min, int max) implements LengthDistribution {
        public Uniform {
            if (min < 1) {
                throw new IllegalArgumentException("min (" + min + ") must be >= 1");
            }
            if (max < min) {
                throw new IllegalArgumentException("max (" + max + ") must be >= min (" + min + ")");
            }
        }

        @Override
        public int sample(UniformRandomProvider rng) {
            return min + rng.nextInt(max - min + 1);
        }

        @Override
        public double mean() {
            return (min + (double) max) / 2;
        }

        @Override
        public String toString() {
            return "uniform:" + min + "-" + max;
        }
    }
}
