package dev.infergate.sim.engine;

import java.nio.charset.StandardCharsets;

/**
 * The simulator's deterministic tokenizer: one token per whitespace-separated word, so prompt lengths are
 * exact and easy to check by hand. A token's id is a stable hash of the word (same word, same id, in every
 * run and on every machine). Chat prompts count the words of every message's content and nothing else: no
 * chat-template overhead.
 */
public final class Tokenizer {
    /** Ids fall in [0, VOCAB_SIZE). */
    public static final int VOCAB_SIZE = 1 << 20;

    private Tokenizer() {}

    /** Token ids of {@code text}, one per whitespace-separated word. */
    public static int[] encode(String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return new int[0];
        }
        String[] words = trimmed.split("\\s+");
        int[] ids = new int[words.length];
        for (int i = 0; i < words.length; i++) {
            ids[i] = id(words[i]);
        }
        return ids;
    }

    /** Stable id of one word: FNV-1a over its UTF-8 bytes, folded into the vocabulary. */
    public static int id(String word) {
        long h = 0xcbf29ce484222325L;
        for (byte b : word.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return (int) ((h ^ (h >>> 32)) & (VOCAB_SIZE - 1));
    }

    /**
     * Prefix-cache keys of the prompt's full blocks: key {@code k} hashes every token of blocks 0..k, so two
     * prompts share key {@code k} only when their first {@code (k + 1) * blockSize} tokens are equal. Computed
     * once per request, when it arrives.
     */
    public static long[] blockHashes(int[] ids, int blockSize) {
        long[] hashes = new long[ids.length / blockSize];
        long h = 0x9E3779B97F4A7C15L;
        for (int b = 0; b < hashes.length; b++) {
            for (int i = b * blockSize; i < (b + 1) * blockSize; i++) {
                h = mix(h ^ ids[i]);
            }
            hashes[b] = h;
        }
        return hashes;
    }

    /** SplitMix64 finaliser: a cheap, well-spread 64-bit mix. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
