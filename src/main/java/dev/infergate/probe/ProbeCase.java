package dev.infergate.probe;

import java.util.Locale;

/** The three kinds of request a probe round sends; the label is the records' {@code condition}. */
public enum ProbeCase {
    /** A long prompt with a unique prefix: nothing can be cached. */
    COLD,
    /** The same prompt sent again at once: a prefix cache can serve all of it. */
    WARM_REPEAT,
    /** The prompt's first 90 % with a new suffix: a prefix cache can serve the shared part. */
    WARM_PREFIX;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
