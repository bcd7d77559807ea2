package dev.infergate.analysis;

import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one rule for the shards of a sharded run, used by the {@code merge} command and by a fleet's merge
 * (scale/FleetMerge), so the two never disagree on what a shard is:
 * <ul>
 *   <li><b>complete</b> exactly when {@code summarize} would call the shard's own directory whole
 *       ({@link Completeness}): not {@code partial}, not {@code ended_at: null} (killed), no torn last line. A shard
 *       of an older version, written before {@code ended_at} existed, is judged by its log alone, as summarize
 *       judges it; absence of the key is not proof of a kill.</li>
 *   <li><b>of one run</b> only when every shard agrees with the first on {@link #AGREED}: the endpoint, the model, the
 *       API, the workload (its seed included) and the load (its seed and plan included), the load's {@code shard}
 *       aside, which is what differs between shards.</li>
 * </ul>
 */
public final class ShardRule {
    /** The run.json keys every shard of one run shares. */
    public static final List<String> AGREED = List.of(RunDocument.BASE_URL, RunDocument.MODEL, RunDocument.API,
            RunDocument.WORKLOAD, RunDocument.LOAD);

    private ShardRule() {}

    /** Whether the shard in {@code dir} (its run.json read as {@code run}) ran to its end. */
    public static boolean complete(Path dir, RunDocument run) {
        RunLog.Read read = Files.exists(dir.resolve(RunLog.REQUESTS_FILE)) ? RunLog.read(dir, r -> { })
                : new RunLog.Read(0, 0); // a shard that sent nothing: its run.json alone says whether it ended
        return Completeness.partialReason(run, read) == null;
    }

    /**
     * The first of {@link #AGREED} on which {@code other} differs from {@code first}, or null when they are shards
     * of one run as far as run.json says.
     */
    public static String disagreement(RunDocument first, RunDocument other) {
        for (String key : AGREED) {
            if (!Objects.equals(comparable(first, key), comparable(other, key))) {
                return key;
            }
        }
        return null;
    }

    private static Object comparable(RunDocument run, String key) {
        Object value = run.document().get(key);
        if (key.equals(RunDocument.LOAD) && value instanceof Map<?, ?> load) { // the shard is what differs
            Map<Object, Object> rest = new LinkedHashMap<>(load);
            rest.remove(RunDocument.LOAD_SHARD);
            return rest;
        }
        return value;
    }
}
