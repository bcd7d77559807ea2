package dev.infergate.workload;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Seeded generators for pure functions of (seed, id): every draw for request {@code id} comes from its own
 * generator, so a spec never depends on which other ids were computed before it, or on which shard runs it.
 */
final class Seeds {
    private Seeds() {}

    /** SplitMix64's finaliser: a bijection on longs that spreads nearby inputs far apart. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** The generator of request {@code id}'s draws. SplitMix64: cheap to create, fine for a few draws. */
    static UniformRandomProvider forId(long seed, long id) {
        return RandomSource.SPLIT_MIX_64.create(mix64(seed ^ mix64(id ^ 0x5851f42d4c957f2dL)));
    }

    /** A named stream for setup-time draws (filler text, prefixes, dataset order). */
    static UniformRandomProvider stream(long seed, String name, long index) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(
                new long[] {mix64(seed ^ name.hashCode()), mix64(seed + mix64(index + 1))});
    }
}
