package dev.infergate.bench;

/**
 * The prompt by which the harness tells the metronome server which request this is and when to send its
 * events: {@code infergate-bench id=12 ttft_ns=50000000 itl_ns=20000000}. Carrying the timing in each
 * request keeps the server stateless, so it can run in another process with nothing to configure.
 *
 * @param id        the request id (the record's id)
 * @param ttftNanos delay from receipt of the request to the first output event
 * @param itlNanos  gap between consecutive output events
 */
public record BenchPrompt(long id, long ttftNanos, long itlNanos) {
    private static final String TAG = "infergate-bench";

    public BenchPrompt {
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        if (ttftNanos < 0 || itlNanos < 0) {
            throw new IllegalArgumentException("ttftNanos (" + ttftNanos + ") and itlNanos (" + itlNanos + ") must be >= 0");
        }
    }

    public String text() {
        return TAG + " id=" + id + " ttft_ns=" + ttftNanos + " itl_ns=" + itlNanos;
    }

    /** Reads a prompt written by {@link #text()}; null when {@code text} is not one (e.g. a preflight request). */
    public static BenchPrompt parse(String text) {
        if (text == null || !text.startsWith(TAG)) {
            return null;
        }
        long id = -1;
        long ttft = -1;
        long itl = -1;
        for (String field : text.substring(TAG.length()).trim().split(" ")) {
            int eq = field.indexOf('=');
            if (eq < 0) {
                return null;
            }
            long value;
            try {
                value = Long.parseLong(field.substring(eq + 1));
            } catch (NumberFormatException e) {
                return null;
            }
            switch (field.substring(0, eq)) {
                case "id" -> id = value;
                case "ttft_ns" -> ttft = value;
                case "itl_ns" -> itl = value;
                default -> { /* later fields are ignored */ }
            }
        }
        return id < 0 || ttft < 0 || itl < 0 ? null : new BenchPrompt(id, ttft, itl);
    }
}
