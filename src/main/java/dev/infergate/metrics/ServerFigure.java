package dev.infergate.metrics;

import java.util.List;
import java.util.Map;

/**
 * A server-side figure common to inference engines, and the {@code /metrics} families each engine reports it
 * under (first match wins; older names last). An engine missing from a figure's map does not report it, and
 * the figure is then <b>absent</b>, never zero. Names follow the engines' documentation at the time of
 * writing; vLLM's and llama.cpp's are checked against captures (tests), SGLang's and TGI's are best effort.
 */
public enum ServerFigure {
    /** Requests in the running batch (gauge). */
    RUNNING_REQUESTS("running_requests", Kind.GAUGE, Map.of(
            Engine.VLLM, List.of("vllm:num_requests_running"),
            Engine.SGLANG, List.of("sglang:num_running_reqs"),
            Engine.LLAMACPP, List.of("llamacpp:requests_processing"),
            Engine.TGI, List.of("tgi_batch_current_size"))),
    /** Requests queued in the server (gauge). */
    WAITING_REQUESTS("waiting_requests", Kind.GAUGE, Map.of(
            Engine.VLLM, List.of("vllm:num_requests_waiting"),
            Engine.SGLANG, List.of("sglang:num_queue_reqs"),
            Engine.LLAMACPP, List.of("llamacpp:requests_deferred"),
            Engine.TGI, List.of("tgi_queue_size"))),
    /** KV-cache usage, 0..1 (gauge; the largest series when there are several). */
    KV_CACHE_USAGE("kv_cache_usage", Kind.GAUGE, Map.of(
            Engine.VLLM, List.of("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
            Engine.SGLANG, List.of("sglang:token_usage"),
            Engine.LLAMACPP, List.of("llamacpp:kv_cache_usage_ratio"))),
    /** Prompt tokens served from the prefix cache (counter). */
    PREFIX_CACHE_HITS("prefix_cache_hits", Kind.COUNTER, Map.of(
            Engine.VLLM, List.of("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits"))),
    /** Prompt tokens looked up in the prefix cache (counter). */
    PREFIX_CACHE_QUERIES("prefix_cache_queries", Kind.COUNTER, Map.of(
            Engine.VLLM, List.of("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries"))),
    /** The server's own prefix-cache hit rate, 0..1 (gauge), where it has no counters. */
    PREFIX_CACHE_HIT_RATE("prefix_cache_hit_rate", Kind.GAUGE, Map.of(
            Engine.VLLM, List.of("vllm:gpu_prefix_cache_hit_rate"),
            Engine.SGLANG, List.of("sglang:cache_hit_rate"))),
    /** Requests preempted (counter). */
    PREEMPTIONS("preemptions", Kind.COUNTER, Map.of(
            Engine.VLLM, List.of("vllm:num_preemptions"))),
    /** Prompt tokens processed (counter). */
    PROMPT_TOKENS("prompt_tokens", Kind.COUNTER, Map.of(
            Engine.VLLM, List.of("vllm:prompt_tokens"),
            Engine.SGLANG, List.of("sglang:prompt_tokens"),
            Engine.LLAMACPP, List.of("llamacpp:prompt_tokens"))),
    /** Generated tokens (counter). */
    GENERATION_TOKENS("generation_tokens", Kind.COUNTER, Map.of(
            Engine.VLLM, List.of("vllm:generation_tokens"),
            Engine.SGLANG, List.of("sglang:generation_tokens"),
            Engine.LLAMACPP, List.of("llamacpp:tokens_predicted"))),
    /** Time requests waited in the server's queue, seconds (histogram). */
    QUEUE_TIME("queue_time_seconds", Kind.HISTOGRAM, Map.of(
            Engine.VLLM, List.of("vllm:request_queue_time_seconds"),
            Engine.SGLANG, List.of("sglang:queue_time_seconds"),
            Engine.TGI, List.of("tgi_request_queue_duration"))),
    /** Time to first token as the server measures it, seconds (histogram). */
    SERVER_TTFT("server_ttft_seconds", Kind.HISTOGRAM, Map.of(
            Engine.VLLM, List.of("vllm:time_to_first_token_seconds"),
            Engine.SGLANG, List.of("sglang:time_to_first_token_seconds")));

    /** How a figure is read and summarised. */
    public enum Kind {
        /** Only goes up (resets on restart): summarised as the delta over the measured window. */
        COUNTER,
        /** A level: summarised as p50 and max over the scrapes in the window. */
        GAUGE,
        /** Cumulative buckets, sum and count: summarised from their deltas (count, mean, p50, p90). */
        HISTOGRAM
    }

    private final String key;
    private final Kind kind;
    private final Map<Engine, List<String>> names;

    ServerFigure(String key, Kind kind, Map<Engine, List<String>> names) {
        this.key = key;
        this.kind = kind;
        this.names = names;
    }

    /** The key in server_metrics.jsonl and summary.json. */
    public String key() {
        return key;
    }

    public Kind kind() {
        return kind;
    }

    /** The family names to look for on {@code engine}, most current first; empty when it has none. */
    public List<String> names(Engine engine) {
        return names.getOrDefault(engine, List.of());
    }
}
