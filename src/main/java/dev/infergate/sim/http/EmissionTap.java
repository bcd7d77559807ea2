package dev.infergate.sim.http;

/**
 * Sees each streamed token when its event was handed to the connection: the simulator's own timing, per
 * request, for a benchmark that compares what a client received with what the model meant. Called on the
 * connection's event loop; keep it cheap. Tokens that the delivery mode holds back (buffered, flush_every,
 * a stall) are not reported.
 */
@FunctionalInterface
public interface EmissionTap {
    /** Reports nothing: the default. */
    EmissionTap NONE = (requestId, tokenIndex, modelNanos, writtenNanos) -> { };

    /**
     * @param requestId    the request's {@code X-Request-Id} header, or null when it sent none
     * @param tokenIndex   the token's index in the answer (0 = first)
     * @param modelNanos   when the model says the token leaves ({@link System#nanoTime()} time base)
     * @param writtenNanos {@link System#nanoTime()} right after its event was written
     */
    void written(String requestId, int tokenIndex, long modelNanos, long writtenNanos);
}
