package dev.infergate.client;

import dev.infergate.record.Phase;
import dev.infergate.workload.RequestSpec;

/**
 * One request as the load model hands it to the client.
 *
 * @param spec           what to send
 * @param scheduledNanos when the load model meant it to start (absolute {@link System#nanoTime()} value)
 * @param phase          warm-up or measured
 * @param condition      the scenario or matrix condition label, or null
 * @param session        agent-session id, or null
 * @param turn           turn within the session, or -1
 * @param slotNanos      when a concurrency slot was free for it (absolute): {@code scheduledNanos} when one was
 *                       free at once; the client's lag is counted from the later of the two
 */
public record Dispatch(RequestSpec spec, long scheduledNanos, Phase phase, String condition, String session, int turn,
        long slotNanos) {
    public Dispatch {
        if (spec == null || phase == null) {
            throw new IllegalArgumentException("spec and phase must not be null");
        }
    }

    /** A request that never waited for a slot. */
    public Dispatch(RequestSpec spec, long scheduledNanos, Phase phase, String condition, String session, int turn) {
        this(spec, scheduledNanos, phase, condition, session, turn, scheduledNanos);
    }

    public static Dispatch of(RequestSpec spec, long scheduledNanos, Phase phase) {
        return new Dispatch(spec, scheduledNanos, phase, null, null, -1);
    }
}
