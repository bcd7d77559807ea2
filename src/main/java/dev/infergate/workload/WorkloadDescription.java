package dev.infergate.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * run.json's {@code workload} block: what was sent, as each kind of workload names it. One record per kind, serialised
 * by Jackson in component order (the order run.json has always had); a value a kind leaves out is absent, a value it
 * could not know is null. Most kinds end with the {@link TokenizerFacts}; run.RunService may mark the lengths inexact
 * for the server or name the server's tokenize dialect after them.
 */
public interface WorkloadDescription {
    /** The tokenizer that counted the lengths and whether they are exact under it; null for a kind that counts none. */
    TokenizerFacts tokenizerFacts();

    /** This description with other tokenizer facts (only called when {@link #tokenizerFacts()} is not null). */
    WorkloadDescription withTokenizerFacts(TokenizerFacts facts);

    /** A description of a kind that counts no lengths (a bench's timed answers, a probe's cases): no tokenizer facts. */
    interface Uncounted extends WorkloadDescription {
        @Override
        default TokenizerFacts tokenizerFacts() {
            return null;
        }

        @Override
        default WorkloadDescription withTokenizerFacts(TokenizerFacts facts) {
            return this;
        }
    }

    /**
     * The tokenizer that counted the lengths, whether input lengths are exact under it, and the tokens a request adds
     * to its prompt's (absent for a kind that does not calibrate it).
     */
    record TokenizerFacts(@JsonProperty("tokenizer") String tokenizer,
            @JsonProperty("input_lengths_exact") boolean inputLengthsExact,
            @JsonProperty("tokenizer_overhead_tokens") @JsonInclude(JsonInclude.Include.NON_NULL) Integer overheadTokens) {
        public TokenizerFacts withInputLengthsExact(boolean exact) {
            return new TokenizerFacts(tokenizer, exact, overheadTokens);
        }
    }

    /** Synthetic prompts of given lengths ({@code --preset}, {@code --input-tokens}); shared prefixes when cached. */
    record Synthetic(String kind, String preset, @JsonProperty("input_tokens") String inputTokens,
            @JsonProperty("output_tokens") String outputTokens, String prefix, @JsonProperty("cache_mix") double cacheMix,
            @JsonProperty("prefix_pool_size") @JsonInclude(JsonInclude.Include.NON_NULL) Integer prefixPoolSize,
            @JsonProperty("shared_prefix_tokens") @JsonInclude(JsonInclude.Include.NON_NULL) Integer sharedPrefixTokens,
            long seed, @JsonProperty("prompt_salt") long promptSalt, @JsonUnwrapped TokenizerFacts tokenizerFacts)
            implements WorkloadDescription {
        @Override
        public Synthetic withTokenizerFacts(TokenizerFacts facts) {
            return new Synthetic(kind, preset, inputTokens, outputTokens, prefix, cacheMix, prefixPoolSize, sharedPrefixTokens,
                    seed, promptSalt, facts);
        }
    }

    /** Agent sessions: a system prompt, user and tool turns, the real replies sent back. */
    record Sessions(String kind, @JsonProperty("system_tokens") int systemTokens,
            @JsonProperty("system_prompt") String systemPrompt, @JsonProperty("user_tokens") String userTokens,
            @JsonProperty("tool_tokens") String toolTokens, @JsonProperty("output_tokens") String outputTokens,
            @JsonProperty("assistant_turns") String assistantTurns, long seed, @JsonProperty("prompt_salt") long promptSalt,
            @JsonUnwrapped TokenizerFacts tokenizerFacts) implements WorkloadDescription {
        @Override
        public Sessions withTokenizerFacts(TokenizerFacts facts) {
            return new Sessions(kind, systemTokens, systemPrompt, userTokens, toolTokens, outputTokens, assistantTurns, seed,
                    promptSalt, facts);
        }
    }

    /** Prompts from a dataset file (its name only: paths may be private). */
    record Dataset(String kind, String dataset, @JsonProperty("dataset_format") String datasetFormat, int items,
            int skipped, @JsonProperty("output_tokens") String outputTokens, long seed,
            @JsonUnwrapped TokenizerFacts tokenizerFacts) implements WorkloadDescription {
        @Override
        public Dataset withTokenizerFacts(TokenizerFacts facts) {
            return new Dataset(kind, dataset, datasetFormat, items, skipped, outputTokens, seed, facts);
        }
    }

    /** A text workload whose requests also carry images or audio clips: the text's keys, then the media's. */
    record Media(@JsonUnwrapped WorkloadDescription text,
            @JsonProperty("images_per_request") @JsonInclude(JsonInclude.Include.NON_NULL) Integer imagesPerRequest,
            @JsonProperty("image_sizes") @JsonInclude(JsonInclude.Include.NON_NULL) List<String> imageSizes,
            @JsonProperty("image_format") @JsonInclude(JsonInclude.Include.NON_NULL) String imageFormat,
            @JsonProperty("audio_clips_per_request") @JsonInclude(JsonInclude.Include.NON_NULL) Integer audioClipsPerRequest,
            @JsonProperty("audio_seconds") @JsonInclude(JsonInclude.Include.NON_NULL) Double audioSeconds)
            implements WorkloadDescription {
        @Override
        public TokenizerFacts tokenizerFacts() {
            return text.tokenizerFacts();
        }

        @Override
        public Media withTokenizerFacts(TokenizerFacts facts) {
            return new Media(text.withTokenizerFacts(facts), imagesPerRequest, imageSizes, imageFormat, audioClipsPerRequest,
                    audioSeconds);
        }
    }
}
