package dev.infergate.sim.http;

import dev.infergate.sim.answer.ResponseText;
import dev.infergate.sim.driver.RealTimeDriver;
import dev.infergate.sim.driver.StreamTarget;
import dev.infergate.sim.engine.Emission;
import dev.infergate.sim.profile.Delivery;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import java.util.concurrent.TimeUnit;

/**
 * One response, fed by the engine's emissions on its connection's event loop. Streaming answers are SSE in the
 * request's API format ({@link SimFormat}): for chat as vLLM writes them, the role event, text events of
 * {@code stream_interval} tokens, the last one with {@code finish_reason}, then the usage event when asked for,
 * then {@code data: [DONE]}; for the Responses API, its typed events ending with {@code response.completed}. Events are queued
 * in {@code held} and written when the profile's delivery mode (and any injected stall) lets them go.
 */
final class StreamResponder implements StreamTarget {
    /** What every response needs from its request and the server. */
    record Setup(long sequenceId, String requestId, CompletionRequest request, SimFormat format, ResponseText text,
            Delivery delivery, int streamInterval, FaultPlan faults, long stallNanos, EmissionTap tap, Wire wire,
            RequestDelays delays) {
        Setup(long sequenceId, String requestId, CompletionRequest request, SimFormat format, ResponseText text,
                Delivery delivery, int streamInterval, FaultPlan faults, long stallNanos, EmissionTap tap) {
            this(sequenceId, requestId, request, format, text, delivery, streamInterval, faults, stallNanos, tap,
                    new Wire(false, false, "no"), null);
        }
    }

    /**
     * How the stream goes on the wire for this request.
     *
     * @param http10          the request was HTTP/1.0 (what nginx sends upstream without {@code proxy_http_version
     *                        1.1}): no chunked encoding there, so the stream is close-delimited
     * @param gzipAsked       the request's {@code Accept-Encoding} names gzip
     * @param xAccelBuffering the profile's {@code X-Accel-Buffering} value, or {@code absent}
     */
    record Wire(boolean http10, boolean gzipAsked, String xAccelBuffering) {}

    private final Context context;
    private final HttpServerResponse response;
    private final RealTimeDriver driver;
    private final Setup setup;
    private final CompletionRequest request;
    private final StringBuilder held = new StringBuilder();
    private int tokensInEvents;
    private long holdUntilNanos = Long.MIN_VALUE;
    private long nextFlushNanos;
    private boolean finishedSeen;
    private boolean ended;
    /** The engine's stall counter when the request arrived, ns ({@link RequestDelays}). */
    private long stalledAtBeginNanos;
    /** This request's delay at its first token, ns; -1 until it left. */
    private long firstTokenDelayNanos = -1;

    StreamResponder(Context context, HttpServerResponse response, RealTimeDriver driver, Setup setup) {
        this.context = context;
        this.response = response;
        this.driver = driver;
        this.setup = setup;
        this.request = setup.request();
    }

    /** Sends the stream's headers at once (a streaming server does, before any token), and watches for hang-ups. */
    void begin(long nowNanos) {
        if (setup.delays() != null) {
            stalledAtBeginNanos = setup.delays().stalledNanos();
        }
        response.closeHandler(v -> {
            if (!ended) {
                ended = true;
                driver.cancel(setup.sequenceId());
            }
        });
        if (setup.delivery() instanceof Delivery.FlushEvery every) {
            nextFlushNanos = nowNanos + every.interval().toNanos();
        }
        if (request.stream()) {
            Wire wire = setup.wire();
            if (wire.http10()) { // no chunked encoding in HTTP/1.0: the body ends when the connection closes
                response.putHeader("Connection", "close");
            } else {
                response.setChunked(true);
            }
            response.putHeader("Content-Type", "text/event-stream; charset=utf-8").putHeader("Cache-Control", "no-cache");
            if (!"absent".equals(wire.xAccelBuffering())) {
                response.putHeader("X-Accel-Buffering", wire.xAccelBuffering());
            }
            if (compressing()) {
                response.putHeader("Content-Encoding", "gzip").putHeader("Vary", "Accept-Encoding");
            }
            if (wire.http10()) { // Vert.x's writeHead() insists on a length or chunks; a first write does not for 1.0
                response.write(io.vertx.core.buffer.Buffer.buffer());
            } else {
                response.writeHead();
            }
        }
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public void onEmission(Emission e, long intendedNanos) {
        onEmission(e, intendedNanos, setup.delays() == null ? 0 : setup.delays().stalledNanos());
    }

    @Override
    public void onEmission(Emission e, long intendedNanos, long stalledNanos) {
        if (ended) {
            return;
        }
        noteDelay(e, intendedNanos, stalledNanos);
        if (!request.stream()) {
            if (e.finished()) {
                sendBody(e);
            }
            return;
        }
        FaultPlan faults = setup.faults();
        if (e.tokenIndex() == faults.resetAtToken()) {
            ended = true;
            driver.cancel(setup.sequenceId());
            response.reset();
            return;
        }
        if (e.tokenIndex() == faults.malformedAtToken()) {
            held.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" \n\n");
        }
        appendEvents(e);
        if (e.tokenIndex() == faults.stallAtToken()) {
            holdUntilNanos = intendedNanos + setup.stallNanos();
            long delayMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(setup.stallNanos()));
            context.owner().setTimer(delayMillis, t -> {
                holdUntilNanos = Long.MIN_VALUE;
                release(intendedNanos + setup.stallNanos());
            });
        }
        finishedSeen = e.finished();
        if (release(intendedNanos)) {
            setup.tap().written(setup.requestId(), e.tokenIndex(), intendedNanos, System.nanoTime());
        }
    }

    /**
     * This request's delay behind the model at {@code e} ({@link RequestDelays}): the engine's stalls since it arrived
     * that pushed this token's model time back ({@code stalledNanos}, the counter at the hand-over) plus how late the
     * token reached this event loop. The model's own holds (buffered delivery, an injected stall) are the profile's
     * timing, not a delay, so the token's intended time is the reference, not its write.
     */
    private void noteDelay(Emission e, long intendedNanos, long stalledNanos) {
        RequestDelays delays = setup.delays();
        if (delays == null) {
            return;
        }
        long delay = Math.max(0, stalledNanos - stalledAtBeginNanos) + Math.max(0, System.nanoTime() - intendedNanos);
        if (firstTokenDelayNanos < 0) {
            firstTokenDelayNanos = delay;
        }
        if (e.finished()) {
            delays.record(setup.requestId(), firstTokenDelayNanos, delay);
        }
    }

    private void appendEvents(Emission e) {
        SimFormat format = setup.format();
        boolean usageEveryChunk = request.continuousUsage();
        if (e.tokenIndex() == 0) {
            format.appendStart(held, usageEveryChunk ? usage(e, 0) : null);
        }
        int produced = e.outputTokens();
        if (produced - tokensInEvents >= setup.streamInterval() || e.finished()) {
            String finish = e.finished() ? e.finishReason().wire() : null;
            String usage = usageEveryChunk ? usage(e, produced) : null;
            int reasoningEnd = Math.min(produced, request.reasoningTokens());
            if (tokensInEvents < reasoningEnd) { // reasoning first; the rest of this interval's tokens in a second event
                String reasoning = setup.text().tokens(tokensInEvents, reasoningEnd);
                tokensInEvents = reasoningEnd;
                format.appendDeltaEvent(held, "reasoning", reasoning, false, null, null,
                        produced == reasoningEnd ? finish : null, produced == reasoningEnd ? usage : null);
            }
            if (tokensInEvents < produced || tokensInEvents == 0) {
                appendAnswer(format, setup.text().tokens(tokensInEvents, produced), tokensInEvents, e.finished(), finish, usage);
                tokensInEvents = produced;
            }
        }
        if (e.finished()) {
            format.appendEnd(held, request.includeUsage(), usage(e, produced));
        }
    }

    /** Answer tokens: text, or the arguments of a call of the request's tool (a JSON object {"query": "..."}). */
    private void appendAnswer(SimFormat format, String text, int from, boolean last, String finish, String usage) {
        if (request.toolName() == null) {
            format.appendTextEvent(held, text, finish, usage);
            return;
        }
        boolean first = from == request.reasoningTokens() || from == 0;
        String arguments = (first ? "{\"query\": \"" : "") + text + (last ? "\"}" : "");
        format.appendDeltaEvent(held, "tool", arguments, first, request.toolName(), "call_" + setup.sequenceId(), finish, usage);
    }

    /**
     * Writes what the delivery mode lets go at {@code nowNanos} (model time), and ends after the last event.
     *
     * @return whether anything was written
     */
    private boolean release(long nowNanos) {
        if (ended || nowNanos < holdUntilNanos) {
            return false;
        }
        boolean write;
        if (setup.delivery() instanceof Delivery.FlushEvery every) {
            write = finishedSeen || nowNanos >= nextFlushNanos;
            while (nextFlushNanos <= nowNanos) {
                nextFlushNanos += every.interval().toNanos();
            }
        } else {
            write = finishedSeen || setup.delivery() instanceof Delivery.Incremental
                    || (setup.delivery() instanceof Delivery.GzipBufferedWhenAsked && !compressing());
        }
        boolean wrote = write && held.length() > 0;
        if (wrote) {
            response.write(compressing() ? io.vertx.core.buffer.Buffer.buffer(gzip(held.toString())) : io.vertx.core.buffer.Buffer.buffer(held.toString()));
            held.setLength(0);
        }
        if (finishedSeen) {
            ended = true;
            response.end();
        }
        return wrote;
    }

    /** Whether this stream is compressed (and so held to its end): the gateway profile, for a client that asked. */
    private boolean compressing() {
        return setup.delivery() instanceof Delivery.GzipBufferedWhenAsked && setup.wire().gzipAsked();
    }

    /** The whole held stream as one gzip member (written once, at the end). */
    private static byte[] gzip(String text) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // in memory: cannot happen
        }
        return out.toByteArray();
    }

    private void sendBody(Emission e) {
        ended = true;
        int reasoningEnd = Math.min(e.outputTokens(), request.reasoningTokens());
        String text = setup.text().tokens(reasoningEnd, e.outputTokens());
        String body;
        if (reasoningEnd == 0 && request.toolName() == null) {
            body = setup.format().body(text, e.finishReason().wire(), usage(e, e.outputTokens()));
        } else {
            body = setup.format().body(reasoningEnd == 0 ? null : setup.text().tokens(0, reasoningEnd),
                    request.toolName() == null ? text : "{\"query\": \"" + text + "\"}", request.toolName(),
                    "call_" + setup.sequenceId(), e.finishReason().wire(), usage(e, e.outputTokens()));
        }
        response.putHeader("Content-Type", "application/json").end(body);
    }

    private String usage(Emission e, int completionTokens) {
        return setup.format().usage(e.promptTokens(), completionTokens, e.cachedTokens());
    }
}
