package dev.infergate.client;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.buffer.BufferInternal;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request in flight: sends it, stamps every read, and finishes exactly once — on the end of the
 * response, on a connection failure, on a timeout, or on a cancellation.
 *
 * <p>Timeouts: one timer per request on its own event loop, set for the earliest limit that could be hit
 * (first token, idle, total). Reads do not touch it: when it fires it looks at the latest marks and either
 * fails the request or sets itself for the new earliest limit, so a streaming request costs a handful of
 * timer firings over its life, not one per event, and a limit fires when it is reached, not on a sweep.
 *
 * <p>Threading: everything but {@link #abort} runs on the request's event loop; {@code abort} hops onto it.
 */
final class Exchange {
    private static final long ABSENT = RequestRecord.ABSENT;
    /** Names each request for the server's logs: see {@link HttpExecutor#requestIdPrefix}. */
    static final String REQUEST_ID_HEADER = "X-Request-Id";

    private final RequestClient owner;
    private final Dispatch dispatch;
    private final RequestClient.Listener listener;
    private final StreamTimeline timeline;
    private final HttpExecutor.Lane lane;
    private HttpClientRequest request;
    /** When the write started. */
    private long dispatchNanos = ABSENT;
    /** Where the time limits count from: the write's start until it completed, then `sent`. */
    private long limitFromNanos = ABSENT;
    private long connectWaitNanos = ABSENT;
    private long lastBytesNanos = ABSENT;
    private ScheduledFuture<?> limitTimer;
    private volatile boolean aborting;
    private boolean finished;

    Exchange(RequestClient owner, Dispatch dispatch, RequestClient.Listener listener, boolean recordEvents) {
        this.owner = owner;
        this.dispatch = dispatch;
        this.listener = listener;
        this.timeline = new StreamTimeline(owner.executor().endpoint().stream(), recordEvents);
        this.lane = owner.executor().lane(dispatch.spec().id());
    }

    long id() {
        return dispatch.spec().id();
    }

    /** Starts the request on its lane's event loop; safe from any thread. */
    void start() {
        lane.context().runOnContext(v -> connect());
    }

    private void connect() {
        if (finished) {
            return;
        }
        Endpoint endpoint = owner.executor().endpoint();
        byte[] body = RequestEncoder.encode(dispatch.spec(), endpoint, owner.exactOutput);
        RequestOptions options = owner.executor().options(HttpMethod.POST, endpoint.url(endpoint.api().path()))
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", endpoint.stream() ? "text/event-stream" : "application/json");
        if (!options.getHeaders().contains(REQUEST_ID_HEADER)) { // a --header of the user's wins
            options.putHeader(REQUEST_ID_HEADER, owner.executor().requestIdPrefix() + id());
        }
        long askedNanos = System.nanoTime();
        lane.client().request(options).onComplete(ar -> {
            connectWaitNanos = System.nanoTime() - askedNanos; // pool wait and a new connection's set-up
            if (ar.failed()) {
                fail(Failures.classifyConnect(ar.cause()), HttpExecutor.describe(ar.cause()), System.nanoTime());
                return;
            }
            request = ar.result();
            if (finished || aborting) {
                request.reset();
                return;
            }
            request.exceptionHandler(t -> fail(Failures.classifyMidStream(t, timeline), HttpExecutor.describe(t), System.nanoTime()));
            request.response().onComplete(r -> {
                long now = System.nanoTime();
                if (r.failed()) {
                    fail(Failures.classifyMidStream(r.cause(), timeline), HttpExecutor.describe(r.cause()), now);
                } else {
                    onResponse(r.result(), now);
                }
            });
            long startNanos = System.nanoTime();
            dispatchNanos = startNanos;
            limitFromNanos = startNanos; // a write that never completes still times out
            // Vert.x completes end()'s future from Netty's write promise, i.e. once the last byte went to the
            // kernel: that is `sent`. Taken before the write, it would count a busy client's own queueing as TTFT.
            request.end(Buffer.buffer(body)).onSuccess(v -> {
                long sent = System.nanoTime();
                timeline.onSent(sent);
                limitFromNanos = sent;
            });
            armLimitTimer(startNanos);
        });
    }

    private void onResponse(HttpClientResponse response, long headersNanos) {
        lastBytesNanos = headersNanos;
        if (limitTimer != null && limitTimer.cancel(false)) { // the idle limit now applies and may come first
            armLimitTimer(headersNanos);
        }
        timeline.onHeaders(response.statusCode(), headersNanos);
        response.handler(buffer -> {
            long arrival = System.nanoTime();
            lastBytesNanos = arrival;
            ByteBuf buf = ((BufferInternal) buffer).getByteBuf(); // Vert.x's own heap copy of the read: no second copy
            if (buf.hasArray()) {
                timeline.onBytes(buf.array(), buf.arrayOffset() + buf.readerIndex(), buf.readableBytes(), arrival);
            } else {
                byte[] bytes = buffer.getBytes();
                timeline.onBytes(bytes, 0, bytes.length, arrival);
            }
        });
        response.exceptionHandler(t -> fail(Failures.classifyMidStream(t, timeline), HttpExecutor.describe(t), System.nanoTime()));
        response.endHandler(v -> {
            long end = System.nanoTime();
            timeline.onEnd(end);
            finish(null, null, end, response.getHeader("Retry-After"));
        });
    }

    /** Sets the timer for the earliest limit this request can still hit, counted from the latest marks. */
    private void armLimitTimer(long now) {
        Timeouts t = owner.timeouts;
        long due = limitFromNanos + t.total().toNanos();
        if (!timeline.hasFirstToken()) {
            due = Math.min(due, limitFromNanos + t.firstToken().toNanos());
        }
        if (lastBytesNanos != ABSENT) {
            due = Math.min(due, lastBytesNanos + t.idle().toNanos());
        }
        ContextInternal context = (ContextInternal) lane.context();
        limitTimer = context.nettyEventLoop().schedule(() -> context.emit(null, v -> onLimitTimer()),
                Math.max(0, due - now), TimeUnit.NANOSECONDS);
    }

    /** On the event loop when the timer fires: fails the request if a limit is exceeded, else re-arms. */
    private void onLimitTimer() {
        limitTimer = null;
        if (finished || aborting) {
            return;
        }
        long now = System.nanoTime();
        Timeouts t = owner.timeouts;
        if (now - limitFromNanos >= t.total().toNanos()) {
            timeOut(ErrorClass.TIMEOUT_TOTAL, "no end within " + t.total().toMillis() + " ms", now);
        } else if (!timeline.hasFirstToken() && now - limitFromNanos >= t.firstToken().toNanos()) {
            timeOut(ErrorClass.TIMEOUT_FIRST_TOKEN, "no output within " + t.firstToken().toMillis() + " ms", now);
        } else if (lastBytesNanos != ABSENT && now - lastBytesNanos >= t.idle().toNanos()) {
            timeOut(ErrorClass.TIMEOUT_IDLE, "no bytes for " + t.idle().toMillis() + " ms", now);
        } else {
            armLimitTimer(now);
        }
    }

    private void timeOut(ErrorClass error, String detail, long now) {
        fail(error, detail, now);
        request.reset();
    }

    /** Fails the request with {@code error} at {@code now} and closes its stream; safe from any thread. */
    void abort(ErrorClass error, String detail, long now) {
        aborting = true;
        lane.context().runOnContext(v -> {
            fail(error, detail, now);
            if (request != null) {
                request.reset();
            }
        });
    }

    private void fail(ErrorClass error, String detail, long now) {
        finish(error, detail, now, null);
    }

    private void finish(ErrorClass override, String detail, long endNanos, String retryAfter) {
        if (finished) {
            return;
        }
        finished = true;
        if (limitTimer != null) {
            limitTimer.cancel(false);
            limitTimer = null;
        }
        owner.done(this);
        StreamResult r = timeline.result();
        ErrorClass error = override != null ? override : r.failure();
        String errorDetail = override != null ? detail : r.errorDetail();
        long origin = owner.originNanos;
        boolean usage = r.hasUsage();
        String text = r.outputText();
        TokenSource source = usage ? TokenSource.USAGE : text.isEmpty() ? TokenSource.NONE : TokenSource.CLIENT;
        int outputTokens = usage ? r.completionTokens() : 0; // CLIENT: counted on the writer thread
        int inputTokens = r.promptTokens() >= 0 ? r.promptTokens() : dispatch.spec().inputTokens();
        long done = r.doneNanos() != ABSENT && override == null ? r.doneNanos() : endNanos;
        RequestRecord record = new RequestRecord(id(), owner.worker, dispatch.phase(), dispatch.condition(),
                dispatch.session(), dispatch.turn(), Math.max(0, dispatch.scheduledNanos() - origin),
                rel(r.sentNanos(), origin), rel(r.headersNanos(), origin), rel(r.firstTokenNanos(), origin),
                rel(r.lastTokenNanos(), origin), rel(done, origin), r.status(), error, errorDetail,
                Failures.retryAfterSeconds(r.status(), retryAfter), inputTokens, outputTokens, source,
                r.cachedTokens(), r.chunks(), r.maxStallNanos(), null, r.eventOffsetsNanos(),
                rel(dispatch.slotNanos(), origin), rel(dispatchNanos, origin), connectWaitNanos);
        owner.writer.submit(record, r.itlGapsMicros(), r.itlGapsMicros().length, source == TokenSource.CLIENT ? text : null);
        listener.finished(record, text);
    }

    private static long rel(long nanos, long origin) {
        return nanos == ABSENT ? ABSENT : Math.max(0, nanos - origin);
    }
}
