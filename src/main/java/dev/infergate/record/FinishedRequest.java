package dev.infergate.record;

/**
 * A finished request as the {@link RecordWriter} takes it: what it still needs to build the request's one
 * {@link RequestRecord}. The costly parts, encoding the inter-token gaps ({@link ItlCodec}) and counting output
 * tokens client-side, are done on the writer's thread, never on the event loops that take timestamps; the record
 * is then built once, with them, by {@link #toRecord}.
 */
public interface FinishedRequest {

    /** The request's gaps between consecutive output-carrying events, in microseconds; empty without gaps. */
    int[] itlGapsMicros();

    /** The output text whose tokens the writer counts (the server sent no usage), or null when none must be. */
    String textToCount();

    /**
     * Builds the request's record.
     *
     * @param itlHistogram        the encoded gaps, or null when there were none
     * @param countedOutputTokens the tokens counted in {@link #textToCount()}, or -1 when none were counted
     */
    RequestRecord toRecord(String itlHistogram, int countedOutputTokens);

    /** A request whose record is already complete (never sent, or built by hand). */
    static FinishedRequest of(RequestRecord record) {
        return new FinishedRequest() {
            @Override
            public int[] itlGapsMicros() {
                return NO_GAPS;
            }

            @Override
            public String textToCount() {
                return null;
            }

            @Override
            public RequestRecord toRecord(String itlHistogram, int countedOutputTokens) {
                return record;
            }
        };
    }

    /** The gaps of a request with fewer than two output-carrying events. */
    int[] NO_GAPS = new int[0];
}
