package dev.infergate.imports;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Locale;

/**
 * One request as another tool recorded it, turned into an infergate record. Other tools keep when a request
 * was sent and durations from there; none keeps when it was meant to start, so the record's scheduled mark is
 * its sent mark and the figures from the scheduled time are declared missing by the importer (never read from
 * these records). Times are nanoseconds from the import's origin (the earliest request).
 */
final class Foreign {
    private final ItlCodec codec = new ItlCodec();

    /**
     * The record of one request.
     *
     * @param sentNanos      when it was sent, from the origin (>= 0)
     * @param ttftNanos      first output after sending, or ABSENT
     * @param lastTokenNanos last output after sending, or ABSENT (then the end of the gaps, if any)
     * @param e2eNanos       end of the response after sending, or ABSENT (a failure with no known end ends when sent)
     * @param gapsNanos      the gaps between output chunks after the first, or null when the tool kept none
     * @param error          null for success
     */
    RequestRecord record(long id, Phase phase, long sentNanos, long ttftNanos, long lastTokenNanos, long e2eNanos,
            long[] gapsNanos, int inputTokens, int outputTokens, TokenSource source, ErrorClass error, String detail,
            int status) {
        long first = ttftNanos >= 0 ? sentNanos + ttftNanos : RequestRecord.ABSENT;
        long[] offsets = null;
        String itl = null;
        long maxStall = RequestRecord.ABSENT;
        int chunks = first == RequestRecord.ABSENT ? 0 : 1;
        long last = first == RequestRecord.ABSENT ? RequestRecord.ABSENT
                : lastTokenNanos >= 0 ? sentNanos + lastTokenNanos : first;
        if (gapsNanos != null && first != RequestRecord.ABSENT) {
            offsets = new long[gapsNanos.length + 1];
            offsets[0] = ttftNanos;
            int[] micros = new int[gapsNanos.length];
            for (int i = 0; i < gapsNanos.length; i++) {
                offsets[i + 1] = offsets[i] + Math.max(0, gapsNanos[i]);
                micros[i] = (int) Math.min(Integer.MAX_VALUE, Math.round(Math.max(0, gapsNanos[i]) / 1e3));
                maxStall = Math.max(maxStall, gapsNanos[i]);
            }
            itl = codec.encode(micros, micros.length);
            chunks = offsets.length;
            last = sentNanos + offsets[offsets.length - 1];
        }
        long done = e2eNanos >= 0 ? sentNanos + e2eNanos : Math.max(sentNanos, last);
        return RequestRecord.builder(id).phase(phase).scheduledNanos(sentNanos).sentNanos(sentNanos)
                .firstTokenNanos(first).lastTokenNanos(last).doneNanos(done).status(status).error(error)
                .errorDetail(detail).inputTokens(inputTokens)
                .outputTokens(error == null ? outputTokens : Math.max(0, outputTokens)).outputTokensSource(source)
                .chunks(chunks).maxStallNanos(maxStall).itlHistogram(itl).eventOffsetsNanos(offsets).build();
    }

    /** The closest error class of a failure another tool described in words (and an HTTP status, 0 when unknown). */
    static ErrorClass errorClass(int status, String text) {
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        ErrorClass own = ownKey(text);
        if (own != null) {
            return own;
        }
        if (status == 429 || t.contains("429") || t.contains("too many requests")) {
            return ErrorClass.HTTP_429;
        }
        if (status >= 500 || t.matches(".*\\b5\\d\\d\\b.*") || t.contains("internal server error")
                || t.contains("bad gateway") || t.contains("service unavailable") || t.contains("gateway timeout")) {
            return ErrorClass.HTTP_5XX;
        }
        if (status >= 400 || t.matches(".*\\b4\\d\\d\\b.*")) {
            return ErrorClass.HTTP_4XX;
        }
        if (t.contains("cancel")) {
            return ErrorClass.CANCELLED;
        }
        if (t.contains("timeout") || t.contains("timed out")) {
            return ErrorClass.TIMEOUT_TOTAL;
        }
        if (t.contains("connect")) {
            return ErrorClass.CONNECT;
        }
        if (t.contains("reset") || t.contains("disconnect")) {
            return ErrorClass.RESET;
        }
        return ErrorClass.STREAM_ERROR;
    }

    /** The class of a detail infergate wrote itself ({@code "http_5xx: busy"}, in its vLLM export), else null. */
    static ErrorClass ownKey(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        String key = colon > 0 ? text.substring(0, colon) : text;
        for (ErrorClass e : ErrorClass.values()) {
            if (e.key().equals(key)) {
                return e;
            }
        }
        return null;
    }

    /** A detail without infergate's own class prefix (which {@link #ownKey} read). */
    static String ownDetail(String text) {
        if (ownKey(text) == null) {
            return text;
        }
        int colon = text.indexOf(':');
        return colon < 0 ? null : text.substring(colon + 1).strip();
    }

    /** Seconds (a tool's float) as nanoseconds; ABSENT for a missing or negative value. */
    static long seconds(double s) {
        return Double.isFinite(s) && s >= 0 ? Math.round(s * 1e9) : RequestRecord.ABSENT;
    }

    /** Milliseconds as nanoseconds; ABSENT for a missing or negative value. */
    static long millis(double ms) {
        return Double.isFinite(ms) && ms >= 0 ? Math.round(ms * 1e6) : RequestRecord.ABSENT;
    }
}
