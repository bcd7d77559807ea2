package dev.infergate.sim.engine;

/**
 * The engine's counters and gauges, named after vLLM's {@code /metrics} series they feed. The engine thread
 * writes; any thread reads. Times are engine-clock times: a request's TTFT here is its first token's step
 * end minus its arrival at the engine.
 */
public final class EngineMetrics {
    volatile int running;
    volatile int waiting;
    volatile double kvCacheUsage;
    volatile long prefixCacheQueries;
    volatile long prefixCacheHits;
    volatile long preemptions;
    volatile long promptTokens;
    volatile long generationTokens;
    volatile long steps;
    final LatencyHistogram timeToFirstToken = new LatencyHistogram(LatencyHistogram.TTFT_BOUNDS);
    final LatencyHistogram queueTime = new LatencyHistogram(LatencyHistogram.REQUEST_BOUNDS);
    final LatencyHistogram e2eLatency = new LatencyHistogram(LatencyHistogram.REQUEST_BOUNDS);

    /** {@code vllm:num_requests_running}. */
    public int running() {
        return running;
    }

    /** {@code vllm:num_requests_waiting}. */
    public int waiting() {
        return waiting;
    }

    /** {@code vllm:kv_cache_usage_perc}: share (0..1) of KV blocks held by sequences. */
    public double kvCacheUsage() {
        return kvCacheUsage;
    }

    /** {@code vllm:prefix_cache_queries_total}: prompt tokens looked up in the prefix cache. */
    public long prefixCacheQueries() {
        return prefixCacheQueries;
    }

    /** {@code vllm:prefix_cache_hits_total}: prompt tokens found there. */
    public long prefixCacheHits() {
        return prefixCacheHits;
    }

    /** {@code vllm:num_preemptions_total}. */
    public long preemptions() {
        return preemptions;
    }

    /** {@code vllm:prompt_tokens_total}: prompt tokens of requests that got their first token. */
    public long promptTokens() {
        return promptTokens;
    }

    /** {@code vllm:generation_tokens_total}. */
    public long generationTokens() {
        return generationTokens;
    }

    /** Engine steps run so far. */
    public long steps() {
        return steps;
    }

    public LatencyHistogram timeToFirstToken() {
        return timeToFirstToken;
    }

    public LatencyHistogram queueTime() {
        return queueTime;
    }

    public LatencyHistogram e2eLatency() {
        return e2eLatency;
    }
}
