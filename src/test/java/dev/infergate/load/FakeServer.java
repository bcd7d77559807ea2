package dev.infergate.load;

import dev.infergate.client.Completion;
import dev.infergate.client.Dispatch;
import dev.infergate.client.RequestClient;
import dev.infergate.client.StreamResult;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * A {@link Sender} that answers on a {@link FakeClock}: request {@code id} takes {@code serviceMillis(id)} from
 * the moment it was sent, then finishes with a record whose marks are the simulated times. Remembers what was
 * sent, when, and how it ended.
 */
final class FakeServer implements Sender {
    /** A request as the server saw it: its dispatch, and when (simulated) it arrived. */
    record Sent(Dispatch dispatch, long atNanos) {}

    private record Pending(Dispatch dispatch, long sentNanos, RequestClient.Listener listener) {}

    private final FakeClock clock;
    private final long originNanos;
    private final LongUnaryOperator serviceMillis;
    private final Map<Long, Pending> inFlight = new LinkedHashMap<>();
    final List<Sent> sent = new ArrayList<>();
    final List<RequestRecord> finished = new ArrayList<>();
    /** Called on every send, before the request is in flight (tests stop or interrupt the run from here). */
    Consumer<Dispatch> onSend = d -> { };
    int maxInFlight;
    /**
     * How long a cancellation takes to end a request (0: at once); a starved event loop delivers it late.
     */
    long cancelDelayMillis;
    /** Whether the run's record writer gets each request's record as it ends, like the measuring client. */
    boolean writesTo;
    /** The run's writer when {@link #writesTo}; else null and the tests read {@link #finished}. */
    RecordWriter writer;

    FakeServer(FakeClock clock, long originNanos, LongUnaryOperator serviceMillis) {
        this.clock = clock;
        this.originNanos = originNanos;
        this.serviceMillis = serviceMillis;
    }

    @Override
    public void send(Dispatch dispatch, RequestClient.Listener listener) {
        onSend.accept(dispatch);
        long id = dispatch.spec().id();
        sent.add(new Sent(dispatch, clock.nanoTime()));
        inFlight.put(id, new Pending(dispatch, clock.nanoTime(), listener));
        maxInFlight = Math.max(maxInFlight, inFlight.size());
        clock.schedule(serviceMillis.applyAsLong(id), () -> finish(id, null));
    }

    @Override
    public int inFlight() {
        return inFlight.size();
    }

    /** Why the run last cancelled what it had in flight, or null. */
    volatile String lastCancelReason;

    @Override
    public void cancelAll(String reason) {
        lastCancelReason = reason;
        for (Long id : List.copyOf(inFlight.keySet())) {
            if (cancelDelayMillis == 0) {
                finish(id, ErrorClass.CANCELLED);
            } else {
                clock.schedule(cancelDelayMillis, () -> finish(id, ErrorClass.CANCELLED));
            }
        }
    }

    @Override
    public long abandonRemaining(String reason) {
        List<Long> ids = List.copyOf(inFlight.keySet());
        for (Long id : ids) {
            Pending p = inFlight.remove(id);
            RequestRecord r = RequestRecord.builder(id).phase(p.dispatch().phase())
                    .scheduledNanos(p.dispatch().scheduledNanos() - originNanos).doneNanos(clock.nanoTime() - originNanos)
                    .error(ErrorClass.CANCELLED).errorDetail(reason).build();
            finished.add(r);
            if (writer != null) {
                writer.submit(r);
            }
        }
        return ids.size();
    }

    private void finish(long id, ErrorClass error) {
        Pending p = inFlight.remove(id);
        if (p == null) {
            return; // cancelled before its answer came
        }
        Dispatch d = p.dispatch();
        long done = clock.nanoTime();
        boolean ok = error == null;
        long absent = StreamResult.ABSENT;
        StreamResult stream = new StreamResult(
                new StreamResult.Marks(p.sentNanos(), p.sentNanos(), ok ? done : absent, ok ? done : absent, done, absent, absent),
                new StreamResult.Events(ok ? 1 : 0, new int[0], absent, null, 0, 0, 0),
                new StreamResult.Usage(-1, ok ? 4 : -1, -1), ok ? "answer " + id : "",
                new StreamResult.Outcome(ok ? 200 : 0, ok, ok, ok ? "stop" : null, null, null));
        Completion c = new Completion(d, 0, originNanos, stream, error, null, done, -1,
                ok ? TokenSource.USAGE : TokenSource.NONE, ok ? 4 : 0,
                new Completion.ClientFigures(0, absent, 0, p.sentNanos(), 0));
        finished.add(c.toRecord(null, -1));
        if (writer != null) {
            writer.submit(c);
        }
        p.listener().finished(c);
    }
}
