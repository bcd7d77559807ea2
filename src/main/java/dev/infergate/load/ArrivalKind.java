package dev.infergate.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the gaps between consecutive open-loop arrivals are drawn. */
public enum ArrivalKind {
    /** Every gap is exactly {@code 1 / rate}: a metronome. */
    CONSTANT,
    /** Exponential gaps with mean {@code 1 / rate}: a Poisson process (coefficient of variation 1). */
    POISSON,
    /**
     * Gamma gaps with mean {@code 1 / rate} and shape = burstiness (scale {@code 1 / (rate * shape)}), as
     * vLLM's {@code --burstiness}: shape 1 is Poisson, below 1 burstier, above 1 smoother. The coefficient
     * of variation of the gaps is {@code 1 / sqrt(shape)}.
     */
    GAMMA;

    /** The name used on the command line and in reports: {@code constant}, {@code poisson}, {@code gamma}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a command-line name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the bad text and the accepted names
     */
    public static ArrivalKind parse(String text) {
        for (ArrivalKind kind : values()) {
            if (kind.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown arrival kind '" + text + "'; expected one of "
                + Arrays.stream(values()).map(ArrivalKind::label).collect(Collectors.joining(", ")));
    }
}
