package dev.infergate.scale;

/**
 * What became of one shard, as the launcher saw it.
 *
 * @param shard             the shard index
 * @param startOffsetMicros its origin minus the published start on its own clock, or null when it never started
 * @param exitCode          its exit code, or null when it did not end (still running at the end, or lost)
 * @param collected         whether its run directory could be collected
 */
public record ShardOutcome(int shard, Long startOffsetMicros, Integer exitCode, boolean collected) {
    public ShardOutcome {
        if (shard < 0) {
            throw new IllegalArgumentException("shard (" + shard + ") must be >= 0");
        }
    }
}
