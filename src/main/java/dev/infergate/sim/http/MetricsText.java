package dev.infergate.sim.http;

import dev.infergate.sim.driver.DispatchLateness;
import dev.infergate.sim.engine.EngineMetrics;
import dev.infergate.sim.engine.LatencyHistogram;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * {@code /metrics} in the Prometheus text format (version 0.0.4), with vLLM's series names and its
 * {@code model_name} label so tools that scrape vLLM read the simulator unchanged. Two extra series are the
 * simulator's own error: {@code infergate_sim_dispatch_lateness_seconds} (tokens late to their connection) and
 * {@code infergate_sim_engine_stall_seconds_total} (model time lost when its engine thread was starved).
 */
final class MetricsText {
    /**
     * Bounds for the lateness histogram, seconds: the interesting range is tens of microseconds to milliseconds; above
     * 10 ms they stay fine enough (x2-2.5) that a comparison's bound on what lateness added (compare.Lateness reads
     * the largest bucket reached) is not read as a whole second when a token was 120 ms late.
     */
    static final double[] LATENESS_BOUNDS = {0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1.0, 2.5, 10.0};

    private final String labels;
    private final StringBuilder out = new StringBuilder(8192);

    private MetricsText(String modelName) {
        this.labels = "model_name=\"" + modelName.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String render(String modelName, EngineMetrics m, DispatchLateness lateness) {
        MetricsText t = new MetricsText(modelName);
        t.gauge("vllm:num_requests_running", "Number of requests in model execution batches.", m.running());
        t.gauge("vllm:num_requests_waiting", "Number of requests waiting to be processed.", m.waiting());
        t.gauge("vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", m.kvCacheUsage());
        t.counter("vllm:prefix_cache_queries", "Prefix cache queries, in terms of number of queried tokens.",
                m.prefixCacheQueries());
        t.counter("vllm:prefix_cache_hits", "Prefix cache hits, in terms of number of cached tokens.",
                m.prefixCacheHits());
        t.counter("vllm:num_preemptions", "Cumulative number of preemption from the engine.", m.preemptions());
        t.counter("vllm:prompt_tokens", "Number of prefill tokens processed.", m.promptTokens());
        t.counter("vllm:generation_tokens", "Number of generation tokens processed.", m.generationTokens());
        t.histogram("vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.",
                m.timeToFirstToken());
        t.histogram("vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.",
                m.queueTime());
        t.histogram("vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.",
                m.e2eLatency());
        t.lateness(lateness.snapshotNanos());
        t.stalls(lateness.stalledNanos());
        return t.out.toString();
    }

    private void header(String name, String help, String type) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private void sample(String name, String extraLabel, String value) {
        out.append(name).append('{').append(labels);
        if (extraLabel != null) {
            out.append(',').append(extraLabel);
        }
        out.append("} ").append(value).append('\n');
    }

    private void gauge(String name, String help, double value) {
        header(name, help, "gauge");
        sample(name, null, number(value));
    }

    private void counter(String name, String help, long value) {
        header(name, help, "counter");
        sample(name + "_total", null, Long.toString(value));
    }

    private void histogram(String name, String help, LatencyHistogram h) {
        header(name, help, "histogram");
        double[] bounds = h.upperBoundsSeconds();
        long[] cumulative = h.cumulativeCounts();
        for (int i = 0; i < bounds.length; i++) {
            sample(name + "_bucket", "le=\"" + number(bounds[i]) + "\"", Long.toString(cumulative[i]));
        }
        long count = cumulative[cumulative.length - 1];
        sample(name + "_bucket", "le=\"+Inf\"", Long.toString(count));
        sample(name + "_sum", null, number(h.sumSeconds()));
        sample(name + "_count", null, Long.toString(count));
    }

    private void lateness(Histogram nanos) {
        String name = "infergate_sim_dispatch_lateness_seconds";
        header(name, "Simulator only (not vLLM): time a token reached its connection's event loop after the"
                + " model meant it to exist.", "histogram");
        for (double bound : LATENESS_BOUNDS) {
            long count = nanos.getCountBetweenValues(0, Math.round(bound * 1e9));
            sample(name + "_bucket", "le=\"" + number(bound) + "\"", Long.toString(count));
        }
        sample(name + "_bucket", "le=\"+Inf\"", Long.toString(nanos.getTotalCount()));
        sample(name + "_sum", null, number(nanos.getMean() * nanos.getTotalCount() / 1e9));
        sample(name + "_count", null, Long.toString(nanos.getTotalCount()));
    }

    private void stalls(long stalledNanos) {
        String name = "infergate_sim_engine_stall_seconds"; // its sample, NAME_total, is read by accept.SimulatorStalls
        header(name, "Simulator only (not vLLM): model time the engine lost because its thread fell more than 5 ms"
                + " behind its step timeline (a starved machine); the simulator served less than its profile meanwhile.", "counter");
        sample(name + "_total", null, number(stalledNanos / 1e9));
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return Double.toString(v);
    }
}
