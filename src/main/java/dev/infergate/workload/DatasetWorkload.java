package dev.infergate.workload;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.PermutationSampler;

/**
 * Inputs from a dataset file, in a seeded order: request {@code id} sends item {@code order[id % n]}, where
 * {@code order} is a permutation of the n usable items drawn from the seed, so every pass over the file uses
 * the same order. The output length is {@code --output-tokens} when given, else the file's (JSONL
 * {@code max_tokens}, ShareGPT reply length), else a draw from the default output distribution.
 */
public final class DatasetWorkload implements Workload {
    private final List<DatasetItem> items;
    private final int[] order;
    private final LengthDistribution outputOverride;
    private final LengthDistribution outputDefault;
    private final long seed;
    private final WorkloadDescription.Dataset description;

    DatasetWorkload(WorkloadDefinition definition, Tokenizer tokenizer) {
        DatasetLoader.Loaded loaded = DatasetLoader.load(definition.dataset(), definition.datasetFormat(), tokenizer);
        this.items = loaded.items();
        this.seed = definition.seed();
        this.order = PermutationSampler.natural(items.size());
        PermutationSampler.shuffle(Seeds.stream(seed, "dataset-order", 0), order);
        this.outputOverride = definition.outputTokensGiven() ? definition.outputTokens() : null;
        this.outputDefault = definition.outputTokens();
        this.description = new WorkloadDescription.Dataset("dataset", definition.dataset().getFileName().toString(),
                definition.datasetFormat().label(), items.size(), loaded.skipped(),
                outputOverride == null ? "from dataset" : outputOverride.toString(), seed,
                new WorkloadDescription.TokenizerFacts(tokenizer.name(), false, null));
    }

    /** How many usable items the file held; ids wrap around after this many. */
    public int size() {
        return items.size();
    }

    @Override
    public RequestSpec spec(long id) {
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        DatasetItem item = items.get(order[(int) (id % items.size())]);
        UniformRandomProvider rng = Seeds.forId(seed, id);
        int maxTokens = outputOverride != null
                ? outputOverride.sample(rng)
                : item.maxTokens() != null ? item.maxTokens() : outputDefault.sample(rng);
        return new RequestSpec(id, item.prompt(), item.messages(), item.inputTokens(), maxTokens, null, 0, item.source(),
                item.media());
    }

    @Override
    public WorkloadDescription.Dataset describe() {
        return description;
    }
}
