package dev.infergate.bench;

/**
 * The accuracy figures of one benchmark point, see {@link ErrorAnalysis} for each quantity.
 *
 * @param compared        measured requests compared event by event
 * @param failed          measured requests that failed or had no event marks (not compared)
 * @param withoutTruth    measured requests the server had no record of
 * @param mismatched      requests whose client and server event counts differ (lost or split events)
 * @param events          output events compared
 * @param eventsPerSecond compared events over the window from the first compared request's sent mark to
 *                        the last compared event's arrival
 * @param eventError      client arrival − server write, per event
 * @param ttftError       client TTFT − true TTFT (first write − the client's send), per request
 * @param itlError        client gap − true gap, per gap
 * @param serverLateness  server write − intended time, per event
 * @param requestTrip     server's request-read mark − client's send mark, per request
 */
public record ErrorSummary(long compared, long failed, long withoutTruth, long mismatched, long events,
        double eventsPerSecond, Spread eventError, Spread ttftError, Spread itlError, Spread serverLateness,
        Spread requestTrip) {

    /** The accuracy target: client TTFT and ITL within 1 ms of the truth at p99. */
    public static final long TARGET_NANOS = 1_000_000;

    public ErrorSummary {
        if (eventError == null || ttftError == null || itlError == null || serverLateness == null
                || requestTrip == null) {
            throw new IllegalArgumentException("every spread must be set (use Spread.EMPTY)");
        }
    }

    /** Whether every request was compared and TTFT, ITL (when there were gaps) and event errors are within 1 ms at p99. */
    public boolean accurate() {
        return compared > 0 && failed == 0 && withoutTruth == 0 && mismatched == 0
                && ttftError.p99Within(TARGET_NANOS) && (itlError.count() == 0 || itlError.p99Within(TARGET_NANOS))
                && eventError.p99Within(TARGET_NANOS);
    }
}
