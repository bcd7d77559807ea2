package dev.infergate.client;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.buffer.BufferInternal;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
    /** Pooled connections refused before writing (stale, closing) before the request takes a fresh one. */
    private static final int MAX_REFUSED = 4;

    private final RequestClient owner;
    private final Dispatch dispatch;
    private final RequestClient.Listener listener;
    private final boolean recordEvents;
    /** Replaced on a client retry: the lost attempt received nothing, and the retry's send is the anchor. */
    private StreamTimeline timeline;
    private final HttpExecutor.Lane lane;
    private HttpClientRequest request;
    private LaneConnections.Tracked connection;
    private boolean writtenOnReused;
    private boolean responseStarted;
    private boolean released;
    /** Counts attempts, so that the callbacks of an abandoned attempt are ignored. */
    private int attempt;
    private int refused;
    private int retries;
    private int connectionsOpened;
    /** When the first attempt's write started: a retry's delay counts from it. */
    private long firstAttemptDispatchNanos = ABSENT;
    /** When this attempt's write started. */
    private long dispatchNanos = ABSENT;
    /** Where the time limits count from: the write's start until it completed, then `sent`. */
    private long limitFromNanos = ABSENT;
    /** The wait for a connection (pool or a new one's set-up) of the attempt that was written. */
    private long connectWaitNanos = ABSENT;
    private long lastBytesNanos = ABSENT;
    private ScheduledFuture<?> limitTimer;
    /** Where the user stops this request ({@link Cancellations}), or null when it runs to its end. */
    private final Cancellations.After cancelAt;
    private ScheduledFuture<?> cancelTimer;
    private volatile boolean aborting;
    private boolean finished;
    /**
     * Who records this request's end: its own {@link #finish} on the event loop, or the run's end when the
     * event loop did not deliver the end in time ({@link RequestClient#abandonRemaining}); exactly one of them.
     */
    private final AtomicBoolean endClaimed = new AtomicBoolean();
    /** This request's end of its connection's {@link BodyTap}. */
    private final BodyTap.Sink sink = this::onBody;
    /** Decodes a compressed response body after each read was stamped; null for a body sent as it is. */
    private ContentDecoder decoder;

    Exchange(RequestClient owner, Dispatch dispatch, RequestClient.Listener listener, boolean recordEvents) {
        this.owner = owner;
        this.dispatch = dispatch;
        this.listener = listener;
        this.recordEvents = recordEvents;
        this.timeline = newTimeline();
        this.lane = owner.executor().acquireLane(); // given back once, in finish()
        this.cancelAt = owner.timeouts.cancellations().pointFor(dispatch.spec().id());
    }

    private StreamTimeline newTimeline() {
        Endpoint endpoint = owner.executor().endpoint();
        return new StreamTimeline(endpoint.api(), endpoint.stream(), recordEvents,
                owner.timeouts.maxBodyBytes(), owner.timeouts.maxEventBytes(), owner.redactor);
    }

    long id() {
        return dispatch.spec().id();
    }

    Dispatch dispatch() {
        return dispatch;
    }

    /** Takes the right to record this request's end; true once, for whoever asks first. Safe from any thread. */
    boolean claimEnd() {
        return endClaimed.compareAndSet(false, true);
    }

    /** Starts the request on its lane's event loop; safe from any thread. */
    void start() {
        lane.context().runOnContext(v -> connect());
    }

    private void connect() {
        if (finished) {
            return;
        }
        if (lane.connections().policy().freshConnections()) {
            connectFresh();
        } else {
            connectPooled();
        }
    }

    private RequestOptions requestOptions() {
        Endpoint endpoint = owner.executor().endpoint();
        RequestOptions options = owner.executor().options(HttpMethod.POST, endpoint.url(endpoint.api().path()))
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", endpoint.stream() ? "text/event-stream" : "application/json");
        if (!options.getHeaders().contains(REQUEST_ID_HEADER)) { // a --header of the user's wins
            options.putHeader(REQUEST_ID_HEADER, owner.executor().requestIdPrefix() + id());
        }
        return options;
    }

    /**
     * Takes a connection from the pool. One the client knows to be unfit (closed, announced closing, idle beyond its
     * limit) is closed and refused before anything is written to it.
     */
    private void connectPooled() {
        int mine = attempt;
        long askedNanos = System.nanoTime();
        long askedAtEnds = lane.connections().endsSeen();
        lane.client().request(requestOptions()).onComplete(ar -> {
            if (mine != attempt) {
                return;
            }
            connectWaitNanos = System.nanoTime() - askedNanos; // pool wait and a new connection's set-up
            if (ar.failed()) {
                fail(Failures.classifyConnect(ar.cause()), HttpExecutor.describe(ar.cause()), System.nanoTime());
                return;
            }
            HttpClientRequest req = ar.result();
            LaneConnections.Tracked t = lane.connections().track(req.connection(), true);
            if (LaneConnections.waitedForBusy(t, askedAtEnds)) {
                owner.executor().waitedForBusyConnection();
            }
            if (t.begun) { // a kept-alive connection: no set-up to wait for, so the wait was the client's own pool
                connectWaitNanos = 0;
            }
            if (!finished && !aborting && !lane.connections().usable(t, System.nanoTime())) {
                lane.connections().closeByClient(t);
                req.reset();
                if (++refused < MAX_REFUSED) {
                    connectPooled();
                } else {
                    connectFresh();
                }
                return;
            }
            write(req, t);
        });
    }

    /** Opens a connection of our own, outside the pool, for this request only: closed after its response. */
    private void connectFresh() {
        int mine = attempt;
        long askedNanos = System.nanoTime();
        lane.client().connect(owner.executor().connectOptions()).onComplete(ar -> {
            if (mine != attempt) {
                return;
            }
            connectWaitNanos = System.nanoTime() - askedNanos; // a new connection's TCP (and TLS) set-up
            if (ar.failed()) {
                fail(Failures.classifyConnect(ar.cause()), HttpExecutor.describe(ar.cause()), System.nanoTime());
                return;
            }
            HttpClientConnection c = ar.result();
            LaneConnections.Tracked t = lane.connections().track(c, false);
            c.request(requestOptions()).onComplete(r -> {
                if (r.failed()) {
                    lane.connections().failed(t);
                    fail(Failures.classifyConnect(r.cause()), HttpExecutor.describe(r.cause()), System.nanoTime());
                } else {
                    write(r.result(), t);
                }
            });
        });
    }

    private void write(HttpClientRequest req, LaneConnections.Tracked t) {
        request = req;
        connection = t;
        released = false;
        if (lane.connections().begin(t)) {
            connectionsOpened++;
        }
        if (finished || aborting) {
            release(false);
            request.reset();
            return;
        }
        writtenOnReused = t.reused();
        int mine = attempt;
        byte[] body = RequestEncoder.encode(dispatch.spec(), owner.executor().endpoint(), owner.exactOutput);
        request.exceptionHandler(e -> lost(mine, e, System.nanoTime()));
        request.response().onComplete(r -> {
            if (r.failed()) { // not a read's time: a failure can come inside an earlier request's read on this connection
                lost(mine, r.cause(), System.nanoTime());
            } else if (mine == attempt) {
                onResponse(r.result(), readNanosOrNow());
            }
        });
        long startNanos = System.nanoTime();
        dispatchNanos = startNanos;
        limitFromNanos = startNanos; // a write that never completes still times out
        // Vert.x completes end()'s future from Netty's write promise, i.e. once the last byte went to the
        // kernel: that is `sent`. Taken before the write, it would count a busy client's own queueing as TTFT.
        request.end(Buffer.buffer(body)).onSuccess(v -> {
            if (mine == attempt) {
                long sent = System.nanoTime();
                timeline.onSent(sent);
                limitFromNanos = sent;
                armCancelTimer(sent);
            }
        });
        armLimitTimer(startNanos);
    }

    /**
     * The connection failed under the request. Lost on a reused connection before any response byte came back, the
     * request was never served (the server had closed the connection as it was written): it is sent again once on
     * a fresh connection, recorded as a client retry. Otherwise the server lost it: a reset.
     */
    private void lost(int mine, Throwable t, long now) {
        if (mine != attempt || finished) {
            return;
        }
        if (!responseStarted && writtenOnReused && retries == 0 && !aborting) {
            lane.connections().lostUnanswered(connection, dispatchNanos);
            release(false);
            retry();
            return;
        }
        fail(Failures.classifyMidStream(t, timeline), HttpExecutor.describe(t), now);
    }

    private void retry() {
        retries++;
        attempt++;
        owner.executor().connectionPolicy().retried();
        if (limitTimer != null) {
            limitTimer.cancel(false);
            limitTimer = null;
        }
        stopCancelTimer();
        if (firstAttemptDispatchNanos == ABSENT) {
            firstAttemptDispatchNanos = dispatchNanos;
        }
        dispatchNanos = ABSENT;
        limitFromNanos = ABSENT;
        lastBytesNanos = ABSENT;
        timeline = newTimeline();
        request = null;
        connection = null;
        connectFresh();
    }

    /** Tells the lane the connection is free again (response ended) or unfit for another request (failed). */
    private void release(boolean ended) {
        if (connection == null || released) {
            return;
        }
        released = true;
        if (!ended) {
            lane.connections().failed(connection);
        }
    }

    private void onResponse(HttpClientResponse response, long headersNanos) {
        responseStarted = true;
        lastBytesNanos = headersNanos;
        if (limitTimer != null && limitTimer.cancel(false)) { // the idle limit now applies and may come first
            armLimitTimer(headersNanos);
        }
        timeline.onHeaders(response.statusCode(), headersNanos);
        decoder = ContentDecoder.forEncoding(response.getHeader("Content-Encoding"));
        response.handler(buffer -> { // what the connection's tap does not read: chunks before the headers were handed over, the last
            long arrival = readNanosOrNow();
            ByteBuf buf = ((BufferInternal) buffer).getByteBuf(); // Vert.x's own heap copy of the read: no second copy
            if (buf.hasArray()) {
                onBody(buf.array(), buf.arrayOffset() + buf.readerIndex(), buf.readableBytes(), arrival);
            } else {
                byte[] bytes = buffer.getBytes();
                onBody(bytes, 0, bytes.length, arrival);
            }
        });
        if (connection != null && connection.tap != null) {
            connection.tap.attach(sink);
        }
        response.exceptionHandler(t -> fail(Failures.classifyMidStream(t, timeline), HttpExecutor.describe(t), System.nanoTime()));
        response.endHandler(v -> {
            long end = readNanosOrNow();
            timeline.onEnd(end);
            if (connection != null && !released) {
                released = true;
                lane.connections().ended(connection, end, response.getHeader("Connection"), response.getHeader("Keep-Alive"));
            }
            finish(null, null, end, response.getHeader("Retry-After"));
        });
    }

    /**
     * When the bytes Vert.x hands over now were read from the socket: the stamp of the read being passed on when the
     * connection has a {@link BodyTap} (taken before any decoding), else the clock now.
     */
    private long readNanosOrNow() {
        BodyTap tap = connection == null ? null : connection.tap;
        return tap != null ? tap.readNanosOrNow() : System.nanoTime();
    }

    /** Bytes of the body, read at {@code arrival}: from the connection's {@link BodyTap}, or from Vert.x. */
    private void onBody(byte[] buf, int off, int len, long arrival) {
        if (finished) {
            return;
        }
        lastBytesNanos = arrival;
        if (decoder == null) {
            timeline.onBytes(buf, off, len, arrival);
        } else { // decoded after the read was stamped: each decoded piece keeps its read's time
            decoder.decode(buf, off, len, (b, o, l) -> timeline.onBytes(b, o, l, arrival));
        }
        if (timeline.tooLarge()) { // an endless body is cut here, not read into memory until a timeout
            fail(ErrorClass.TOO_LARGE, timeline.result().outcome().errorDetail(), arrival);
            request.reset();
        } else if (cancelAt instanceof Cancellations.AfterTokens t && t.reached(timeline.outputEvents())) {
            cancelByUser(arrival);
        }
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
        if (finished || aborting || limitFromNanos == ABSENT) { // ABSENT: a retry is connecting and re-arms on sending
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

    /** With a cancel point in time: a timer from {@code sent}, on the request's event loop. */
    private void armCancelTimer(long sentNanos) {
        if (!(cancelAt instanceof Cancellations.AfterTime t) || finished) {
            return;
        }
        int mine = attempt;
        ContextInternal context = (ContextInternal) lane.context();
        cancelTimer = context.nettyEventLoop().schedule(() -> context.emit(null, v -> {
            if (mine == attempt) {
                cancelByUser(System.nanoTime());
            }
        }), Math.max(0, t.dueNanos(sentNanos) - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void stopCancelTimer() {
        if (cancelTimer != null) {
            cancelTimer.cancel(false);
            cancelTimer = null;
        }
    }

    /** The user pressed stop: what arrived is kept, the stream is closed (the server should stop generating). */
    private void cancelByUser(long now) {
        if (finished) {
            return;
        }
        fail(ErrorClass.USER_CANCELLED, "closed by the client after " + cancelAt.label() + " (user cancellation)", now);
        if (request != null) {
            request.reset();
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
        if (connection != null && connection.tap != null) {
            connection.tap.detach(sink);
        }
        if (decoder != null) {
            decoder.close();
        }
        release(false);
        owner.executor().releaseLane(lane);
        if (limitTimer != null) {
            limitTimer.cancel(false);
            limitTimer = null;
        }
        stopCancelTimer();
        StreamResult r = timeline.result();
        ErrorClass error = override != null ? override : r.outcome().failure();
        String errorDetail = owner.redactor.redact(override != null ? detail : r.outcome().errorDetail());
        boolean usage = r.hasUsage();
        int chunks = r.events().chunks();
        TokenSource source = outputSource(usage, error != null, chunks, r.outputText());
        // CLIENT: counted on the writer thread
        int outputTokens = usage ? r.usage().completionTokens() : source == TokenSource.EVENTS ? chunks : 0;
        long done = r.marks().doneNanos() != ABSENT && override == null ? r.marks().doneNanos() : endNanos;
        Completion completion = new Completion(dispatch, owner.worker, owner.originNanos, r, error, errorDetail, done,
                Failures.retryAfterSeconds(r.outcome().status(), retryAfter), source, outputTokens,
                new Completion.ClientFigures(retries,
                        retries > 0 && dispatchNanos != ABSENT ? dispatchNanos - firstAttemptDispatchNanos : ABSENT,
                        connectionsOpened, dispatchNanos, connectWaitNanos, documentsSent()));
        try {
            if (claimEnd()) { // else the run's end recorded it already (abandoned)
                owner.writer.submit(completion); // the record is built there, once
                listener.finished(completion);
            }
        } finally {
            // only now: a run that sees nothing in flight closes the writer, and this record must be in it
            owner.done(this);
        }
    }

    /** The documents of a rerank or score request (what {@link RequestEncoder} cut the input into), else 0. */
    private int documentsSent() {
        Endpoint endpoint = owner.executor().endpoint();
        return endpoint.api().pairsDocuments() ? endpoint.documents() : 0;
    }

    /** Usage when the server sent it; the events received for a failed stream; else the client's tokenizer. */
    static TokenSource outputSource(boolean usage, boolean failed, int chunks, String text) {
        if (usage) {
            return TokenSource.USAGE;
        }
        if (failed && chunks > 0) {
            return TokenSource.EVENTS;
        }
        return text.isEmpty() ? TokenSource.NONE : TokenSource.CLIENT;
    }
}
