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
import io.vertx.core.internal.buffer.BufferInternal;

/**
 * One request in flight: sends it, stamps every read, and finishes exactly once — on the end of the
 * response, on a connection failure, or on a timeout or cancellation from the sweep.
 *
 * <p>Threading: everything but {@link #checkTimeouts} and {@link #abort} runs on the request's event loop;
 * those two only read volatile fields and hop onto the event loop to act.
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
    private volatile long sentNanos = ABSENT;
    private volatile long lastBytesNanos = ABSENT;
    private volatile boolean firstTokenSeen;
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
        lane.client().request(options).onComplete(ar -> {
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
            long sent = System.nanoTime();
            sentNanos = sent;
            timeline.onSent(sent);
            request.end(Buffer.buffer(body));
        });
    }

    private void onResponse(HttpClientResponse response, long headersNanos) {
        lastBytesNanos = headersNanos;
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
            if (!firstTokenSeen && timeline.hasFirstToken()) {
                firstTokenSeen = true;
            }
        });
        response.exceptionHandler(t -> fail(Failures.classifyMidStream(t, timeline), HttpExecutor.describe(t), System.nanoTime()));
        response.endHandler(v -> {
            long end = System.nanoTime();
            timeline.onEnd(end);
            finish(null, null, end, response.getHeader("Retry-After"));
        });
    }

    /** Called by the sweep, off the event loop: aborts the request when a limit is exceeded. */
    void checkTimeouts(long now) {
        long sent = sentNanos;
        if (sent == ABSENT || aborting) {
            return;
        }
        Timeouts t = owner.timeouts;
        if (now - sent > t.total().toNanos()) {
            abort(ErrorClass.TIMEOUT_TOTAL, "no end within " + t.total().toMillis() + " ms", now);
        } else if (!firstTokenSeen && now - sent > t.firstToken().toNanos()) {
            abort(ErrorClass.TIMEOUT_FIRST_TOKEN, "no output within " + t.firstToken().toMillis() + " ms", now);
        } else {
            long last = lastBytesNanos;
            if (last != ABSENT && now - last > t.idle().toNanos()) {
                abort(ErrorClass.TIMEOUT_IDLE, "no bytes for " + t.idle().toMillis() + " ms", now);
            }
        }
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
                r.cachedTokens(), r.chunks(), r.maxStallNanos(), null, r.eventOffsetsNanos());
        owner.writer.submit(record, r.itlGapsMicros(), r.itlGapsMicros().length, source == TokenSource.CLIENT ? text : null);
        listener.finished(record, text);
    }

    private static long rel(long nanos, long origin) {
        return nanos == ABSENT ? ABSENT : Math.max(0, nanos - origin);
    }
}
