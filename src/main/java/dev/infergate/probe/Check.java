package dev.infergate.probe;

import dev.infergate.json.Json;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One line of the probe's verdict table: what was checked, what was found, and the evidence.
 *
 * @param name     what was checked, e.g. {@code delivery}
 * @param status   how it came out
 * @param result   the finding in a few words, e.g. {@code buffered}
 * @param evidence the figures it rests on (snake_case keys, plain values)
 */
public record Check(String name, Status status, String result, Map<String, Object> evidence) {
    /** How a check came out. */
    public enum Status {
        /** As a well-behaved endpoint does. */
        OK,
        /** Works, but worth knowing (e.g. no usage chunk: output tokens are then counted by the client). */
        WARN,
        /** Fails the probe (only buffered streaming does). */
        FAIL,
        /** Informational: the endpoint may legitimately lack it. */
        INFO;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Check {
        if (name == null || status == null || result == null) {
            throw new IllegalArgumentException("name (" + name + "), status (" + status + ") and result (" + result
                    + ") must be set");
        }
        evidence = evidence == null ? Map.of() : Json.ordered(evidence); // probe.json's keys must not vary with the JVM
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("check", name);
        m.put("status", status.label());
        m.put("result", result);
        m.put("evidence", evidence);
        return m;
    }
}
