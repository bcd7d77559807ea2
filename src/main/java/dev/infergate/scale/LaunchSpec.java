package dev.infergate.scale;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scale-out launcher runs: N shards of one {@code run}, started together at a barrier.
 *
 * @param workers      shards, one worker each, {@code >= 1}
 * @param runArgs      the {@code run} options every shard shares (without --shard, --start-at, --out, --prompt-salt)
 * @param promptSalt   the fresh-prompt salt every shard shares, so they send the prompts one process would
 * @param out          the merged run directory; the shards go to {@code out/shards/shard-I}
 * @param startLead    how far after the barrier opens the schedule starts: time for every worker to learn the start,
 *                     and room for the workers' clocks to disagree
 * @param readyTimeout how long to wait for every worker to be ready (image pulls, scheduling, preflight)
 * @param stopGrace    after a stop (Ctrl-C), how long to wait for workers to hand over what they measured
 */
public record LaunchSpec(int workers, List<String> runArgs, long promptSalt, Path out, Duration startLead,
        Duration readyTimeout, Duration stopGrace) {

    /** The options a launcher sets per shard, refused among the shared run options. */
    public static final List<String> PER_SHARD_OPTIONS = List.of("--shard", "--start-at", "--out", "--prompt-salt");

    public LaunchSpec {
        if (workers < 1) {
            throw new IllegalArgumentException("--workers (" + workers + ") must be >= 1");
        }
        if (startLead.isNegative()) {
            throw new IllegalArgumentException("--start-lead (" + startLead + ") must be >= 0");
        }
        if (readyTimeout.isNegative() || readyTimeout.isZero()) {
            throw new IllegalArgumentException("--ready-timeout (" + readyTimeout + ") must be > 0");
        }
        for (String arg : runArgs) {
            for (String option : PER_SHARD_OPTIONS) {
                if (arg.equals(option) || arg.startsWith(option + "=")) {
                    throw new IllegalArgumentException("leave " + option + " out of the run options: the launcher sets it per shard");
                }
            }
        }
        runArgs = List.copyOf(runArgs);
    }

    /** Shard {@code index}'s run directory. */
    public Path shardDir(int index) {
        return out.resolve("shards").resolve("shard-" + index);
    }

    /** The {@code run} options of shard {@code index}, writing to {@code dir}. */
    public List<String> shardRunArgs(int index, String dir) {
        List<String> args = new ArrayList<>(runArgs);
        args.addAll(List.of("--shard", index + "/" + workers, "--prompt-salt", Long.toString(promptSalt), "--out", dir,
                "--no-progress"));
        return args;
    }
}
