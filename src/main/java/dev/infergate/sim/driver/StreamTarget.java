package dev.infergate.sim.driver;

import dev.infergate.sim.engine.Emission;
import io.vertx.core.Context;

/** Where a sequence's tokens go: a connection living on a Vert.x context. */
public interface StreamTarget {

    /** The context (event loop) that owns the connection; {@link #onEmission} runs there. */
    Context context();

    /**
     * A new token, delivered on {@link #context()}.
     *
     * @param intendedNanos when the model says the token exists ({@link System#nanoTime()} time base)
     */
    void onEmission(Emission emission, long intendedNanos);

    /**
     * As {@link #onEmission(Emission, long)}, with the engine's stall counter ({@link DispatchLateness#stalledNanos})
     * as it stood when the token was handed over: it counts every stall that pushed this token's model time back, and
     * not the stall of the late step that made this token itself late (recorded after the hand-over, and already in
     * the token's lateness), so a request's delay adds the two without counting one stall twice.
     */
    default void onEmission(Emission emission, long intendedNanos, long stalledNanos) {
        onEmission(emission, intendedNanos);
    }
}
