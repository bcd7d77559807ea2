package dev.infergate.metrics;

import java.util.Locale;

/** The inference servers whose {@code /metrics} names infergate maps, told apart by their name prefix. */
public enum Engine {
    VLLM("vllm:"), SGLANG("sglang:"), LLAMACPP("llamacpp:"), TGI("tgi_"), UNKNOWN("");

    private final String prefix;

    Engine(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The engine whose prefix most family names carry; UNKNOWN when none does. */
    public static Engine detect(Exposition exposition) {
        Engine best = UNKNOWN;
        long bestCount = 0;
        for (Engine e : values()) {
            if (e == UNKNOWN) {
                continue;
            }
            long n = exposition.families().keySet().stream().filter(k -> k.startsWith(e.prefix)).count();
            if (n > bestCount) {
                best = e;
                bestCount = n;
            }
        }
        return best;
    }
}
