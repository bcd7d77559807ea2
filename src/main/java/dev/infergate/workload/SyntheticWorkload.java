package dev.infergate.workload;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Synthetic prompts of exact lengths (see {@link PromptFactory}). For each id, a generator seeded from
 * (seed, id) draws, always in this order: the input length, the output length, whether the request uses a
 * shared prefix (probability {@code cacheMix}) and which one of the pool. A shared prefix is
 * {@code sharedPrefixTokens} long (shortened to leave one unique token in shorter prompts).
 */
public final class SyntheticWorkload implements Workload {
    private final LengthDistribution inputTokens;
    private final LengthDistribution outputTokens;
    private final double cacheMix;
    private final int sharedPrefixTokens;
    private final long seed;
    private final PromptFactory factory;
    private final List<PromptFactory.SharedPrefix> pool;
    private final WorkloadDescription.Synthetic description;

    SyntheticWorkload(WorkloadDefinition definition, Tokenizer tokenizer) {
        this.inputTokens = definition.inputTokens();
        this.outputTokens = definition.outputTokens();
        this.cacheMix = definition.cacheMix();
        this.sharedPrefixTokens = definition.sharedPrefixTokens();
        this.seed = definition.seed();
        this.factory = PromptFactory.calibrate(tokenizer, seed).salted(definition.promptSalt());
        this.pool = cacheMix == 0
                ? List.of()
                : java.util.stream.IntStream.range(0, definition.prefixPoolSize())
                        .mapToObj(g -> factory.sharedPrefix(g, sharedPrefixTokens))
                        .toList();
        this.description = describe(definition, factory);
    }

    @Override
    public RequestSpec spec(long id) {
        UniformRandomProvider rng = Seeds.forId(seed, id);
        int input = inputTokens.sample(rng);
        int output = outputTokens.sample(rng);
        boolean shared = rng.nextDouble() < cacheMix;
        int group = pool.isEmpty() ? -1 : rng.nextInt(pool.size());
        PromptFactory.Prompt prompt = factory.build(id, input, shared ? pool.get(group) : null);
        boolean usesPrefix = shared && prompt.prefixTokens() > 0;
        return new RequestSpec(id, prompt.text(), null, prompt.tokens(), output,
                usesPrefix ? group : null, usesPrefix ? prompt.prefixTokens() : 0, "synthetic");
    }

    @Override
    public List<RequestSpec> prefixWarmups() {
        return pool.stream().map(prefix -> {
            long id = Long.MAX_VALUE - prefix.group();
            PromptFactory.Prompt prompt = factory.build(id, prefix.words() + 8, prefix);
            return new RequestSpec(id, prompt.text(), null, prompt.tokens(), 1, prefix.group(), prompt.prefixTokens(),
                    "prefix-warmup");
        }).toList();
    }

    @Override
    public WorkloadDescription.Synthetic describe() {
        return description;
    }

    private static WorkloadDescription.Synthetic describe(WorkloadDefinition definition, PromptFactory factory) {
        boolean shared = definition.cacheMix() > 0;
        return new WorkloadDescription.Synthetic("synthetic", definition.preset() == null ? null : definition.preset().label(),
                definition.inputTokens().toString(), definition.outputTokens().toString(),
                definition.cacheMix() == 0 ? "fresh" : "shared", definition.cacheMix(),
                shared ? definition.prefixPoolSize() : null, shared ? definition.sharedPrefixTokens() : null,
                definition.seed(), definition.promptSalt(), factory.facts());
    }
}
