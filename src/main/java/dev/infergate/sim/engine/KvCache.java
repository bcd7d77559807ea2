package dev.infergate.sim.engine;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * The paged KV cache: {@code numBlocks} blocks of {@code blockSize} tokens, shared between sequences through
 * the prefix cache.
 *
 * <p>A block is in use (reference count > 0), cached-and-evictable (count 0 but its prompt-prefix hash is
 * still registered, kept in LRU order), or free. Allocation takes a free block first, then evicts the least
 * recently released cached block. A new sequence first reuses the registered blocks matching its prompt's
 * block hashes (prefix-cache hits), which skips their prefill. Only full prompt blocks are ever registered.
 * Blocks of a finished sequence are released last-block-first, so a prompt's tail is evicted before its
 * shared head, as in vLLM.
 */
final class KvCache {
    private final int blockSize;
    private final int numBlocks;
    private final int[] refCount;
    private final long[] blockHash;
    private final boolean[] registered;
    private final int[] freeStack;
    private int freeTop;
    private final LinkedHashSet<Integer> evictable = new LinkedHashSet<>();
    private final Map<Long, Integer> byHash = new HashMap<>();

    KvCache(int blockSize, int numBlocks) {
        this.blockSize = blockSize;
        this.numBlocks = numBlocks;
        this.refCount = new int[numBlocks];
        this.blockHash = new long[numBlocks];
        this.registered = new boolean[numBlocks];
        this.freeStack = new int[numBlocks];
        for (int b = numBlocks - 1; b >= 0; b--) {
            freeStack[freeTop++] = b;
        }
    }

    int numBlocks() {
        return numBlocks;
    }

    /** Blocks that could be handed out now: free plus evictable. */
    int availableBlocks() {
        return freeTop + evictable.size();
    }

    /** Blocks held by at least one sequence. */
    int usedBlocks() {
        return numBlocks - availableBlocks();
    }

    /** Registered blocks nobody holds: prefix-cache entries that are kept until space is needed. */
    int evictableBlocks() {
        return evictable.size();
    }

    /**
     * Takes the registered blocks matching the longest prefix of the sequence's prompt, leaving at least one
     * prompt token to compute (the model must run on something to sample). Sets {@code computed}.
     *
     * @return cached prompt tokens
     */
    int matchPrefix(Sequence seq) {
        int maxBlocks = Math.min(seq.promptBlockHashes.length, (seq.totalTokens() - 1) / blockSize);
        int hits = 0;
        while (hits < maxBlocks) {
            Integer block = byHash.get(seq.promptBlockHashes[hits]);
            if (block == null) {
                break;
            }
            if (refCount[block]++ == 0) {
                evictable.remove(block);
            }
            seq.addBlock(block);
            hits++;
        }
        seq.registeredBlocks = hits;
        seq.computed = hits * blockSize;
        return seq.computed;
    }

    /** Allocates blocks so the sequence can hold {@code tokens}; false (and no change) when they don't fit. */
    boolean ensureCapacity(Sequence seq, int tokens) {
        int needed = (tokens + blockSize - 1) / blockSize - seq.blockCount;
        if (needed <= 0) {
            return true;
        }
        if (needed > availableBlocks()) {
            return false;
        }
        for (int i = 0; i < needed; i++) {
            seq.addBlock(takeBlock());
        }
        return true;
    }

    /** Registers the prompt blocks the sequence has finished computing, so later prompts can hit them. */
    void registerComputed(Sequence seq) {
        int full = Math.min(seq.computed / blockSize, seq.promptBlockHashes.length);
        for (int k = seq.registeredBlocks; k < full; k++) {
            int block = seq.blocks[k];
            long hash = seq.promptBlockHashes[k];
            if (!registered[block] && !byHash.containsKey(hash)) {
                byHash.put(hash, block);
                blockHash[block] = hash;
                registered[block] = true;
            }
        }
        seq.registeredBlocks = Math.max(seq.registeredBlocks, full);
    }

    /** Releases every block of the sequence (finish, abort or preemption), last block first. */
    void release(Sequence seq) {
        for (int i = seq.blockCount - 1; i >= 0; i--) {
            int block = seq.blocks[i];
            if (--refCount[block] == 0) {
                if (registered[block]) {
                    evictable.add(block);
                } else {
                    freeStack[freeTop++] = block;
                }
            }
        }
        seq.blockCount = 0;
        seq.registeredBlocks = 0;
    }

    private int takeBlock() {
        int block;
        if (freeTop > 0) {
            block = freeStack[--freeTop];
        } else {
            Iterator<Integer> lru = evictable.iterator();
            block = lru.next();
            lru.remove();
            byHash.remove(blockHash[block]);
            registered[block] = false;
        }
        refCount[block] = 1;
        return block;
    }
}
