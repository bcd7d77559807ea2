package dev.infergate.client;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.FinishedRequest;
import dev.infergate.record.InputParts;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import dev.infergate.workload.RequestSpec;

/**
 * A request as it finished. The client hands it to two places: at once, on the request's event loop, to the
 * caller's {@link RequestClient.Listener}, which reads what it needs to go on (a slot frees, an agent session
 * sends its next turn); and to the record writer, which builds the request's one {@link RequestRecord} from it
 * on its own thread ({@link #toRecord}), with the inter-token histogram encoded and the output tokens counted
 * there. This is the one place a sent request's record is built.
 *
 * @param dispatch          the request as the load model handed it over
 * @param worker            the shard that sent it
 * @param originNanos       the run origin; the record's marks are relative to it
 * @param stream            what the response's bytes said
 * @param error             why it failed (the client's own reason before the response's), or null
 * @param errorDetail       a short detail of the failure, credentials redacted, or null
 * @param doneAtNanos       the end of the response or the moment of failure ({@link System#nanoTime()})
 * @param retryAfterSeconds the {@code Retry-After} of a 429, or -1
 * @param outputSource      where the output token count comes from
 * @param outputTokens      the server's usage, or the events of a failed stream; 0 until the writer counts
 *                          them when the source is {@link TokenSource#CLIENT}
 * @param client            the client's own figures: its retry, connections, dispatch and connect wait
 */
public record Completion(Dispatch dispatch, int worker, long originNanos, StreamResult stream, ErrorClass error,
        String errorDetail, long doneAtNanos, double retryAfterSeconds, TokenSource outputSource, int outputTokens,
        ClientFigures client) implements FinishedRequest {

    /**
     * What the client did for the request, beside the response.
     *
     * @param retries            sends again after a kept-alive connection was lost unanswered (0 or 1)
     * @param retryDelayNanos    from the first attempt's send to the retry's, or ABSENT without retry
     * @param connectionsOpened  new connections the request opened
     * @param dispatchAtNanos    when the write started ({@link System#nanoTime()}), or ABSENT
     * @param connectWaitNanos   the wait for a connection (a duration), or ABSENT
     * @param documents          the documents the client sent with a rerank or score request, 0 for other APIs
     */
    public record ClientFigures(int retries, long retryDelayNanos, int connectionsOpened, long dispatchAtNanos,
            long connectWaitNanos, int documents) {

        /** A request without documents. */
        public ClientFigures(int retries, long retryDelayNanos, int connectionsOpened, long dispatchAtNanos,
                long connectWaitNanos) {
            this(retries, retryDelayNanos, connectionsOpened, dispatchAtNanos, connectWaitNanos, 0);
        }
    }

    private static final long ABSENT = RequestRecord.ABSENT;

    public long id() {
        return dispatch.spec().id();
    }

    public boolean succeeded() {
        return error == null;
    }

    /** The record's {@code done} mark: {@link #doneAtNanos} relative to the origin. */
    public long doneNanos() {
        return rel(doneAtNanos);
    }

    /** The server's {@code usage.completion_tokens}, or -1 when it sent none. */
    public int usageOutputTokens() {
        return outputSource == TokenSource.USAGE ? outputTokens : -1;
    }

    /** The generated text received (reasoning, content, tool-call arguments) of choice 0. */
    public String outputText() {
        return stream.outputText();
    }

    @Override
    public int[] itlGapsMicros() {
        return stream.events().itlGapsMicros();
    }

    @Override
    public String textToCount() {
        return outputSource == TokenSource.CLIENT ? stream.outputText() : null;
    }

    @Override
    public RequestRecord toRecord(String itlHistogram, int countedOutputTokens) {
        StreamResult.Marks m = stream.marks();
        StreamResult.Events e = stream.events();
        StreamResult.Usage u = stream.usage();
        int input = dispatch.spec().inputTokens();
        boolean reasoned = e.reasoningEvents() > 0;
        return new RequestRecord(id(), worker, dispatch.phase(), dispatch.condition(), dispatch.session(), dispatch.turn(),
                new RequestRecord.Marks(Math.max(0, dispatch.scheduledNanos() - originNanos), rel(dispatch.slotNanos()),
                        rel(client.dispatchAtNanos()), rel(m.sentNanos()), rel(m.headersNanos()),
                        rel(m.firstTokenNanos()), rel(m.lastTokenNanos()), rel(doneAtNanos)),
                new RequestRecord.Outcome(stream.outcome().status(), error, errorDetail, retryAfterSeconds),
                new RequestRecord.Tokens(u.promptTokens() >= 0 ? u.promptTokens() : input, Math.max(-1, input),
                        countedOutputTokens >= 0 ? countedOutputTokens : outputTokens, outputSource, u.cachedTokens()),
                new RequestRecord.Events(e.chunks(), e.maxStallNanos(), itlHistogram, e.eventOffsetsNanos()),
                new RequestRecord.ClientFigures(client.retries(), client.retryDelayNanos(), client.connectionsOpened(),
                        client.connectWaitNanos()),
                new RequestRecord.Reasoning(rel(m.firstReasoningNanos()), reasoned ? rel(m.firstAnswerNanos()) : ABSENT,
                        e.reasoningEvents(), u.reasoningTokens()),
                inputParts());
    }

    /** What the request carried beside its text, from the spec and the documents the client sent. */
    private InputParts inputParts() {
        RequestSpec spec = dispatch.spec();
        if (spec.media().isEmpty() && client.documents() == 0) {
            return InputParts.NONE;
        }
        return new InputParts(spec.images(), spec.imageBytes(), spec.audioClips(), spec.audioBytes(), client.documents());
    }

    private long rel(long nanos) {
        return nanos == ABSENT ? ABSENT : Math.max(0, nanos - originNanos);
    }
}
