package dev.infergate.analysis;

import dev.infergate.record.RequestRecord;
import java.util.Collection;

/**
 * One agent session as its measured records show it: the one definition of a <i>completed</i> session and of
 * its <i>total</i>, shared by summary.json's {@code sessions} block ({@link SessionFigures}) and the
 * comparison's {@code session_total} metric, so the two can never disagree.
 *
 * <ul>
 *   <li>completed: every one of its {@code turns} turns succeeded (a failed turn ends its session, so a session
 *       with a failure, or one the run's end cut short, did not);</li>
 *   <li>total: its last {@code done} minus its first turn's {@code scheduled} (think times included): how long
 *       the user waited for the whole task.</li>
 * </ul>
 */
public final class SessionTrack {
    private long firstScheduledNanos = Long.MAX_VALUE;
    private long lastDoneNanos = Long.MIN_VALUE;
    private int succeeded;
    private int lastTurn = -1;
    private int lastTurnIndex = -1;

    /** Adds one of the session's records, when the caller needs no index back. */
    public void add(RequestRecord r) {
        add(r, -1);
    }

    /**
     * Adds one of the session's records.
     *
     * @param index where the record sits in the caller's list; {@link #lastTurnIndex} gives it back for the
     *              record of the highest turn
     */
    public void add(RequestRecord r, int index) {
        firstScheduledNanos = Math.min(firstScheduledNanos, r.marks().scheduledNanos());
        lastDoneNanos = Math.max(lastDoneNanos, r.marks().doneNanos());
        if (r.turn() > lastTurn) {
            lastTurn = r.turn();
            lastTurnIndex = index;
        }
        succeeded += r.succeeded() ? 1 : 0;
    }

    /** The highest turn index it sent (0-based), -1 before any record. */
    public int lastTurn() {
        return lastTurn;
    }

    /** The {@code index} given with the record of its highest turn. */
    public int lastTurnIndex() {
        return lastTurnIndex;
    }

    /** Whether every one of {@code turns} turns succeeded. */
    public boolean completed(int turns) {
        return turns > 0 && succeeded == turns && lastTurn == turns - 1;
    }

    /** Its last {@code done} minus its first {@code scheduled}, never negative. */
    public long totalNanos() {
        return Math.max(0, lastDoneNanos - firstScheduledNanos);
    }

    /**
     * The turns each session was meant to run: {@code turnsPerSession} (run.json's {@code load.turns}) when
     * known (&gt; 0), else the most turns any of {@code sessions} sent.
     */
    public static int turns(int turnsPerSession, Collection<SessionTrack> sessions) {
        return turnsPerSession > 0 ? turnsPerSession
                : sessions.stream().mapToInt(t -> t.lastTurn + 1).max().orElse(0);
    }
}
