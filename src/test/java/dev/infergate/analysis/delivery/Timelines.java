package dev.infergate.analysis.delivery;

import dev.infergate.client.StreamResult;
import dev.infergate.client.StreamTimeline;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import dev.infergate.testing.Fixture;
import dev.infergate.testing.WireResponse;
import java.util.ArrayList;
import java.util.List;

/** Builds request records from synthetic event timelines and from captured server bytes. */
final class Timelines {
    static final long MS = 1_000_000L;
    static final long SENT = 5 * MS;

    private Timelines() {}

    /**
     * A successful request sent at {@link #SENT}: output events at {@code offsetsNanos} after sending,
     * {@code tokensPerEvent} tokens each, done {@code doneAfterLastNanos} after the last event.
     */
    static RequestRecord record(long[] offsetsNanos, int tokensPerEvent, long doneAfterLastNanos, boolean keepOffsets) {
        int n = offsetsNanos.length;
        int[] gaps = new int[Math.max(0, n - 1)];
        long maxStall = n < 2 ? RequestRecord.ABSENT : 0;
        for (int i = 1; i < n; i++) {
            long gap = offsetsNanos[i] - offsetsNanos[i - 1];
            gaps[i - 1] = (int) (gap / 1000);
            maxStall = Math.max(maxStall, gap);
        }
        long first = SENT + offsetsNanos[0];
        long last = SENT + offsetsNanos[n - 1];
        return RequestRecord.builder(1).sentNanos(SENT).headersNanos(SENT + MS).firstTokenNanos(first)
                .lastTokenNanos(last).doneNanos(last + doneAfterLastNanos).status(200).inputTokens(100)
                .outputTokens(n * tokensPerEvent).outputTokensSource(TokenSource.USAGE).chunks(n)
                .maxStallNanos(maxStall).itlHistogram(new ItlCodec().encode(gaps, gaps.length))
                .eventOffsetsNanos(keepOffsets ? offsetsNanos.clone() : null).build();
    }

    /** {@code count} events {@code gapNanos} apart, the first {@code ttftNanos} after sending. */
    static long[] steady(long ttftNanos, int count, long gapNanos) {
        long[] o = new long[count];
        for (int i = 0; i < count; i++) {
            o[i] = ttftNanos + i * gapNanos;
        }
        return o;
    }

    static RequestRecord failed() {
        return RequestRecord.builder(2).sentNanos(SENT).doneNanos(SENT + MS).error(ErrorClass.CONNECT)
                .errorDetail("refused").build();
    }

    /** The record the client would write for a captured response (replayed through the real decoder). */
    static RequestRecord fromFixture(String name, boolean keepOffsets) {
        Fixture fixture = Fixture.load(name);
        return fromWire(WireResponse.parse(fixture.reads(), fixture.eofNanos()), keepOffsets);
    }

    /** The same capture, but every body read held back until the end of the body: a buffering proxy. */
    static RequestRecord fromFixtureBuffered(String name) {
        Fixture fixture = Fixture.load(name);
        WireResponse w = WireResponse.parse(fixture.reads(), fixture.eofNanos());
        List<WireResponse.BodyRead> held = new ArrayList<>();
        for (WireResponse.BodyRead read : w.bodyReads()) {
            held.add(new WireResponse.BodyRead(w.bodyEndNanos(), read.bytes()));
        }
        return fromWire(new WireResponse(w.status(), w.headers(), w.headersNanos(), held, w.bodyEndNanos()), true);
    }

    private static RequestRecord fromWire(WireResponse w, boolean keepOffsets) {
        StreamTimeline t = new StreamTimeline(true, keepOffsets);
        t.onSent(SENT);
        t.onHeaders(w.status(), SENT + w.headersNanos());
        for (WireResponse.BodyRead read : w.bodyReads()) {
            t.onBytes(read.bytes(), 0, read.bytes().length, SENT + read.arrivalNanos());
        }
        t.onEnd(SENT + w.bodyEndNanos());
        StreamResult r = t.result();
        StreamResult.Marks m = r.marks();
        StreamResult.Events e = r.events();
        StreamResult.Outcome o = r.outcome();
        return RequestRecord.builder(3).sentNanos(m.sentNanos()).headersNanos(m.headersNanos())
                .firstTokenNanos(m.firstTokenNanos()).lastTokenNanos(m.lastTokenNanos()).doneNanos(m.doneNanos())
                .status(o.status()).error(o.failure()).errorDetail(o.errorDetail())
                .inputTokens(r.usage().promptTokens())
                .outputTokens(r.hasUsage() ? r.usage().completionTokens() : e.chunks()) // llama-server: one token per event
                .outputTokensSource(r.hasUsage() ? TokenSource.USAGE : TokenSource.CLIENT)
                .cachedTokens(r.usage().cachedTokens()).chunks(e.chunks()).maxStallNanos(e.maxStallNanos())
                .itlHistogram(new ItlCodec().encode(e.itlGapsMicros(), e.itlGapsMicros().length))
                .eventOffsetsNanos(e.eventOffsetsNanos()).build();
    }
}
