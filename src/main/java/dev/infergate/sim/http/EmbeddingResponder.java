package dev.infergate.sim.http;

import dev.infergate.sim.driver.RealTimeDriver;
import dev.infergate.sim.driver.StreamTarget;
import dev.infergate.sim.engine.Emission;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import java.util.function.IntFunction;

/**
 * One {@code /v1/embeddings} answer (or rerank or score answer: prefill only as well): written whole when the engine's
 * prefill of the input ends (its one emission); a client that hangs up first frees its place in the engine.
 */
final class EmbeddingResponder implements StreamTarget {
    private final Context context;
    private final HttpServerResponse response;
    private final RealTimeDriver driver;
    private final long sequenceId;
    private final IntFunction<String> format;
    private boolean ended;

    EmbeddingResponder(Context context, HttpServerResponse response, RealTimeDriver driver, long sequenceId,
            IntFunction<String> format) {
        this.context = context;
        this.response = response;
        this.driver = driver;
        this.sequenceId = sequenceId;
        this.format = format;
    }

    void begin() {
        response.closeHandler(v -> {
            if (!ended) {
                ended = true;
                driver.cancel(sequenceId);
            }
        });
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public void onEmission(Emission e, long intendedNanos) {
        if (ended || !e.finished()) {
            return;
        }
        ended = true;
        response.setStatusCode(200).putHeader("Content-Type", "application/json").end(format.apply(e.promptTokens()));
    }
}
