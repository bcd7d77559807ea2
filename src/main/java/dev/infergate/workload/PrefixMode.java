package dev.infergate.workload;

import java.util.Locale;

/** Whether synthetic prompts start with text a prefix cache can reuse. */
public enum PrefixMode {
    /** Every prompt starts with text unique to its id: no prefix cache can help (cold). */
    FRESH,
    /** Prompts start with one of a small pool of long shared prefixes, then a unique suffix (warm). */
    SHARED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws WorkloadException naming the bad text and the accepted names */
    public static PrefixMode parse(String text) {
        for (PrefixMode mode : values()) {
            if (mode.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return mode;
            }
        }
        throw new WorkloadException("unknown prefix mode '" + text + "'; expected fresh or shared");
    }
}
