package dev.infergate.analysis;

import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;

/**
 * Whether a run directory holds a whole run or only part of one, decided from its files alone (so that
 * {@code summarize} after a kill -9 says "partial" just as the run itself would have). The rule, in order
 * (docs/results.md, "What survives"):
 * <ol>
 *   <li>run.json says {@code partial: true}: the run was stopped early (Ctrl-C, a log it could not write);</li>
 *   <li>run.json has {@code ended_at: null}: the run began but never ended (killed or crashed) — every run
 *       writes {@code ended_at} once its last record is in the log;</li>
 *   <li>requests.jsonl ends in a torn line: the run was killed while writing;</li>
 *   <li>only for logs of older versions, without {@code ended_at}: a run planned as a number of requests
 *       (no duration, not a shard) with fewer records than planned.</li>
 * </ol>
 */
final class Completeness {
    private Completeness() {}

    /** Why the run is partial, or null when it is whole. */
    static String partialReason(RunDocument run, RunLog.Read read) {
        if (run.partial()) {
            return run.partialReason() != null ? run.partialReason() : "the run was stopped early";
        }
        if (run.endedAtKey() && run.endedAt() == null) {
            return "killed or crashed before it ended: run.json has no ended_at";
        }
        if (read.torn()) {
            return "requests.jsonl ends in a torn line " + read.tornLine() + ": the run was killed while writing";
        }
        if (!run.endedAtKey()) {
            long planned = plannedRequests(run.load());
            if (planned > 0 && read.records() < planned) {
                return read.records() + " of " + planned + " planned requests have a record";
            }
        }
        return null;
    }

    /** Requests (warm-up included) a count-limited, unsharded run plans; 0 when the plan is not a count. */
    private static long plannedRequests(RunDocument.Load load) {
        if (load == null || load.requests() == null || load.durationS() != null || load.warmupS() != null) {
            return 0;
        }
        if (load.shard() != null && !"0/1".equals(load.shard())) {
            return 0;
        }
        return load.requests() + (load.warmupRequests() == null ? 0 : load.warmupRequests());
    }
}
