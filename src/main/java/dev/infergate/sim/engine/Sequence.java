package dev.infergate.sim.engine;

import java.util.Arrays;

/**
 * One request inside the engine. Created by the caller with what the request asks for; its progress is
 * owned by {@link Engine} (single-threaded) and read by others only through {@link Emission}s.
 *
 * <p>Token accounting follows vLLM: {@code computed} tokens are in the KV cache; the sequence's tokens are
 * its prompt plus the output so far; each step computes up to {@code total - computed} of them, and when a
 * step brings {@code computed} up to {@code total} the model samples one new output token. After a
 * preemption {@code computed} drops to 0 and the prompt and output so far are recomputed as a prefill.
 */
public final class Sequence {
    final long id;
    final int promptTokens;
    final long[] promptBlockHashes;
    final OutputPlan plan;

    long arrivalNanos = -1;
    long firstScheduledNanos = -1;
    long firstTokenNanos = -1;
    int computed;
    int outputTokens;
    int cachedTokens = -1;
    int registeredBlocks;
    int[] blocks = new int[4];
    int blockCount;

    /**
     * @param id                unique id chosen by the caller (used to abort and to route emissions)
     * @param promptTokens      prompt length in tokens, >= 1
     * @param promptBlockHashes {@link Tokenizer#blockHashes} of the prompt
     * @param plan              how many tokens to generate and why it stops
     */
    public Sequence(long id, int promptTokens, long[] promptBlockHashes, OutputPlan plan) {
        if (promptTokens < 1) {
            throw new IllegalArgumentException("promptTokens (" + promptTokens + ") must be >= 1");
        }
        this.id = id;
        this.promptTokens = promptTokens;
        this.promptBlockHashes = promptBlockHashes.clone();
        this.plan = plan;
    }

    public long id() {
        return id;
    }

    int totalTokens() {
        return promptTokens + outputTokens;
    }

    boolean finished() {
        return outputTokens >= plan.outputTokens();
    }

    void addBlock(int block) {
        if (blockCount == blocks.length) {
            blocks = Arrays.copyOf(blocks, blocks.length * 2);
        }
        blocks[blockCount++] = block;
    }

    @Override
    public String toString() {
        return "Sequence[id=" + id + ", prompt=" + promptTokens + ", computed=" + computed + ", output="
                + outputTokens + "/" + plan.outputTokens() + ", blocks=" + blockCount + "]";
    }
}
