package dev.infergate.load;

import dev.infergate.record.LoadDescription;

/**
 * When the sessions of an agent-session run ({@link SessionLoop}) start (docs/workloads.md, "Agent sessions").
 * A session's turns always follow one another (each after the previous turn's answer plus the think time);
 * this only decides when each session's <b>first</b> turn is scheduled:
 * <ul>
 *   <li>{@link AllAtOnce}: every session at the start (the warm-up sessions first, as a wave of their own);</li>
 *   <li>{@link Concurrent}: at most N sessions in progress; a new one is scheduled when one ends (a closed
 *       loop of sessions: a slow server slows the arrival of new sessions, as it slows a closed loop's
 *       requests);</li>
 *   <li>{@link Arrivals}: session k at the k-th arrival of a schedule, whether or not earlier sessions ended
 *       (an open loop of sessions: the offered load does not bend to the server).</li>
 * </ul>
 */
public sealed interface SessionStarts permits SessionStarts.AllAtOnce, SessionStarts.Concurrent, SessionStarts.Arrivals {
    /** Every session at the start: the warm-up sessions at once, then, when all of them ended, the measured ones at once. */
    SessionStarts ALL_AT_ONCE = new AllAtOnce();

    /** Describes the starts for run.json ({@code load} block). */
    LoadDescription.Starts description();


    /** Every session at the start; see {@link #ALL_AT_ONCE}. */
    record AllAtOnce() implements SessionStarts {
        @Override
        public LoadDescription.Starts description() {
            return new LoadDescription.AllAtOnce("all_at_once");
        }
    }

    /**
     * At most {@code sessions} sessions in progress at once, started in index order (warm-up sessions first):
     * the first {@code sessions} at the start, then each next one when a session ends, its first turn
     * scheduled at that session's end (its last turn's {@code done}). Sharded, each worker keeps
     * {@code sessions} of its own in progress, as a closed loop keeps its users per worker.
     *
     * @param sessions sessions in progress at most, {@code >= 1}
     */
    record Concurrent(int sessions) implements SessionStarts {
        public Concurrent {
            if (sessions < 1) {
                throw new IllegalArgumentException("concurrent sessions (" + sessions + ") must be >= 1");
            }
        }

        @Override
        public LoadDescription.Starts description() {
            return new LoadDescription.Concurrent("concurrent", sessions);
        }
    }

    /**
     * Session k's first turn is scheduled at the k-th offset of {@code schedule} (warm-up sessions are the
     * first arrivals), whether or not earlier sessions ended; nothing caps the sessions in progress.
     *
     * @param schedule when sessions arrive (the schedule's rate is sessions per second)
     */
    record Arrivals(ArrivalSchedule schedule) implements SessionStarts {
        public Arrivals {
            if (schedule == null) {
                throw new IllegalArgumentException("schedule must not be null");
            }
        }

        /**
         * Sessions arriving so that their turns are offered at {@code requestsPerSecond} on average once every
         * session is under way: {@code requestsPerSecond / turns} sessions per second. (A session whose turn
         * fails sends fewer turns, and a slow server spreads a session's turns out, so the offered turn rate
         * is a target, not a promise; the session arrivals themselves never bend to the server.)
         *
         * @param kind              how the gaps between sessions are drawn
         * @param requestsPerSecond the turn rate to offer, {@code > 0}
         * @param turns             turns per session, {@code >= 1}
         * @param burstiness        gamma shape (only for {@link ArrivalKind#GAMMA})
         * @param seed              seed of the gaps
         */
        public static Arrivals atRequestRate(ArrivalKind kind, double requestsPerSecond, int turns, double burstiness,
                long seed) {
            if (!(requestsPerSecond > 0) || turns < 1) {
                throw new IllegalArgumentException("rate (" + requestsPerSecond + ") must be > 0 and turns (" + turns
                        + ") >= 1");
            }
            return new Arrivals(ArrivalSchedule.of(kind, requestsPerSecond / turns, burstiness, seed));
        }

        @Override
        public LoadDescription.Starts description() {
            return new LoadDescription.Arrivals("arrivals", schedule.description());
        }
    }
}
