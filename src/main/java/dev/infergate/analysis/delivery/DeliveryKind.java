package dev.infergate.analysis.delivery;

import java.util.Locale;

/**
 * How a streamed response reached the client, per request and as an endpoint verdict (docs/metrics.md,
 * "Streaming delivery").
 */
public enum DeliveryKind {
    /** Output arrived as it was generated: many small events at a decoder's pace. */
    INCREMENTAL,
    /** Output arrived as generated but in lumps: coarse chunks, clustered events or long stalls. */
    BURSTY,
    /** Output reached the client in one lump, at or near the end: {@code stream: true} bought nothing. */
    BUFFERED,
    /** Too little output to tell (a short answer arrives in one lump whatever the server does), or failed. */
    UNDETERMINED;

    /** The name in JSON and on the console: {@code incremental}, {@code bursty}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
