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

    /**
     * Whether this engine's prompt-token counter counts cached prompt tokens too (docs/metrics.md, "What each engine's
     * counters count"): vLLM adds each request's whole prompt when its first token is out, SGLang each finished
     * request's prompt (its cached part also in {@code sglang:cached_tokens}), llama.cpp only the tokens it computed
     * (a cached prefix is skipped); null where the engine has no such counter (TGI) or is unknown.
     */
    public Boolean promptTokensIncludeCached() {
        return switch (this) {
            case VLLM, SGLANG -> true;
            case LLAMACPP -> false;
            case TGI, UNKNOWN -> null;
        };
    }

    /** The engine of a {@link #label()}, or UNKNOWN. */
    public static Engine ofLabel(String label) {
        for (Engine e : values()) {
            if (e.label().equals(label)) {
                return e;
            }
        }
        return UNKNOWN;
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
