package dev.infergate.probe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a probe check rests on: the {@code evidence} object of its line in probe.json, one record per kind of check,
 * keys in snake case in the order the records declare them. A figure that could not be measured is written as null
 * where the key is always there (a case's median), and left out where it is not (a ratio not computed).
 */
public sealed interface Evidence {
    /** No evidence: {@code {}}. */
    Evidence NONE = new Counts(Map.of());

    /**
     * Counts by name whose names are known only at run time (the error classes of failed requests): a JSON edge,
     * kept in the order given.
     */
    record Counts(@JsonValue Map<String, Long> counts) implements Evidence {
        public Counts {
            counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        }
    }

    /** The delivery verdict's shares and its evidence block (summary.json's, flattened). */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Delivery(@JsonProperty("share_buffered") Double shareBuffered, @JsonProperty("share_bursty") Double shareBursty,
            @JsonUnwrapped DeliveryVerdict.Evidence verdict) implements Evidence {}

    /** The delivery met with and without {@code Accept-Encoding: gzip}. */
    record Compression(@JsonProperty("with_compression") String withCompression,
            @JsonProperty("without_compression") String withoutCompression,
            @JsonProperty("requests_asking_the_other_way") int requestsAskingTheOtherWay) implements Evidence {}

    /** One probe case's medians over its successful requests (null: none had the figure). */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record CaseFigures(@JsonProperty("requests") long requests, @JsonProperty("ttft_ms_p50") Double ttftMsP50,
            @JsonProperty("effective_tokens_per_s_p50") Double effectiveTokensPerSP50,
            @JsonProperty("cached_tokens_p50") Double cachedTokensP50) {}

    /** Cold against warm TTFT: each case's figures, then the ratios when cold was measured. */
    record CacheSpeed(@JsonProperty("cold") CaseFigures cold, @JsonProperty("warm_repeat") CaseFigures warmRepeat,
            @JsonProperty("warm_prefix") CaseFigures warmPrefix,
            @JsonProperty("warm_repeat_ttft_over_cold") @JsonInclude(JsonInclude.Include.NON_NULL) Double warmRepeatOverCold,
            @JsonProperty("warm_prefix_ttft_over_cold") @JsonInclude(JsonInclude.Include.NON_NULL) Double warmPrefixOverCold)
            implements Evidence {}

    /** How many successful requests reported cached tokens, and how many had some. */
    record CachedTokens(@JsonProperty("requests_reporting") long requestsReporting,
            @JsonProperty("requests_with_cached_tokens") long requestsWithCachedTokens) implements Evidence {}

    /** Streamed usage chunks seen with {@code continuous_usage_stats}. */
    record UsageEvents(@JsonProperty("usage_events") int usageEvents) implements Evidence {}

    /** The {@code /tokenize} form that answered and whether prompt lengths are exact with it (absent: not checked). */
    record Tokenize(@JsonProperty("dialect") String dialect,
            @JsonProperty("lengths_exact") @JsonInclude(JsonInclude.Include.NON_NULL) Boolean lengthsExact)
            implements Evidence {}

    /** Stream events of one kind seen (reasoning deltas). */
    record Events(@JsonProperty("events") int events) implements Evidence {}

    /** Tool-call deltas seen and the status the tool-call request got. */
    record ToolCalls(@JsonProperty("events") int events, @JsonProperty("http_status") int httpStatus) implements Evidence {}

    /** The status a request got (an image check that could not be tried). */
    record HttpStatus(@JsonProperty("http_status") int httpStatus) implements Evidence {}

    /**
     * The image check: the text request's prompt tokens, then either the refused size and its status or the prompt
     * tokens each image size added (keyed by size, e.g. {@code 512x384}; empty when the server sent no usage).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Images(@JsonProperty("text_prompt_tokens") int textPromptTokens, @JsonProperty("http_status") Integer httpStatus,
            @JsonProperty("refused_size") String refusedSize,
            @JsonProperty("prompt_tokens_per_image") Map<String, Integer> promptTokensPerImage) implements Evidence {}
}
