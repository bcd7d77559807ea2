package dev.infergate.client;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RequestRecord;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends requests for the run loop and hands each one, as soon as it finished (successfully or not), as a
 * {@link Completion} to the {@link RecordWriter}, which builds its record, and to the caller's listener.
 *
 * <p>Timeouts are enforced per request by a timer on its own event loop (see {@link Exchange}); a request
 * that hits one is recorded with the limit it hit.
 */
public final class RequestClient {
    /**
     * Called on an event loop once per request, after it was handed to the writer: the record is built there
     * later, so a listener reads the completion, never a record in the making.
     */
    public interface Listener {
        void finished(Completion completion);
    }

    private final HttpExecutor executor;
    final Timeouts timeouts;
    final boolean exactOutput;
    final long originNanos;
    final int worker;
    final RecordWriter writer;
    /** Removes the endpoint's credentials from error details before they are recorded (a server may echo them). */
    final Redactor redactor;
    private final int eventSampleEvery;
    private final int eventSampleMax;
    private final AtomicLong eventSamples = new AtomicLong();
    final ConcurrentHashMap<Long, Exchange> inFlight = new ConcurrentHashMap<>();
    /** Set by {@link #abandonRemaining}: the run ended, and a request handed over late is recorded, not sent. */
    private volatile boolean abandoned;

    /**
     * @param originNanos      the run origin: records store marks relative to it
     * @param eventSampleEvery keep per-event arrival offsets for every n-th request (0: none), for timelines
     * @param eventSampleMax   at most this many requests keep them
     */
    public RequestClient(HttpExecutor executor, Timeouts timeouts, boolean exactOutput, long originNanos, int worker,
            RecordWriter writer, int eventSampleEvery, int eventSampleMax) {
        this.executor = executor;
        this.timeouts = timeouts;
        this.exactOutput = exactOutput;
        this.originNanos = originNanos;
        this.worker = worker;
        this.writer = writer;
        this.redactor = executor.endpoint().redactor();
        this.eventSampleEvery = eventSampleEvery;
        this.eventSampleMax = eventSampleMax;
    }

    HttpExecutor executor() {
        return executor;
    }

    /** Sends {@code dispatch} now; {@code listener} is told when it finished. Safe from any thread. */
    public void send(Dispatch dispatch, Listener listener) {
        boolean sample = eventSampleEvery > 0 && dispatch.spec().id() % eventSampleEvery == 0
                && eventSamples.incrementAndGet() <= eventSampleMax;
        Exchange exchange = new Exchange(this, dispatch, listener, sample);
        inFlight.put(dispatch.spec().id(), exchange);
        if (abandoned) { // put first, then look: either this sees the flag or abandonRemaining sees the exchange
            abandon(exchange, "never sent: the run had ended");
            exchange.abort(ErrorClass.CANCELLED, "never sent: the run had ended", System.nanoTime()); // gives its lane back
            return;
        }
        exchange.start();
    }

    public int inFlight() {
        return inFlight.size();
    }

    /** Fails every request still in flight as {@code cancelled} (end of the drain period or Ctrl-C). */
    public void cancelAll(String reason) {
        long now = System.nanoTime();
        for (Exchange e : inFlight.values()) {
            e.abort(ErrorClass.CANCELLED, reason, now);
        }
    }

    /**
     * Records every request still in flight as {@code cancelled} now, on the calling thread, and sends no more:
     * the run's end when the event loops did not deliver the ends {@link #cancelAll} asked for in time (a starved
     * machine). A request whose own end is being recorded meanwhile keeps that record; each gets exactly one.
     * Their partial marks are not kept (they belong to the event loop), and their listeners are not called.
     *
     * @return how many this recorded
     */
    public long abandonRemaining(String reason) {
        abandoned = true;
        long recorded = 0;
        for (Exchange e : inFlight.values()) {
            recorded += abandon(e, reason) ? 1 : 0;
        }
        return recorded;
    }

    private boolean abandon(Exchange e, String reason) {
        if (!e.claimEnd()) {
            return false; // it is recording its own end and leaves the in-flight set once that is handed over
        }
        Dispatch d = e.dispatch();
        writer.submit(RequestRecord.builder(d.spec().id()).worker(worker).phase(d.phase()).condition(d.condition())
                .session(d.session()).turn(d.turn()).scheduledNanos(Math.max(0, d.scheduledNanos() - originNanos))
                .doneNanos(Math.max(0, System.nanoTime() - originNanos)).error(ErrorClass.CANCELLED)
                .errorDetail(redactor.redact(reason)).build());
        inFlight.remove(e.id(), e);
        return true;
    }

    void done(Exchange exchange) {
        inFlight.remove(exchange.id(), exchange);
    }
}
