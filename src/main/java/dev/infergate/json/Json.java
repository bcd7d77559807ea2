package dev.infergate.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one place infergate's JSON mappers are made: every result file (summary.json, comparison.json,
 * acceptance.json, the report's data block) is written by one of these two, so the files agree on how a
 * value is written. Mappers are thread-safe once configured; do not reconfigure them, {@code copy()} instead.
 */
public final class Json {
    /** For files people read: indented, two spaces. */
    public static final ObjectMapper PRETTY = mapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** For data embedded in a page and for reading: one line. */
    public static final ObjectMapper COMPACT = mapper();

    private Json() {}

    /** A mapper with infergate's settings (Jackson's defaults today: records by component order, no naming change). */
    public static ObjectMapper mapper() {
        return new ObjectMapper();
    }
}
