package dev.infergate.probe;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * One line of the probe's verdict table: what was checked, what was found, and the evidence.
 *
 * @param name     what was checked, e.g. {@code delivery}
 * @param status   how it came out
 * @param result   the finding in a few words, e.g. {@code buffered}
 * @param evidence the figures it rests on ({@link Evidence#NONE} when none)
 */
@JsonPropertyOrder({"check", "status", "result", "evidence"})
public record Check(@JsonProperty("check") String name, Status status, String result, Evidence evidence) {
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

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Check {
        if (name == null || status == null || result == null) {
            throw new IllegalArgumentException("name (" + name + "), status (" + status + ") and result (" + result
                    + ") must be set");
        }
        evidence = evidence == null ? Evidence.NONE : evidence;
    }
}
