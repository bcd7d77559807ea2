package dev.infergate.workload.trace;

import dev.infergate.workload.WorkloadException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The request-trace formats {@code --trace} reads, by their published columns (docs/workloads.md, "Trace replay"). */
public enum TraceFormat {
    /**
     * Mooncake (FAST'25 traces): one JSON object a line, {@code timestamp} in milliseconds, {@code input_length},
     * {@code output_length} and {@code hash_ids}, one id per {@value TraceEntry#BLOCK_TOKENS}-token block of the
     * prompt; equal ids are equal blocks.
     */
    MOONCAKE,
    /**
     * Azure LLM inference traces (2023, 2024): CSV with a header, {@code TIMESTAMP} (a date-time such as
     * {@code 2023-11-16 18:15:46.6805900}), {@code ContextTokens}, {@code GeneratedTokens}.
     */
    AZURE,
    /**
     * BurstGPT: CSV with a header, {@code Timestamp} (seconds from the trace's start), {@code Request tokens},
     * {@code Response tokens}, and further columns that are not used.
     */
    BURSTGPT,
    /**
     * A trace of one's own: one JSON object a line with {@code timestamp} in milliseconds, {@code input_length}
     * and {@code output_length}, and optionally {@code hash_ids} as Mooncake's.
     */
    JSONL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether lines are CSV rows under a header line. */
    public boolean csv() {
        return this == AZURE || this == BURSTGPT;
    }

    /** @throws WorkloadException naming the bad text and the accepted names */
    public static TraceFormat parse(String text) {
        for (TraceFormat format : values()) {
            if (format.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return format;
            }
        }
        throw new WorkloadException("unknown trace format '" + text + "'; expected one of "
                + Arrays.stream(values()).map(TraceFormat::label).collect(Collectors.joining(", ")));
    }
}
