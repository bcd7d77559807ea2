package dev.infergate.scale;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.ShardRule;
import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import dev.infergate.record.ScaleOut;
import dev.infergate.record.ShardMerge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Merges what a fleet's workers left into one run directory: every record of every collected shard (without
 * loss, through {@link ShardMerge}), run.json from the first shard with a {@code scale_out} block (the published
 * start, each worker's start offset and client lag, the start spread, each shard's state), and summary.json.
 * The merged run is partial, naming the shards, when any shard did not run to its end or left nothing behind.
 */
public final class FleetMerge {
    private FleetMerge() {}

    /** A shard's state in the merged run. */
    enum State { COMPLETE, PARTIAL, MISSING }

    /** Merges and summarises; returns the summary. */
    public static Summary merge(LaunchSpec spec, String fleet, Instant startAt, List<ShardOutcome> outcomes)
            throws IOException {
        Files.createDirectories(spec.out());
        List<Path> dirs = new ArrayList<>();
        List<ScaleOut.Shard> shards = new ArrayList<>();
        List<String> incomplete = new ArrayList<>();
        RunDocument run = null;
        double minOffset = Double.POSITIVE_INFINITY;
        double maxOffset = Double.NEGATIVE_INFINITY;
        for (ShardOutcome o : outcomes) {
            Path dir = spec.shardDir(o.shard());
            boolean present = o.collected() && Files.exists(dir.resolve(RunLog.RUN_FILE));
            RunDocument shardRun = present ? RunDocument.read(dir) : null;
            State state = state(dir, shardRun);
            if (state != State.COMPLETE) {
                incomplete.add("shard " + o.shard() + " of " + spec.workers()
                        + (state == State.MISSING ? " left no results" : " did not run to its end") + exitNote(o));
            }
            if (present && Files.exists(dir.resolve(RunLog.REQUESTS_FILE))) {
                dirs.add(dir);
            }
            if (run == null && shardRun != null) {
                run = shardRun; // its keys, of any version, kept as they are
            } else if (shardRun != null && ShardRule.disagreement(run, shardRun) != null) {
                throw new IOException("shard " + o.shard() + " in " + dir + " differs from the first shard in '"
                        + ShardRule.disagreement(run, shardRun) + "': the workers did not run one plan");
            }
            Double offsetMs = o.startOffsetMicros() == null ? null : o.startOffsetMicros() / 1e3;
            if (offsetMs != null) {
                minOffset = Math.min(minOffset, offsetMs);
                maxOffset = Math.max(maxOffset, offsetMs);
            }
            shards.add(new ScaleOut.Shard(o.shard(), state.name().toLowerCase(Locale.ROOT), o.exitCode(), offsetMs,
                    present ? clientLag(dir) : null));
        }
        if (run == null) {
            throw new IOException("no worker left any results in " + spec.out().resolve("shards") + ": nothing to merge");
        }
        ScaleOut scaleOut = new ScaleOut(spec.workers(), fleet, startAt == null ? null : startAt.toString(),
                spec.startLead().toMillis() / 1e3,
                minOffset > maxOffset ? null : Math.round((maxOffset - minOffset) * 1e3) / 1e3, shards);
        run.withStartedAt(startAt == null ? (String) run.document().get(RunDocument.STARTED_AT) : startAt.toString())
                .withEndedAt(Instant.now().toString())
                .withLoadShard("merged " + spec.workers())
                .withPartialReason(incomplete.isEmpty() ? null : String.join("; ", incomplete))
                .withShards(dirs.stream().map(d -> spec.out().relativize(d).toString()).toList())
                .withScaleOut(scaleOut)
                .write(spec.out());
        ShardMerge.mergeRecords(dirs, spec.out());
        return Summarizer.write(spec.out());
    }

    /** The shard's state by {@link ShardRule}, the one rule {@code merge} uses too; a failed run still ended. */
    static State state(Path dir, RunDocument shardRun) {
        if (shardRun == null) {
            return State.MISSING;
        }
        return ShardRule.complete(dir, shardRun) ? State.COMPLETE : State.PARTIAL;
    }

    private static String exitNote(ShardOutcome o) {
        if (o.exitCode() == null) {
            return " (still running or lost at the end)";
        }
        return o.exitCode() == 0 ? "" : " (exit " + o.exitCode() + (o.exitCode() == 137 || o.exitCode() == -1
                ? ", killed" : "") + ")";
    }

    private static JsonNode clientLag(Path dir) {
        ClientLag lag = new ClientLag();
        RunLog.readRecords(dir, r -> {
            if (r.measured()) {
                lag.add(r);
            }
        });
        return Summarizer.JSON.valueToTree(lag.figures()); // as summary.json's client block
    }
}
