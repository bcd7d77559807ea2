package dev.infergate.analysis.compare;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Builds request records with chosen latencies, for comparison tests. */
final class Synthetic {
    static final long MS = 1_000_000L;

    private Synthetic() {}

    /**
     * A successful request scheduled at {@code startMs}, sent at once, first token after {@code ttftMs},
     * then {@code tokens} tokens one per event {@code itlMs} apart, done at the last token.
     */
    static RequestRecord ok(long id, double startMs, double ttftMs, int tokens, double itlMs) {
        long scheduled = Math.round(startMs * MS);
        long first = scheduled + Math.round(ttftMs * MS);
        long last = first + Math.round((tokens - 1) * itlMs * MS);
        return RequestRecord.builder(id).scheduledNanos(scheduled).sentNanos(scheduled).headersNanos(scheduled)
                .firstTokenNanos(first).lastTokenNanos(last).doneNanos(last).status(200).inputTokens(100)
                .outputTokens(tokens).outputTokensSource(TokenSource.USAGE).cachedTokens(0).chunks(tokens)
                .maxStallNanos(Math.round(itlMs * MS)).build();
    }

    /** As {@link #ok}, as turn {@code turn} of agent session {@code session}. */
    static RequestRecord turn(long id, String session, int turn, double startMs, double ttftMs, int tokens, double itlMs) {
        RequestRecord r = ok(id, startMs, ttftMs, tokens, itlMs);
        return RequestRecord.builder(id).session(session).turn(turn).scheduledNanos(r.marks().scheduledNanos())
                .sentNanos(r.marks().sentNanos()).headersNanos(r.marks().headersNanos()).firstTokenNanos(r.marks().firstTokenNanos())
                .lastTokenNanos(r.marks().lastTokenNanos()).doneNanos(r.marks().doneNanos()).status(200).inputTokens(100)
                .outputTokens(tokens).outputTokensSource(TokenSource.USAGE).cachedTokens(0).chunks(tokens)
                .maxStallNanos(Math.round(itlMs * MS)).build();
    }

    /**
     * {@code n} agent sessions of {@code turns} turns, all starting at 0, each turn scheduled 50 ms after the
     * previous one's end, with log-normal TTFT of median {@code medianMs} scaled by {@code scale}.
     */
    static RepeatSample sessions(SplittableRandom random, int n, int turns, double medianMs, double scale) {
        List<RequestRecord> records = new ArrayList<>();
        long id = 0;
        for (int s = 0; s < n; s++) {
            double at = 0;
            for (int t = 0; t < turns; t++) {
                double ttft = medianMs * scale * Math.exp(0.3 * gaussian(random));
                RequestRecord r = turn(id++, Integer.toString(s), t, at, ttft, 10, 10 * scale);
                records.add(r);
                at = r.marks().doneNanos() / (double) MS + 50;
            }
        }
        return RepeatSample.of(records, null, turns);
    }

    static RequestRecord failed(long id, double startMs, ErrorClass error) {
        long scheduled = Math.round(startMs * MS);
        return RequestRecord.builder(id).scheduledNanos(scheduled).sentNanos(scheduled).doneNanos(scheduled + MS)
                .status(500).error(error).errorDetail("x").build();
    }

    /** {@code n} requests 100 ms apart with log-normal TTFT of median {@code medianMs}, scaled by {@code scale}. */
    static RepeatSample lognormal(SplittableRandom random, int n, double medianMs, double sigma, double scale,
            double failureShare) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (random.nextDouble() < failureShare) {
                records.add(failed(i, i * 100.0, ErrorClass.HTTP_5XX));
                continue;
            }
            double ttft = medianMs * scale * Math.exp(sigma * gaussian(random));
            records.add(ok(i, i * 100.0, ttft, 10, 10 * scale));
        }
        return RepeatSample.of(records, null);
    }

    static double gaussian(SplittableRandom random) {
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
