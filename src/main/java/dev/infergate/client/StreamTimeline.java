package dev.infergate.client;

import dev.infergate.client.openai.Chunk;
import dev.infergate.client.openai.ChunkDecoder;
import dev.infergate.client.openai.PayloadDecoder;
import dev.infergate.client.openai.ResponsesDecoder;
import dev.infergate.client.openai.ScoresDecoder;
import dev.infergate.client.sse.SseListener;
import dev.infergate.client.sse.SseParser;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.Text;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns one response, read by read, into its timeline marks and counts ({@link StreamResult}).
 *
 * <p>Timing contract: every timestamp is the caller's, in monotonic nanoseconds ({@code System.nanoTime()}
 * or an injected clock), taken where the bytes were read and <em>before</em> calling in; this class never
 * reads a clock, so parse cost cannot leak into the marks. An event's time is the {@code arrivalNanos} of
 * the read that completed it (the read holding its terminating blank line).
 *
 * <p>Call order: {@link #onSent}, {@link #onHeaders}, any number of {@link #onBytes}, then {@link #onEnd}
 * when the body ended normally; {@link #result()} after that, or at any time after the caller aborted the
 * request. Nothing here throws on bad bytes: they are classified instead. Single-threaded: create one per
 * request and use it from the thread that reads the response (the Vert.x event loop).
 *
 * <p>What counts as output, and how failures are classified: docs/metrics.md, "How a response is decoded".
 */
public final class StreamTimeline {

    /** Longest error detail kept, in characters. */
    public static final int MAX_DETAIL_CHARS = 300;
    /** Error bodies (non-2xx) are kept only up to this many bytes: enough for their message. */
    static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

    private static final long ABSENT = StreamResult.ABSENT;

    private final boolean streaming;
    private final boolean recordEventOffsets;
    private final PayloadDecoder decoder;
    private final SseParser sse;
    private final IntArray gapsMicros = new IntArray(64);
    private final StringBuilder text = new StringBuilder();
    private final BodyBuffer body;
    private final Redactor redactor;
    private long[] offsets;
    private int offsetCount;

    private long sentNanos = ABSENT;
    private long headersNanos = ABSENT;
    private long firstTokenNanos = ABSENT;
    private long firstReasoningNanos = ABSENT;
    private long firstAnswerNanos = ABSENT;
    private long lastTokenNanos = ABSENT;
    private long doneNanos = ABSENT;
    private long maxStallNanos = ABSENT;
    private int status;
    private int chunks;
    private int promptTokens = -1;
    private int completionTokens = -1;
    private int cachedTokens = -1;
    private int reasoningTokens = -1;
    private String finishReason;
    private int reasoningEvents;
    private int toolCallEvents;
    private int malformedEvents;
    private int sseItems;
    private long bodyBytes;
    private boolean doneSeen;
    private boolean partialEventAtEnd;
    private boolean ended;
    private boolean tooLarge;
    private ErrorClass bodyFailure;
    private String bodyFailureDetail;

    /**
     * @param streaming          whether the request asked for {@code stream: true} (an SSE body)
     * @param recordEventOffsets whether to keep each output event's arrival relative to sent (for timelines)
     */
    public StreamTimeline(boolean streaming, boolean recordEventOffsets) {
        this(streaming, recordEventOffsets, Timeouts.DEFAULT_MAX_BODY_BYTES, Timeouts.DEFAULT_MAX_EVENT_BYTES);
    }

    /**
     * @param maxBodyBytes  a non-streaming body beyond this many bytes fails as {@code too_large} ({@link #tooLarge})
     * @param maxEventBytes an SSE event beyond this many bytes is dropped and fails the request as {@code too_large}
     */
    public StreamTimeline(boolean streaming, boolean recordEventOffsets, int maxBodyBytes, int maxEventBytes) {
        this(Api.CHAT, streaming, recordEventOffsets, maxBodyBytes, maxEventBytes);
    }

    /** @param api whose wire format the payloads are in: the Responses API's events, or chat-style chunks */
    public StreamTimeline(Api api, boolean streaming, boolean recordEventOffsets, int maxBodyBytes, int maxEventBytes) {
        this(api, streaming, recordEventOffsets, maxBodyBytes, maxEventBytes, Redactor.none());
    }

    /**
     * @param redactor removes credentials from every error detail <em>before</em> it is cut to
     *                 {@link #MAX_DETAIL_CHARS} (a server may echo the request's headers; a secret cut in two
     *                 would no longer be recognised)
     */
    public StreamTimeline(Api api, boolean streaming, boolean recordEventOffsets, int maxBodyBytes, int maxEventBytes,
            Redactor redactor) {
        this.redactor = redactor == null ? Redactor.none() : redactor;
        this.decoder = api == Api.RESPONSES ? new ResponsesDecoder()
                : api.pairsDocuments() ? new ScoresDecoder() : new ChunkDecoder();
        this.streaming = streaming;
        this.recordEventOffsets = recordEventOffsets;
        this.sse = streaming ? new SseParser(new Events(), maxEventBytes) : null;
        this.offsets = recordEventOffsets ? new long[64] : null;
        this.body = new BodyBuffer(streaming ? MAX_ERROR_BODY_BYTES : maxBodyBytes);
    }

    /**
     * @param sentNanos when the request's last byte went to the kernel (caller's monotonic clock). A server
     *                  that answers before reading the whole request gets its headers time instead: nothing
     *                  can be sent after the answer to it began.
     */
    public void onSent(long sentNanos) {
        this.sentNanos = headersNanos == ABSENT ? sentNanos : Math.min(sentNanos, headersNanos);
    }

    /**
     * @param status       the HTTP status
     * @param headersNanos when the status line and headers arrived (caller's monotonic clock)
     */
    public void onHeaders(int status, long headersNanos) {
        this.status = status;
        this.headersNanos = headersNanos;
    }

    /**
     * One read of the (de-chunked) body.
     *
     * @param arrivalNanos when this read arrived, taken by the caller before calling
     */
    public void onBytes(byte[] buf, int off, int len, long arrivalNanos) {
        try {
            bodyBytes += len;
            if (streaming && successStatus()) {
                if (sseItems == 0) {
                    body.append(buf, off, len); // kept only to explain a body that turns out not to be SSE
                }
                sse.feed(buf, off, len, arrivalNanos);
            } else {
                body.append(buf, off, len);
                if (body.overflowed() && successStatus() && !tooLarge) {
                    tooLarge = true;
                    fail(ErrorClass.TOO_LARGE, "body too large (more than " + body.limitBytes() + " bytes; raise --max-body-size)");
                }
            }
        } catch (RuntimeException e) {
            fail(ErrorClass.MALFORMED, "undecodable body: " + e);
        }
    }

    /** @param endNanos when the body ended normally (caller's monotonic clock) */
    public void onEnd(long endNanos) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            if (!successStatus()) {
                doneNanos = endNanos;
            } else if (streaming) {
                partialEventAtEnd = sse.finish();
                if (!doneSeen) {
                    doneNanos = endNanos;
                }
            } else {
                decodeWholeBody(endNanos);
            }
        } catch (RuntimeException e) {
            fail(ErrorClass.MALFORMED, "undecodable body: " + e);
        }
    }

    /**
     * Whether a non-streaming body went beyond its limit: the caller should close the connection (an endless
     * body would otherwise be read until a timeout) and fail the request with {@link #result()}'s detail.
     */
    public boolean tooLarge() {
        return tooLarge;
    }

    /** Whether an output-carrying event has arrived (cheap; the timeout sweep asks it). */
    public boolean hasFirstToken() {
        return firstTokenNanos != ABSENT;
    }

    /** Output-carrying events so far (cheap; a user cancellation after N tokens asks it after each read). */
    public int outputEvents() {
        return chunks;
    }

    /** The decoded response so far; final once {@link #onEnd} was called. */
    public StreamResult result() {
        ErrorClass failure = bodyFailure;
        String detail = bodyFailureDetail;
        if (status != 0 && !successStatus()) {
            failure = ErrorClass.forStatus(status);
            detail = truncate("HTTP " + status + errorBodyMessage());
        } else if (failure == null && ended && streaming && status != 0 && sseItems == 0 && bodyBytes > 0) {
            Chunk c = decoder.decodeBody(body.bytes(), 0, body.length()); // e.g. a JSON error with status 200
            failure = c.kind() == Chunk.Kind.ERROR ? ErrorClass.STREAM_ERROR : ErrorClass.MALFORMED;
            detail = truncate(c.kind() == Chunk.Kind.ERROR ? c.errorMessage()
                    : "not an SSE stream, " + bodyBytes + " bytes without any event: " + snippet(80));
        } else if (failure == null) {
            detail = incompleteReason();
            failure = detail == null ? null : ErrorClass.INCOMPLETE;
        }
        return new StreamResult(
                new StreamResult.Marks(sentNanos, headersNanos, firstTokenNanos, lastTokenNanos, doneNanos,
                        firstReasoningNanos, firstAnswerNanos),
                new StreamResult.Events(chunks, gapsMicros.toArray(), maxStallNanos,
                        offsets == null ? null : Arrays.copyOf(offsets, offsetCount), reasoningEvents, toolCallEvents,
                        malformedEvents),
                new StreamResult.Usage(promptTokens, completionTokens, cachedTokens, reasoningTokens), text.toString(),
                new StreamResult.Outcome(status, ended, doneSeen, finishReason, failure, detail));
    }

    /**
     * Why a 2xx response is incomplete, or null. A stream that ends without {@code [DONE]} still counts
     * as complete when a {@code finish_reason} arrived (some servers omit the sentinel) and the body did
     * not end inside an event.
     */
    private String incompleteReason() {
        if (!ended) {
            return "the response did not end";
        }
        if (status == 0) {
            return "no response headers";
        }
        if (!streaming) {
            return null;
        }
        if (partialEventAtEnd) {
            return "the body ended inside an event";
        }
        if (!doneSeen && finishReason == null) {
            return "the stream ended without [DONE], a finish_reason or response.completed";
        }
        return null;
    }

    private void decodeWholeBody(long endNanos) {
        doneNanos = endNanos;
        Chunk c = decoder.decodeBody(body.bytes(), 0, body.length());
        switch (c.kind()) {
            case CHUNK -> {
                takeUsageAndFinish(c);
                if (c.hasOutput()) {
                    onOutput(c, endNanos);
                }
            }
            case ERROR -> fail(ErrorClass.STREAM_ERROR, c.errorMessage());
            default -> fail(c.truncated() ? ErrorClass.INCOMPLETE : ErrorClass.MALFORMED,
                    (c.truncated() ? "the body is cut short: " : c.errorMessage() != null ? redactor.redact(c.errorMessage()) + ": "
                            : "the body is not JSON: ") + snippet(MAX_DETAIL_CHARS));
        }
    }

    private void onChunk(Chunk c, long arrivalNanos) {
        takeUsageAndFinish(c);
        if (c.hasOutput()) {
            onOutput(c, arrivalNanos);
        }
    }

    private void takeUsageAndFinish(Chunk c) {
        if (c.hasUsage() || c.promptTokens() >= 0) {
            promptTokens = c.promptTokens();
            completionTokens = c.completionTokens();
            cachedTokens = c.cachedTokens() >= 0 ? c.cachedTokens() : cachedTokens;
            reasoningTokens = c.reasoningTokens() >= 0 ? c.reasoningTokens() : reasoningTokens;
        }
        if (c.finishReason() != null) {
            finishReason = c.finishReason();
        }
    }

    private void onOutput(Chunk c, long arrivalNanos) {
        if (firstTokenNanos == ABSENT) {
            firstTokenNanos = arrivalNanos;
        } else {
            long gapNanos = arrivalNanos - lastTokenNanos;
            gapsMicros.add((int) Math.min(Integer.MAX_VALUE, Math.max(0, gapNanos / 1000)));
            maxStallNanos = Math.max(maxStallNanos, gapNanos);
        }
        lastTokenNanos = arrivalNanos;
        chunks++;
        c.appendOutputText(text);
        reasoningEvents += c.hasReasoning() ? 1 : 0;
        if (c.hasReasoning() && firstReasoningNanos == ABSENT) {
            firstReasoningNanos = arrivalNanos;
        }
        if (c.hasAnswer() && firstAnswerNanos == ABSENT) {
            firstAnswerNanos = arrivalNanos;
        }
        toolCallEvents += c.hasToolCallInAnyChoice() ? 1 : 0;
        if (offsets != null) {
            if (offsetCount == offsets.length) {
                offsets = Arrays.copyOf(offsets, offsetCount * 2);
            }
            offsets[offsetCount++] = arrivalNanos - (sentNanos == ABSENT ? 0 : sentNanos);
        }
    }

    /** Keeps the first failure of the most severe class seen: STREAM_ERROR over TOO_LARGE over MALFORMED over INCOMPLETE. */
    private void fail(ErrorClass failure, String detail) {
        if (bodyFailure == null || rank(failure) > rank(bodyFailure)) {
            bodyFailure = failure;
            bodyFailureDetail = truncate(detail);
        }
    }

    private static int rank(ErrorClass c) {
        return c == ErrorClass.STREAM_ERROR ? 4 : c == ErrorClass.TOO_LARGE ? 3 : c == ErrorClass.MALFORMED ? 2 : 1;
    }

    private boolean successStatus() {
        return status >= 200 && status < 300;
    }

    private String errorBodyMessage() {
        if (body.length() == 0) {
            return "";
        }
        Chunk c = decoder.decodeBody(body.bytes(), 0, body.length());
        String message = c.kind() == Chunk.Kind.ERROR ? c.errorMessage() : snippet(MAX_DETAIL_CHARS);
        return ": " + message;
    }

    /**
     * Redacted, then cut on code points, never inside a surrogate pair; lone surrogates from the server become
     * U+FFFD. Redaction comes first: a secret cut in two would no longer match.
     */
    private String truncate(String s) {
        return redactor.redactThenCut(s, MAX_DETAIL_CHARS);
    }

    /** The start of the kept body, redacted as a whole before it is cut to {@code maxChars}. */
    private String snippet(int maxChars) {
        return Text.prefix(redactor.redact(body.snippet(MAX_ERROR_BODY_BYTES)), maxChars);
    }

    /** An event's data as text, for an error detail (the failure path only). */
    private static String text(byte[] data, int off, int len) {
        return new String(data, off, len, StandardCharsets.UTF_8);
    }

    /** Receives the SSE events of a 2xx streaming body. */
    private final class Events implements SseListener {
        @Override
        public void onEvent(String eventType, String data, String lastEventId, long arrivalNanos) {
            byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
            onEvent(eventType, bytes, 0, bytes.length, lastEventId, arrivalNanos);
        }

        @Override
        public void onEvent(String eventType, byte[] data, int off, int len, String lastEventId, long arrivalNanos) {
            sseItems++;
            if (doneSeen || len == 0) {
                return; // nothing counts after [DONE]; a bare "data:" is treated like a keep-alive
            }
            Chunk c = decoder.decode(data, off, len);
            if ("error".equals(eventType) && c.kind() != Chunk.Kind.DONE) {
                fail(ErrorClass.STREAM_ERROR, c.kind() == Chunk.Kind.ERROR ? c.errorMessage() : text(data, off, len));
                return;
            }
            switch (c.kind()) {
                case DONE -> {
                    doneSeen = true;
                    doneNanos = arrivalNanos;
                }
                case CHUNK -> onChunk(c, arrivalNanos);
                case ERROR -> fail(ErrorClass.STREAM_ERROR, c.errorMessage());
                case MALFORMED -> {
                    malformedEvents++;
                    fail(ErrorClass.MALFORMED, "event data is not JSON: " + text(data, off, len));
                }
            }
        }

        @Override
        public void onEventTooLarge(long bytes, int limitBytes, long arrivalNanos) {
            sseItems++;
            fail(ErrorClass.TOO_LARGE, "event too large (" + bytes + " bytes > limit " + limitBytes
                    + "; raise --max-event-size)");
        }

        @Override
        public void onComment(long arrivalNanos) {
            sseItems++;
        }

        @Override
        public void onUnknownField(String name, String value, long arrivalNanos) {
            if ("error".equals(name)) { // older llama.cpp: "error: {...}" instead of a data line
                sseItems++;
                Chunk c = decoder.decode(value);
                fail(ErrorClass.STREAM_ERROR, c.kind() == Chunk.Kind.ERROR ? c.errorMessage() : value);
            }
        }
    }
}
