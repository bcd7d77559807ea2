package dev.infergate.workload;

/**
 * What each request of a run sends. {@link #spec} is a pure function of the workload's definition, its seed
 * and the id: two instances built from the same definition return equal specs for every id, whatever ids
 * were asked before, so each worker of a sharded run computes only the ids it owns. All setup (tokenizer
 * calibration, dataset loading) happens when the workload is created; {@code spec} then costs tens of
 * microseconds and is thread-safe.
 */
public interface Workload {

    /** The request with index {@code id} ({@code >= 0}). */
    RequestSpec spec(long id);

    /**
     * Describes the workload for run.json's {@code workload} block (and summary.json's {@code run.workload}), including
     * the tokenizer that counted the lengths and whether input lengths are exact under it.
     */
    WorkloadDescription describe();

    /**
     * One request per shared prefix of the workload's pool (its prefix and a short unique tail, one output
     * token), sent once before the run so the first measured request of each group is not a cold miss. Empty
     * when the workload has no shared prefixes. Ids are negative-free but outside the run's: {@code
     * Long.MAX_VALUE - group}.
     */
    default java.util.List<RequestSpec> prefixWarmups() {
        return java.util.List.of();
    }
}
