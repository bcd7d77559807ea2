package dev.infergate.sim.engine;

import dev.infergate.sim.profile.CostModel;
import dev.infergate.sim.profile.SimProfile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated inference engine: a continuous-batching scheduler over a paged KV cache with prefix
 * caching, modelled on vLLM's V1 scheduler. Pure and single-threaded: it has no clock of its own; the caller
 * passes the time into {@link #add} and {@link #step}, so tests drive it with made-up times and never sleep.
 *
 * <p>Each {@link #step}: (1) running sequences, oldest first, each get the tokens they still need (one for a
 * decoding sequence, the rest of the prompt for a prefilling one) capped by what is left of the
 * {@code max_num_batched_tokens} budget (chunked prefill). When the KV cache has no block for one of them,
 * the most recently admitted running sequence is preempted (its blocks freed, its work to be recomputed)
 * until the block fits. (2) Unless someone was preempted, waiting sequences are admitted in arrival order
 * while there are fewer than {@code max_num_seqs} running, budget left and blocks for their first chunk;
 * their prompt is first matched against the prefix cache. (3) The cost model turns the batch into a
 * duration; every sequence whose tokens are now all computed samples one output token, stamped at the
 * step's end.
 */
public final class Engine {
    private final int maxNumSeqs;
    private final int maxNumBatchedTokens;
    private final CostModel cost;
    private final KvCache kv;
    private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    private final ArrayList<Sequence> running = new ArrayList<>();
    private final EngineMetrics metrics = new EngineMetrics();
    private final long outputNanosPerEvent;
    /** When the output stage is done with every token handed to it so far (engine clock). */
    private long outputFreeNanos = Long.MIN_VALUE;

    public Engine(SimProfile profile) {
        this.maxNumSeqs = profile.maxNumSeqs();
        this.maxNumBatchedTokens = profile.maxNumBatchedTokens();
        this.cost = profile.cost();
        this.outputNanosPerEvent = cost.outputNanosPerToken();
        this.kv = new KvCache(profile.blockSize(), profile.numGpuBlocks());
    }

    public EngineMetrics metrics() {
        return metrics;
    }

    /** Queues a new sequence that arrived at {@code arrivalNanos}. */
    public void add(Sequence seq, long arrivalNanos) {
        seq.arrivalNanos = arrivalNanos;
        waiting.addLast(seq);
        updateGauges();
    }

    /** Drops a sequence wherever it is (client gone) and frees its blocks; unknown ids are ignored. */
    public void abort(long sequenceId) {
        waiting.removeIf(s -> s.id == sequenceId);
        for (int i = 0; i < running.size(); i++) {
            if (running.get(i).id == sequenceId) {
                kv.release(running.remove(i));
                break;
            }
        }
        updateGauges();
    }

    /** Whether a step would do anything. */
    public boolean hasWork() {
        return !running.isEmpty() || !waiting.isEmpty();
    }

    public int runningCount() {
        return running.size();
    }

    public int waitingCount() {
        return waiting.size();
    }

    /** KV blocks held by sequences. */
    public int usedBlocks() {
        return kv.usedBlocks();
    }

    /** KV blocks kept only as prefix-cache entries. */
    public int cachedFreeBlocks() {
        return kv.evictableBlocks();
    }

    /** Runs one iteration starting at {@code startNanos}; see the class comment. */
    public Step step(long startNanos) {
        List<Sequence> batch = new ArrayList<>();
        List<Integer> batchTokens = new ArrayList<>();
        int budget = scheduleRunning(batch, batchTokens, maxNumBatchedTokens);
        if (budget >= 0) {
            admitWaiting(batch, batchTokens, budget, startNanos);
        }
        int prefillTokens = 0;
        int decodeSeqs = 0;
        long decodeContext = 0;
        for (int i = 0; i < batch.size(); i++) {
            Sequence s = batch.get(i);
            int n = batchTokens.get(i);
            if (n == 1 && s.computed == s.totalTokens() - 1 && s.outputTokens > 0) {
                decodeSeqs++;
                decodeContext += s.totalTokens();
            } else {
                prefillTokens += n;
            }
        }
        long endNanos = startNanos + (batch.isEmpty() ? 0 : cost.stepNanos(prefillTokens, decodeSeqs, decodeContext));
        List<Emission> emissions = complete(batch, batchTokens, endNanos);
        metrics.steps++;
        updateGauges();
        return new Step(startNanos, endNanos, batch.size(), prefillTokens, decodeSeqs, decodeContext, emissions);
    }

    /** @return budget left, or -1 when a preemption happened (then nobody new is admitted this step) */
    private int scheduleRunning(List<Sequence> batch, List<Integer> batchTokens, int budget) {
        boolean preempted = false;
        int i = 0;
        while (i < running.size() && budget > 0) {
            Sequence s = running.get(i);
            int n = Math.min(s.totalTokens() - s.computed, budget);
            boolean fits = kv.ensureCapacity(s, s.computed + n);
            while (!fits) {
                Sequence victim = running.remove(running.size() - 1);
                preempt(victim);
                preempted = true;
                if (victim == s) {
                    break;
                }
                fits = kv.ensureCapacity(s, s.computed + n);
            }
            if (!fits) {
                break;
            }
            batch.add(s);
            batchTokens.add(n);
            budget -= n;
            i++;
        }
        return preempted ? -1 : budget;
    }

    private void admitWaiting(List<Sequence> batch, List<Integer> batchTokens, int budget, long startNanos) {
        while (!waiting.isEmpty() && running.size() < maxNumSeqs && budget > 0) {
            Sequence s = waiting.peekFirst();
            int cached = kv.matchPrefix(s);
            int n = Math.min(s.totalTokens() - s.computed, budget);
            if (!kv.ensureCapacity(s, s.computed + n)) {
                kv.release(s);
                s.computed = 0;
                return;
            }
            waiting.pollFirst();
            running.add(s);
            batch.add(s);
            batchTokens.add(n);
            budget -= n;
            if (s.firstScheduledNanos < 0) {
                s.firstScheduledNanos = startNanos;
                s.cachedTokens = cached;
                metrics.queueTime.recordNanos(startNanos - s.arrivalNanos);
                metrics.prefixCacheQueries += s.promptTokens;
                metrics.prefixCacheHits += cached;
            }
        }
    }

    private void preempt(Sequence victim) {
        kv.release(victim);
        victim.computed = 0;
        waiting.addFirst(victim);
        metrics.preemptions++;
    }

    /**
     * When the next token leaves the output stage: one token at a time, each costing
     * {@code cost.output_us_per_token}, starting at the step's end or when the stage finished the previous
     * step's tokens, whichever is later (the stage runs beside the next step, as a serving engine's API
     * process detokenizes and streams while the GPU computes).
     */
    private long outputAt(long stepEndNanos) {
        outputFreeNanos = Math.max(stepEndNanos, outputFreeNanos) + outputNanosPerEvent;
        return outputFreeNanos;
    }

    private List<Emission> complete(List<Sequence> batch, List<Integer> batchTokens, long endNanos) {
        List<Emission> emissions = new ArrayList<>();
        boolean anyFinished = false;
        for (int i = 0; i < batch.size(); i++) {
            Sequence s = batch.get(i);
            s.computed += batchTokens.get(i);
            kv.registerComputed(s);
            if (s.computed < s.totalTokens()) {
                continue;
            }
            s.outputTokens++;
            metrics.generationTokens++;
            long atNanos = outputAt(endNanos);
            if (s.firstTokenNanos < 0) {
                s.firstTokenNanos = atNanos;
                metrics.timeToFirstToken.recordNanos(atNanos - s.arrivalNanos);
                metrics.promptTokens += s.promptTokens;
            }
            boolean finished = s.finished();
            if (finished) {
                anyFinished = true;
                metrics.e2eLatency.recordNanos(atNanos - s.arrivalNanos);
            }
            emissions.add(new Emission(s.id, s.outputTokens - 1, finished, s.plan.finishReason(), s.promptTokens,
                    s.cachedTokens, atNanos));
        }
        if (anyFinished) {
            running.removeIf(s -> {
                if (s.finished()) {
                    kv.release(s);
                    return true;
                }
                return false;
            });
        }
        return emissions;
    }

    private void updateGauges() {
        metrics.running = running.size();
        metrics.waiting = waiting.size();
        metrics.kvCacheUsage = kv.usedBlocks() / (double) kv.numBlocks();
    }
}
