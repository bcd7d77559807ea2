package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.Optional;

/** How requests are started: a fixed number of virtual users (closed loop), arrivals on a schedule (open loop), or agent sessions of turns that depend on earlier answers. */
public sealed interface LoadModel permits ClosedLoop, OpenLoop, SessionLoop {

    /** The closed set of load models, by the {@code mode} run.json names them with. */
    enum Kind {
        CLOSED("closed"), OPEN("open"), SESSIONS("sessions");

        private final String mode;

        Kind(String mode) {
            this.mode = mode;
        }

        /** The {@code load.mode} of run.json. */
        public String mode() {
            return mode;
        }
    }

    /** Which model this is; agent sessions need the session workload. */
    Kind kind();

    /** Schedules requests until the limits or a stop; returns once scheduling is over (requests may still be in flight). */
    void schedule(RunContext run) throws InterruptedException;

    /** The most requests this model can have in flight at once (sizes the connection pool); 0 when unbounded. */
    int maxInFlight();

    /**
     * How many requests the client lets in flight at once; later ones wait in the client for a slot, and their
     * wait is recorded as queue wait. 0: no cap in the client (a closed loop and agent sessions hold their own
     * requests back: a user or a session sends its next one when the last finished).
     */
    int clientConcurrencyCap();

    /**
     * How many requests may wait for a slot under {@link #clientConcurrencyCap}; one more is recorded as
     * {@code not_sent} at once ({@link ClientBounds}).
     */
    default int clientQueueLimit() {
        return ClientBounds.DEFAULT_MAX_QUEUED;
    }

    /**
     * The limits a run of this model keeps, given the ones asked for: those for the closed and open loops;
     * agent sessions end when their sessions did, so they keep only the asked duration and drain timeout.
     */
    RunLimits limits(RunLimits asked);

    /**
     * The arrival schedule requests start on: an open loop's; empty for the closed loop and agent sessions, whose
     * requests start when earlier ones finished. Lets callers reshape arrivals (ramp-up, a trace's context) without
     * knowing the model's type.
     */
    default Optional<ArrivalSchedule> arrivals() {
        return Optional.empty();
    }

    /**
     * This model with its requests started on {@code arrivals} instead, everything else kept.
     *
     * @throws IllegalStateException for a model without an arrival schedule ({@link #arrivals()} empty)
     */
    default LoadModel withArrivals(ArrivalSchedule arrivals) {
        throw new IllegalStateException("a " + kind().mode() + " load has no arrival schedule to replace");
    }

    /** Describes the model for run.json's {@code load} block. */
    LoadDescription description();

}
