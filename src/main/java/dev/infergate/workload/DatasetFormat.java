package dev.infergate.workload;

import java.util.Locale;

/** The file formats {@code --dataset} reads. */
public enum DatasetFormat {
    /** One JSON object per line: {@code {"prompt": "..."}} or {@code {"messages": [...]}}, optional {@code max_tokens}. */
    JSONL,
    /**
     * A JSON array of {@code {"conversations": [{"from": "human"|"gpt", "value": "..."}]}}: the first human turn
     * is the prompt and the token count of the gpt reply after it is the output length.
     */
    SHAREGPT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws WorkloadException naming the bad text and the accepted names */
    public static DatasetFormat parse(String text) {
        for (DatasetFormat format : values()) {
            if (format.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return format;
            }
        }
        throw new WorkloadException("unknown dataset format '" + text + "'; expected jsonl or sharegpt");
    }
}
