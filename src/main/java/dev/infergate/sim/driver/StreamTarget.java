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
}
