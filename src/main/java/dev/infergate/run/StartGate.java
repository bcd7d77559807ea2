package dev.infergate.run;

import java.time.Instant;

/**
 * Holds a run at its start until someone else says when to go: the barrier of a scale-out launcher, which waits
 * until every worker is set up (preflight, warm-up done) and then publishes one wall-clock start for all of them.
 */
public interface StartGate {
    /**
     * Called once set-up is done and only the schedule is left; blocks until the start instant is known.
     *
     * @param stopRun stops the run (no new requests, partial summary); the gate may call it later from any thread,
     *                for example when the launcher publishes a stop
     * @return the wall-clock start of the schedule, or null when the run was stopped before it started
     */
    Instant awaitStart(Runnable stopRun) throws InterruptedException;

    /**
     * Called when the wait for the start is over and the schedule's origin is fixed (it lies a fixed 50 ms of
     * set-up ahead, the same on every worker).
     *
     * @param wallClock the wall-clock time on this machine; minus the published start it is this worker's start
     *                  offset (late when positive)
     */
    void started(Instant wallClock);
}
