package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.record.RecordCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Picks which streamed requests the page draws as timelines, deterministically: the requests the probe
 * flagged, the slowest first tokens, the longest stalls, failures that streamed, then typical cold and
 * typical warm requests (closest to their class's median TTFT), then the fastest. Only requests whose
 * record kept {@code event_offsets_ns} can be drawn. Ties break on the request id.
 */
final class TimelineSample {
    /** The most events drawn per request; longer streams are thinned evenly (first and last kept). */
    static final int MAX_EVENTS = 2000;

    /** What is known about a drawable request after the first read, before its events are loaded. */
    record Candidate(long id, long ttftNanos, long maxStallNanos, boolean warm, String failure) {}

    private final List<Candidate> candidates = new ArrayList<>();

    void offer(RequestRecord r) {
        if (r.events().eventOffsetsNanos() == null || r.marks().sentNanos() == RequestRecord.ABSENT || !r.measured()) {
            return;
        }
        candidates.add(new Candidate(r.id(), r.ttftNanos(), r.events().maxStallNanos(), r.warmCache(),
                r.succeeded() ? null : r.outcome().error().key()));
    }

    /** Chooses at most {@code limit} requests: id to the reason it was chosen, in drawing order. */
    Map<Long, String> choose(int limit, Map<Long, String> flagged) {
        Map<Long, String> chosen = new LinkedHashMap<>();
        Set<Long> drawable = new java.util.HashSet<>();
        candidates.forEach(c -> drawable.add(c.id()));
        flagged.forEach((id, why) -> {
            if (drawable.contains(id) && chosen.size() < Math.min(limit, 8)) {
                chosen.put(id, why);
            }
        });
        List<Candidate> ok = candidates.stream().filter(c -> c.failure() == null && c.ttftNanos() >= 0).toList();
        Comparator<Candidate> byId = Comparator.comparingLong(Candidate::id);
        take(chosen, limit, ok, Comparator.comparingLong(Candidate::ttftNanos).reversed().thenComparing(byId), 4, c -> "slowest TTFT");
        take(chosen, limit, ok.stream().filter(c -> c.maxStallNanos() > 0).toList(),
                Comparator.comparingLong(Candidate::maxStallNanos).reversed().thenComparing(byId), 4, c -> "longest stall");
        take(chosen, limit, candidates.stream().filter(c -> c.failure() != null).toList(), byId, 3,
                c -> "failed: " + c.failure());
        typical(chosen, limit, ok, false);
        typical(chosen, limit, ok, true);
        take(chosen, limit, ok, Comparator.comparingLong(Candidate::ttftNanos).thenComparing(byId), 2, c -> "fastest TTFT");
        return chosen;
    }

    private static void typical(Map<Long, String> chosen, int limit, List<Candidate> ok, boolean warm) {
        List<Candidate> group = ok.stream().filter(c -> c.warm() == warm)
                .sorted(Comparator.comparingLong(Candidate::ttftNanos).thenComparingLong(Candidate::id)).toList();
        if (group.isEmpty()) {
            return;
        }
        long median = group.get(group.size() / 2).ttftNanos();
        take(chosen, limit, group, Comparator.comparingLong((Candidate c) -> Math.abs(c.ttftNanos() - median))
                .thenComparingLong(Candidate::id), 5, c -> warm ? "typical warm" : "typical cold");
    }

    private static void take(Map<Long, String> chosen, int limit, List<Candidate> from, Comparator<Candidate> order,
            int count, java.util.function.Function<Candidate, String> why) {
        Predicate<Candidate> fresh = c -> !chosen.containsKey(c.id());
        from.stream().filter(fresh).sorted(order).limit(count)
                .forEach(c -> {
                    if (chosen.size() < limit) {
                        chosen.put(c.id(), why.apply(c));
                    }
                });
    }

    /**
     * Reads {@code runDir} again and returns the rows of the chosen requests, in the chosen order. Only
     * lines that kept event offsets are parsed; unreadable lines were reported by the first read and are
     * skipped here.
     */
    static List<Row> rows(Path runDir, Map<Long, String> chosen) {
        Map<Long, Row> rows = new LinkedHashMap<>();
        chosen.keySet().forEach(id -> rows.put(id, null));
        if (chosen.isEmpty()) {
            return List.of();
        }
        try (BufferedReader in = Files.newBufferedReader(runDir.resolve(RunLog.REQUESTS_FILE), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.contains("\"event_offsets_ns\"")) {
                    continue;
                }
                RequestRecord r;
                try {
                    r = RecordCodec.fromJson(line);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (rows.containsKey(r.id()) && rows.get(r.id()) == null) {
                    rows.put(r.id(), row(r, chosen.get(r.id())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + runDir.resolve(RunLog.REQUESTS_FILE), e);
        }
        return rows.values().stream().filter(Objects::nonNull).toList();
    }

    /** One request's marks in milliseconds relative to when it was <b>sent</b> (queue wait is negative time). */
    static Row row(RequestRecord r, String why) {
        long[] offsets = r.events().eventOffsetsNanos();
        List<Double> events = new ArrayList<>();
        int step = offsets.length <= MAX_EVENTS ? 1 : (int) Math.ceil(offsets.length / (double) MAX_EVENTS);
        for (int i = 0; i < offsets.length; i += step) {
            events.add(Num.millis(offsets[i]));
        }
        if (step > 1 && (offsets.length - 1) % step != 0) {
            events.add(Num.millis(offsets[offsets.length - 1]));
        }
        return new Row(r.id(), why, r.warmCache() ? "warm" : "cold", r.succeeded() ? "ok" : r.outcome().error().key(), r.outcome().errorDetail(),
                Num.millis(Math.max(0, r.queueWaitNanos())), relative(r, r.marks().firstTokenNanos()), relative(r, r.marks().doneNanos()),
                r.tokens().output(), r.events().chunks(), r.events().maxStallNanos() == RequestRecord.ABSENT ? null : Num.millis(r.events().maxStallNanos()),
                events, offsets.length);
    }

    /**
     * One request's stream as the page draws it, in ms from its send (queue wait counts back from it); at most
     * {@code MAX_EVENTS} event times, evenly thinned, the last always kept.
     *
     * @param error the server's error text (untrusted: the page escapes it); absent when it succeeded
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Row(long id, String why, String cache, String outcome, @JsonInclude(JsonInclude.Include.NON_NULL) String error,
            Double queueMs, Double firstTokenMs, Double doneMs, int outputTokens, int chunks, Double maxStallMs,
            List<Double> eventsMs, int eventsTotal) {}

    private static Double relative(RequestRecord r, long mark) {
        return mark == RequestRecord.ABSENT ? null : Num.millis(mark - r.marks().sentNanos());
    }
}
