package dev.infergate.load;

import dev.infergate.client.Dispatch;
import dev.infergate.client.RequestClient;
import dev.infergate.record.ErrorClass;
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

    @Override
    public void cancelAll(String reason) {
        for (Long id : List.copyOf(inFlight.keySet())) {
            finish(id, ErrorClass.CANCELLED);
        }
    }

    private void finish(long id, ErrorClass error) {
        Pending p = inFlight.remove(id);
        if (p == null) {
            return; // cancelled before its answer came
        }
        Dispatch d = p.dispatch();
        long done = clock.nanoTime();
        RequestRecord r = new RequestRecord(id, 0, d.phase(), d.condition(), d.session(), d.turn(),
                rel(d.scheduledNanos()), rel(p.sentNanos()), rel(p.sentNanos()), error == null ? rel(done) : RequestRecord.ABSENT,
                error == null ? rel(done) : RequestRecord.ABSENT, rel(done), error == null ? 200 : 0, error, null, -1, 1,
                error == null ? 4 : 0, error == null ? TokenSource.USAGE : TokenSource.NONE, -1, error == null ? 1 : 0,
                RequestRecord.ABSENT, null, null, 0, RequestRecord.ABSENT, 0, -1, rel(d.slotNanos()), rel(p.sentNanos()), 0);
        finished.add(r);
        p.listener().finished(r, "answer " + id);
    }

    private long rel(long nanos) {
        return nanos - originNanos;
    }
}
