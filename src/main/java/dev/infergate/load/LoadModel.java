package dev.infergate.load;

import java.util.Map;

/** How requests are started: a fixed number of virtual users (closed loop), arrivals on a schedule (open loop), or agent sessions of turns that depend on earlier answers. */
public sealed interface LoadModel permits ClosedLoop, OpenLoop, SessionLoop {

    /** Schedules requests until the limits or a stop; returns once scheduling is over (requests may still be in flight). */
    void schedule(RunContext run) throws InterruptedException;

    /** The most requests this model can have in flight at once (sizes the connection pool); 0 when unbounded. */
    int maxInFlight();

    /** Describes the model for run.json. */
    Map<String, Object> describe();
}
