package dev.infergate.bench;

import dev.infergate.record.RequestRecord;

/**
 * Compares what the client recorded for each request with what the metronome server actually did, event
 * by event, on the shared monotonic clock. Four quantities, kept apart so client error and server jitter
 * are never confused:
 *
 * <ul>
 *   <li><b>event error</b> = client arrival mark − server write mark, per output event: how late the client
 *       stamps a read (loopback delivery, event-loop wake-up and queueing in the client);
 *   <li><b>TTFT error</b> = client TTFT ({@code first_token − sent}) − true TTFT (first write − the moment
 *       the request left the client, its {@code sent} mark): the first event's own error. What a user waits
 *       for is counted from the send, so the request's trip into the server is part of the true TTFT, not an
 *       error; it is reported on its own;</li>
 *   <li><b>request trip</b> = server's "request read" mark − client's {@code sent} mark: loopback delivery
 *       plus the server's delay in reading the request (its event loop busy with other streams). It bounds
 *       how far the client's {@code sent} mark could be early (it is stamped just before the request is
 *       written, on the same thread), and is the part of TTFT that the server's own TTFT figure misses;
 *   <li><b>ITL error</b> = client gap − true gap (between consecutive writes), per gap;
 *   <li><b>server lateness</b> = write mark − intended time ({@link StreamTruth#intendedNanos}): the
 *       server's jitter, which does not enter the three client errors.
 * </ul>
 *
 * Only successful measured requests are compared; the others are counted. Not thread-safe.
 */
public final class ErrorAnalysis {
    private final LongSamples eventError = new LongSamples();
    private final LongSamples ttftError = new LongSamples();
    private final LongSamples itlError = new LongSamples();
    private final LongSamples serverLateness = new LongSamples();
    private final LongSamples requestTrip = new LongSamples();
    private long compared;
    private long failed;
    private long withoutTruth;
    private long mismatched;
    private long windowStartNanos = Long.MAX_VALUE;
    private long windowEndNanos = Long.MIN_VALUE;

    /**
     * Adds one request.
     *
     * @param record      the client's record, with {@code eventOffsetsNanos} (record every request's events)
     * @param originNanos the run origin the record's marks are relative to (absolute nanoseconds)
     * @param truth       the server's truth for the same id, or null when the server has none
     */
    public void add(RequestRecord record, long originNanos, StreamTruth truth) {
        if (!record.measured()) {
            return;
        }
        if (!record.succeeded() || record.events().eventOffsetsNanos() == null) {
            failed++;
            return;
        }
        if (truth == null) {
            withoutTruth++;
            return;
        }
        long[] offsets = record.events().eventOffsetsNanos();
        long[] writes = truth.writeNanos();
        if (offsets.length != writes.length || writes.length == 0) {
            mismatched++;
            return;
        }
        compared++;
        long sent = originNanos + record.marks().sentNanos();
        windowStartNanos = Math.min(windowStartNanos, sent);
        windowEndNanos = Math.max(windowEndNanos, sent + offsets[offsets.length - 1]);
        ttftError.add(offsets[0] - (writes[0] - sent));
        requestTrip.add(truth.receivedNanos() - sent);
        for (int k = 0; k < writes.length; k++) {
            eventError.add(sent + offsets[k] - writes[k]);
            serverLateness.add(writes[k] - truth.intendedNanos(k));
            if (k > 0) {
                itlError.add((offsets[k] - offsets[k - 1]) - (writes[k] - writes[k - 1]));
            }
        }
    }

    /** The figures so far. */
    public ErrorSummary summary() {
        double windowSeconds = compared == 0 ? 0 : (windowEndNanos - windowStartNanos) / 1e9;
        long events = eventError.count();
        return new ErrorSummary(compared, failed, withoutTruth, mismatched, events,
                windowSeconds > 0 ? events / windowSeconds : 0, eventError.spread(), ttftError.spread(),
                itlError.spread(), serverLateness.spread(), requestTrip.spread());
    }
}
