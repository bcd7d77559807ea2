package dev.infergate.workload;

import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWorkload;
import java.nio.file.Path;

/**
 * A workload as the user declared it (the CLI builds it from {@code --preset}, {@code --input-tokens},
 * {@code --output-tokens}, {@code --prefix}, {@code --cache-mix}, {@code --dataset}, {@code --dataset-format},
 * {@code --seed}); {@link #create} turns it into a {@link Workload} for a tokenizer. Build it with
 * {@link #builder()}, which fills defaults and rejects contradictions.
 *
 * @param preset             the preset the lengths came from, or null
 * @param inputTokens        synthetic input lengths (unused with a dataset)
 * @param outputTokens       output lengths (with a dataset: the fallback, or the override when
 *                           {@code outputTokensGiven})
 * @param outputTokensGiven  whether {@code --output-tokens} was given explicitly
 * @param cacheMix           share of synthetic requests that start with a shared prefix, 0..1 (0 = fresh, 1 = shared)
 * @param prefixPoolSize     how many distinct shared prefixes, {@code >= 1}
 * @param sharedPrefixTokens tokens of each shared prefix, {@code >= 1}
 * @param dataset            the dataset file, or null for synthetic prompts
 * @param datasetFormat      the dataset's format (null without a dataset)
 * @param seed               seed of every draw
 * @param promptSalt         varies the unique text of fresh prompts without changing any length (see
 *                           {@link PromptFactory#salted}); a run picks a random one unless told
 * @param sessions           agent sessions' prompt shape ({@link SessionWorkload}), or null for independent
 *                           requests; sessions need the session load model
 * @param trace              a trace to replay ({@link TraceWorkload}: its lengths and prefix sharing), or null;
 *                           a trace needs the trace's arrival schedule
 * @param media              images and audio clips each request carries ({@link MediaShape#NONE}: text only)
 */
public record WorkloadDefinition(
        Preset preset,
        LengthDistribution inputTokens,
        LengthDistribution outputTokens,
        boolean outputTokensGiven,
        double cacheMix,
        int prefixPoolSize,
        int sharedPrefixTokens,
        Path dataset,
        DatasetFormat datasetFormat,
        long seed,
        long promptSalt,
        SessionShape sessions,
        TraceSpec trace,
        MediaShape media) {

    /** Default pool of shared prefixes. */
    public static final int DEFAULT_PREFIX_POOL_SIZE = 4;
    /** Default shared prefix length, as a share of the mean input length. */
    public static final double DEFAULT_SHARED_PREFIX_SHARE = 0.75;
    /** Default seed. */
    public static final long DEFAULT_SEED = 0;

    public WorkloadDefinition {
        if (inputTokens == null || outputTokens == null) {
            throw new IllegalArgumentException("inputTokens and outputTokens must not be null");
        }
        if (!(cacheMix >= 0 && cacheMix <= 1)) {
            throw new WorkloadException("cache mix (" + cacheMix + ") must be between 0 and 1");
        }
        if (prefixPoolSize < 1) {
            throw new WorkloadException("prefix pool size (" + prefixPoolSize + ") must be >= 1");
        }
        if (sharedPrefixTokens < 1) {
            throw new WorkloadException("shared prefix tokens (" + sharedPrefixTokens + ") must be >= 1");
        }
        if (trace != null && (dataset != null || sessions != null)) {
            throw new WorkloadException("--trace does not apply with --dataset or --sessions: the requests come from the trace");
        }
        if ((dataset == null) != (datasetFormat == null)) {
            throw new IllegalArgumentException("dataset and datasetFormat must be both set or both null");
        }
        media = media == null ? MediaShape.NONE : media;
        if (media.any() && sessions != null) {
            throw new WorkloadException("--images and --audio do not apply to --sessions yet: give them to independent requests");
        }
    }

    /**
     * Sets the workload up for {@code tokenizer}: calibrates synthetic prompts or loads and counts the dataset.
     *
     * @throws WorkloadException when the dataset is unreadable or malformed
     */
    public Workload create(Tokenizer tokenizer) {
        Workload text = createText(tokenizer);
        return media.any() ? new MediaWorkload(text, media, seed) : text;
    }

    private Workload createText(Tokenizer tokenizer) {
        if (sessions != null) {
            return new SessionWorkload(this, tokenizer);
        }
        if (trace != null) {
            return new TraceWorkload(trace, tokenizer, seed, promptSalt);
        }
        return dataset == null ? new SyntheticWorkload(this, tokenizer) : new DatasetWorkload(this, tokenizer);
    }

    /** This definition replaying {@code trace} instead (e.g. the same trace with the server's context filled in). */
    public WorkloadDefinition withTrace(TraceSpec trace) {
        return new WorkloadDefinition(preset, inputTokens, outputTokens, outputTokensGiven, cacheMix, prefixPoolSize,
                sharedPrefixTokens, dataset, datasetFormat, seed, promptSalt, sessions, trace, media);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects options; {@link #build()} applies the defaults and checks that they fit together. */
    public static final class Builder {
        private Preset preset;
        private LengthDistribution inputTokens;
        private LengthDistribution outputTokens;
        private PrefixMode prefix;
        private Double cacheMix;
        private int prefixPoolSize = DEFAULT_PREFIX_POOL_SIZE;
        private Integer sharedPrefixTokens;
        private Path dataset;
        private DatasetFormat datasetFormat;
        private long seed = DEFAULT_SEED;
        private long promptSalt;
        private SessionShape sessions;
        private TraceSpec trace;
        private MediaShape media = MediaShape.NONE;

        private Builder() {}

        /** Images and audio clips with every request. */
        public Builder media(MediaShape media) {
            this.media = media;
            return this;
        }

        public Builder preset(Preset preset) {
            this.preset = preset;
            return this;
        }

        public Builder inputTokens(LengthDistribution inputTokens) {
            this.inputTokens = inputTokens;
            return this;
        }

        public Builder outputTokens(LengthDistribution outputTokens) {
            this.outputTokens = outputTokens;
            return this;
        }

        public Builder prefix(PrefixMode prefix) {
            this.prefix = prefix;
            return this;
        }

        /** Share of requests that use a shared prefix (0..1); implies {@code --prefix shared} when above 0. */
        public Builder cacheMix(double cacheMix) {
            this.cacheMix = cacheMix;
            return this;
        }

        public Builder prefixPoolSize(int prefixPoolSize) {
            this.prefixPoolSize = prefixPoolSize;
            return this;
        }

        public Builder sharedPrefixTokens(int sharedPrefixTokens) {
            this.sharedPrefixTokens = sharedPrefixTokens;
            return this;
        }

        /** A dataset file; the format defaults to {@code sharegpt} for {@code .json}, else {@code jsonl}. */
        public Builder dataset(Path dataset, DatasetFormat format) {
            this.dataset = dataset;
            this.datasetFormat = format;
            return this;
        }

        /** Salt of fresh prompts' unique text (0: none); record it to reproduce the exact prompts. */
        public Builder promptSalt(long promptSalt) {
            this.promptSalt = promptSalt;
            return this;
        }

        /**
         * Agent sessions of this shape instead of independent requests (docs/workloads.md); a {@link #prefix}
         * then sets whether the sessions share one system prompt (shared) or each have their own (fresh).
         */
        public Builder sessions(SessionShape sessions) {
            this.sessions = sessions;
            return this;
        }

        /** Replays {@code trace}'s requests (lengths, prefix sharing) instead of synthetic ones; null: none. */
        public Builder trace(TraceSpec trace) {
            this.trace = trace;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** @throws WorkloadException naming the options that do not fit together */
        public WorkloadDefinition build() {
            if (dataset != null) {
                checkNotWithDataset(inputTokens != null, "--input-tokens");
                checkNotWithDataset(preset != null, "--preset");
                checkNotWithDataset(prefix != null || cacheMix != null, "--prefix and --cache-mix");
            }
            if (sessions != null) {
                checkNotWithSessions(dataset != null, "--dataset");
                checkNotWithSessions(preset != null, "--preset");
                checkNotWithSessions(inputTokens != null, "--input-tokens (use --turn-tokens, --tool-tokens, --system-tokens)");
                checkNotWithSessions(cacheMix != null, "--cache-mix (--prefix fresh|shared sets whether sessions share the system prompt)");
            }
            if (trace != null) {
                String given = inputTokens != null ? "--input-tokens" : outputTokens != null ? "--output-tokens"
                        : preset != null ? "--preset" : prefix != null || cacheMix != null ? "--prefix and --cache-mix" : null;
                if (given != null) {
                    throw new WorkloadException(given + " does not apply to --trace: lengths and prefix sharing come from the trace");
                }
            }
            if (prefix == PrefixMode.FRESH && cacheMix != null && cacheMix > 0) {
                throw new WorkloadException("--cache-mix " + cacheMix + " needs --prefix shared (or no --prefix)");
            }
            Preset base = preset == null ? Preset.SHORT_CHAT : preset;
            LengthDistribution input = inputTokens != null ? inputTokens : base.inputTokens();
            LengthDistribution output = outputTokens != null ? outputTokens : base.outputTokens();
            // sessions share (or not) their system prompt instead: the prefix pool is not used
            double mix = cacheMix != null ? cacheMix : prefix == PrefixMode.SHARED && sessions == null ? 1.0 : 0.0;
            int prefixTokens = sharedPrefixTokens != null
                    ? sharedPrefixTokens
                    : (int) Math.max(1, Math.round(DEFAULT_SHARED_PREFIX_SHARE * input.mean()));
            DatasetFormat format = dataset == null ? null : datasetFormat != null ? datasetFormat : guessFormat(dataset);
            SessionShape shape = sessions == null || prefix == null ? sessions : sessions.withSystemPrompt(prefix);
            return new WorkloadDefinition(preset, input, output, outputTokens != null, mix, prefixPoolSize,
                    prefixTokens, dataset, format, seed, promptSalt, shape, trace, media);
        }

        private static void checkNotWithDataset(boolean given, String option) {
            if (given) {
                throw new WorkloadException(option + " does not apply to --dataset: the prompts come from the file");
            }
        }

        private static void checkNotWithSessions(boolean given, String option) {
            if (given) {
                throw new WorkloadException(option + " does not apply to --sessions: sessions build their own "
                        + "prompts (system prompt, conversation so far, new message)");
            }
        }

        private static DatasetFormat guessFormat(Path dataset) {
            return dataset.getFileName().toString().endsWith(".json") ? DatasetFormat.SHAREGPT : DatasetFormat.JSONL;
        }
    }
}
