package dev.infergate.workload;

import dev.infergate.config.Suggestions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Named synthetic workloads with documented token counts (see docs/workloads.md). Either length can be
 * overridden with {@code --input-tokens} / {@code --output-tokens}.
 */
public enum Preset {
    /** Chat turns: input normal(512, sd 128) tokens, output 128 tokens. */
    SHORT_CHAT("short-chat", "512:128", "128"),
    /** A long document and a short answer (summaries, RAG): input 8,192 tokens, output 256. Prefill-bound. */
    LONG_DOC("long-doc", "8192", "256"),
    /** A short prompt and a long answer (writing, code): input 256 tokens, output 1,024. Decode-bound. */
    LONG_OUTPUT("long-output", "256", "1024");

    private final String label;
    private final LengthDistribution inputTokens;
    private final LengthDistribution outputTokens;

    Preset(String label, String inputTokens, String outputTokens) {
        this.label = label;
        this.inputTokens = LengthDistribution.parse(inputTokens);
        this.outputTokens = LengthDistribution.parse(outputTokens);
    }

    /** The command-line name, e.g. {@code short-chat}. */
    public String label() {
        return label;
    }

    public LengthDistribution inputTokens() {
        return inputTokens;
    }

    public LengthDistribution outputTokens() {
        return outputTokens;
    }

    /** @throws WorkloadException naming the bad name and the accepted ones */
    public static Preset parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Preset preset : values()) {
            if (preset.label.equals(t)) {
                return preset;
            }
        }
        List<String> labels = Arrays.stream(values()).map(Preset::label).toList();
        throw new WorkloadException("unknown preset '" + text + "'" + Suggestions.didYouMean(t, labels)
                + "; expected one of " + String.join(", ", labels));
    }
}
