package dev.infergate.analysis;

import dev.infergate.record.RunLog;
import java.util.Map;

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
    static String partialReason(Map<String, Object> run, RunLog.Read read) {
        if (Boolean.TRUE.equals(run.get("partial"))) {
            Object reason = run.get("partial_reason");
            return reason != null ? reason.toString() : "the run was stopped early";
        }
        if (run.containsKey(RunLog.ENDED_AT) && run.get(RunLog.ENDED_AT) == null) {
            return "killed or crashed before it ended: run.json has no ended_at";
        }
        if (read.torn()) {
            return "requests.jsonl ends in a torn line " + read.tornLine() + ": the run was killed while writing";
        }
        if (!run.containsKey(RunLog.ENDED_AT)) {
            long planned = plannedRequests(Summarizer.asMap(run.get("load")));
            if (planned > 0 && read.records() < planned) {
                return read.records() + " of " + planned + " planned requests have a record";
            }
        }
        return null;
    }

    /** Requests (warm-up included) a count-limited, unsharded run plans; 0 when the plan is not a count. */
    private static long plannedRequests(Map<String, Object> load) {
        if (load == null || !(load.get("requests") instanceof Number requests) || load.get("duration_s") != null
                || load.get("warmup_s") != null) {
            return 0;
        }
        Object shard = load.get("shard");
        if (shard != null && !"0/1".equals(shard.toString())) {
            return 0;
        }
        long warmup = load.get("warmup_requests") instanceof Number w ? w.longValue() : 0;
        return requests.longValue() + warmup;
    }
}
