package dev.infergate.load;

import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/** Gap samplers and seeding shared by the schedules. Package-private: the schedules are the API. */
final class Gaps {
    static final double NANOS_PER_SECOND = 1e9;

    private Gaps() {}

    /** A generator seeded from {@code seed} and a stream number, so independent streams never overlap. */
    static UniformRandomProvider rng(long seed, long stream) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(new long[] {mix64(seed), mix64(seed ^ mix64(stream + 1))});
    }

    /** SplitMix64's finaliser: a bijection on longs that spreads nearby inputs far apart. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Gap lengths in nanoseconds (as doubles, so long runs accumulate no rounding drift). */
    static DoubleSupplier sampler(ArrivalKind kind, double ratePerSecond, double shape, UniformRandomProvider rng) {
        double meanNanos = NANOS_PER_SECOND / ratePerSecond;
        return switch (kind) {
            case CONSTANT -> () -> meanNanos; // schedules use RenewalIterator.constant, exact for any n
            case POISSON -> ZigguratSampler.Exponential.of(rng, meanNanos)::sample;
            case GAMMA -> AhrensDieterMarsagliaTsangGammaSampler.of(rng, shape, meanNanos / shape)::sample;
        };
    }

    static void checkRate(String name, double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException(name + " (" + ratePerSecond + ") must be > 0 and finite");
        }
    }

    static void checkShape(double shape) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("burstiness (" + shape + ") must be > 0 and finite");
        }
    }
}
