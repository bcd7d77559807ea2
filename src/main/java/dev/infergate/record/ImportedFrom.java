package dev.infergate.record;

import java.util.List;
import java.util.Map;

/**
 * The {@code imported} block of a run.json that infergate built from another tool's result file (vLLM, AIPerf,
 * guidellm): which tool, which file, whether the file kept only a sample of the requests, and which figures the
 * file does not carry. Those figures are missing, never invented: summaries show them as missing and comparisons
 * cannot judge criteria on them (docs/coming-from.md).
 *
 * <p>Written into run.json as the record itself (Jackson writes its components in order).
 *
 * @param tool    {@code vllm}, {@code aiperf} or {@code guidellm}
 * @param source  the file read, as given
 * @param sampled whether the file holds only a sample of the requests (guidellm keeps a few per status)
 * @param missing figure keys the file does not carry, as criteria name them ({@code ttft_from_scheduled},
 *                {@code queue_wait}, {@code throughput.output_tokens_per_s}, ...)
 * @param derived figure keys the file does not carry but that were derived from what it does, each with how
 *                ({@code e2e}: "ttft + the sum of gaps" for vLLM files without {@code latencies}); empty for none
 */
public record ImportedFrom(String tool, String source, boolean sampled, List<String> missing,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        Map<String, String> derived) {
    /** The run.json key. */
    public static final String KEY = "imported";

    public ImportedFrom {
        if (tool == null || tool.isBlank()) {
            throw new IllegalArgumentException("tool must not be blank");
        }
        missing = missing == null ? List.of() : List.copyOf(missing); // an older block may lack the key
        derived = derived == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(derived));
    }

    /** A file whose figures are all its own, none derived. */
    public ImportedFrom(String tool, String source, boolean sampled, List<String> missing) {
        this(tool, source, sampled, missing, Map.of());
    }

    /** Whether the figure {@code key} (a criterion's metric key or a summary figure) is missing. */
    public boolean lacks(String key) {
        return missing.contains(key);
    }

    /** One line for comparisons and reports. */
    public String describe() {
        StringBuilder how = new StringBuilder();
        derived.forEach((key, rule) -> how.append(how.isEmpty() ? "; derived: " : ", ").append(key).append(" = ").append(rule));
        return "imported from " + tool + " (" + source + ")" + (sampled ? ", a sample of the requests only" : "") + how;
    }
}
