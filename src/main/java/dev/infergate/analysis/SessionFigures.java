package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code sessions} block of summary.json, from the measured records that carry an agent session
 * (docs/workloads.md, "Agent sessions"):
 * <ul>
 *   <li>{@code count}: sessions with at least one measured turn; {@code completed}: those whose every turn
 *       ({@code turns_per_session}) succeeded. A failed turn ends its session, so {@code count - completed}
 *       sessions stopped early.</li>
 *   <li>{@code session_total_ms}: per completed session, the last turn's {@code done} minus the first turn's
 *       {@code scheduled} (think times included): how long the user waited for the whole task. Sessions that
 *       stopped early are left out, because their shorter totals would flatter the figure.</li>
 *   <li>{@code by_turn}: per turn index (0-based), TTFT and E2E (the <i>agent turn latency</i>, from
 *       {@code sent}), mean input tokens (the server's {@code prompt_tokens} when sent) and mean cached tokens
 *       (over the requests whose server reported them, null when none did).</li>
 * </ul>
 */
public final class SessionFigures {
    private final Map<String, SessionTrack> sessions = new HashMap<>();
    private final TreeMap<Integer, Turn> byTurn = new TreeMap<>();

    /** Figures of one turn index across sessions. */
    private static final class Turn {
        final LatencyDistribution ttft = Distribution.latency();
        final LatencyDistribution e2e = Distribution.latency();
        long sent;
        long failed;
        long inputTokens;
        long inputCounted;
        long cachedTokens;
        long cachedReported;
    }

    /** Adds a measured record; records without a session are ignored. */
    public void add(RequestRecord r) {
        if (r.session() == null) {
            return;
        }
        sessions.computeIfAbsent(r.session(), s -> new SessionTrack()).add(r);
        Turn turn = byTurn.computeIfAbsent(Math.max(0, r.turn()), t -> new Turn());
        turn.sent++;
        if (!r.succeeded()) {
            turn.failed += r.failed() ? 1 : 0; // a turn the user cancelled is not the server's failure
            return;
        }
        if (r.ttftNanos() != RequestRecord.ABSENT) {
            turn.ttft.recordNanos(Math.max(0, r.ttftNanos()));
        }
        if (r.e2eNanos() != RequestRecord.ABSENT) {
            turn.e2e.recordNanos(Math.max(0, r.e2eNanos()));
        }
        if (r.tokens().input() > 0) {
            turn.inputTokens += r.tokens().input();
            turn.inputCounted++;
        }
        if (r.tokens().cached() >= 0) {
            turn.cachedTokens += r.tokens().cached();
            turn.cachedReported++;
        }
    }

    public boolean isEmpty() {
        return sessions.isEmpty();
    }

    /**
     * The block.
     *
     * @param turnsPerSession turns each session was meant to run (run.json's {@code load.turns}), or 0 when
     *                        unknown: then the most turns seen in any session
     */
    public Figures figures(int turnsPerSession) {
        int turns = SessionTrack.turns(turnsPerSession, sessions.values());
        LatencyDistribution total = Distribution.latency();
        long completed = 0;
        for (SessionTrack t : sessions.values()) {
            if (t.completed(turns)) {
                completed++;
                total.recordNanos(t.totalNanos());
            }
        }
        List<TurnFigures> turnList = new ArrayList<>();
        byTurn.forEach((index, t) -> turnList.add(new TurnFigures(index, t.sent, t.failed, t.ttft.percentiles(),
                t.e2e.percentiles(), t.inputCounted == 0 ? null : Distribution.round((double) t.inputTokens / t.inputCounted),
                t.cachedReported == 0 ? null : Distribution.round((double) t.cachedTokens / t.cachedReported))));
        return new Figures(sessions.size(), completed, turns, total.percentiles(), turnList);
    }

    /** summary.json's {@code sessions} block (see the class comment). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Figures(int count, long completed, int turnsPerSession, Percentiles sessionTotalMs, List<TurnFigures> byTurn) {}

    /** One turn index across sessions; the means are null when no request of the turn reported the count. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record TurnFigures(int turn, long sent, long failed, Percentiles ttftMs, Percentiles e2eMs, Double inputTokensMean,
            Double cachedTokensMean) {}
}
