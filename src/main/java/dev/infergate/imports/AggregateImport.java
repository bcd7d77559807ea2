package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RunDocument;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Result files that keep aggregates only: vLLM's {@code --save-result} JSON without {@code --save-detailed} and
 * AIPerf's {@code profile_export_aiperf.json}. Only the figures the file carries are taken, each under the
 * infergate statistic with the same definition; a figure whose definition differs, or that the file does not
 * carry, is absent (a criterion on it is not judged), never derived from other figures.
 *
 * <p>vLLM: {@code mean_X_ms}, {@code median_X_ms} (p50) and {@code pNN_X_ms} (its {@code --metric-percentiles},
 * 99 by default) for X = {@code ttft}, {@code tpot}, {@code itl} (pooled over every gap, as infergate's
 * {@code itl}), {@code e2el} (infergate's {@code e2e}); {@code request_throughput}, {@code output_throughput};
 * the error share from {@code completed} and {@code failed} when both are there. Its goodput rests on its own
 * SLOs, so it is not taken.
 *
 * <p>AIPerf: each metric an object with {@code unit}, {@code avg} and {@code p1}..{@code p99}:
 * {@code time_to_first_token} (ttft), {@code request_latency} (e2e), {@code inter_token_latency}
 * ((latency - TTFT) / (output tokens - 1) per request: infergate's {@code tpot}, ending at the response's end
 * rather than its last token), {@code request_throughput}, {@code output_token_throughput} ({@code avg}).
 */
final class AggregateImport {
    private static final List<String> VLLM_METRICS = List.of("ttft", "tpot", "itl", "e2el");
    private static final Map<String, Metric> AIPERF_METRICS = Map.of("time_to_first_token", Metric.TTFT,
            "request_latency", Metric.E2E, "inter_token_latency", Metric.TPOT);

    private AggregateImport() {}

    /** Whether {@code json} is AIPerf's aggregate export. */
    static boolean matchesAiperf(JsonNode json) {
        return json.isObject() && (json.path("time_to_first_token").has("unit") || json.path("request_latency").has("unit"))
                && (json.has("input_config") || json.has("request_count") || json.has("request_throughput"));
    }

    static ImportedRun vllm(JsonNode json, String source) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String name : VLLM_METRICS) {
            Metric metric = name.equals("e2el") ? Metric.E2E : Metric.byKey(name);
            put(figures, Statistic.of(metric, Statistic.MEAN), json.path("mean_" + name + "_ms"));
            put(figures, Statistic.of(metric, 50), json.path("median_" + name + "_ms"));
            for (Iterator<String> it = json.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                String suffix = "_" + name + "_ms";
                if (key.startsWith("p") && key.endsWith(suffix)) {
                    Double p = percentile(key.substring(1, key.length() - suffix.length()));
                    if (p != null) {
                        put(figures, Statistic.of(metric, p), json.get(key));
                    }
                }
            }
        }
        put(figures, Statistic.value(Metric.THROUGHPUT_REQUESTS), json.path("request_throughput"));
        put(figures, Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS), json.path("output_throughput"));
        long completed = json.path("completed").asLong(-1);
        if (json.path("failed").isNumber() && completed >= 0 && completed + json.get("failed").asLong() > 0) {
            figures.put(Statistic.value(Metric.ERROR_RATE).key(),
                    json.get("failed").asDouble() / (completed + json.get("failed").asLong()));
        }
        if (figures.isEmpty()) {
            throw new IllegalArgumentException(source + " is a vLLM result with neither per-request values (ttfts,"
                    + " latencies) nor aggregates (mean_ttft_ms, p99_ttft_ms, ...)");
        }
        ImportedFrom imported = new ImportedFrom("vllm", source, false, missing(figures));
        return new ImportedRun(VllmImport.run(json, imported, json.path("num_prompts").asInt(0)), List.of(), imported,
                figures, completed);
    }

    static ImportedRun aiperf(JsonNode json, String source) {
        Map<String, Double> figures = new LinkedHashMap<>();
        AIPERF_METRICS.forEach((name, metric) -> {
            JsonNode m = json.path(name);
            double scale = toMillis(m.path("unit").asText(""));
            if (Double.isNaN(scale)) {
                return; // a unit we do not know: not guessed
            }
            for (Iterator<String> it = m.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                Double p = key.equals("avg") ? Double.valueOf(Statistic.MEAN)
                        : key.matches("p\\d+(\\.\\d+)?") ? percentile(key.substring(1)) : null;
                if (p != null && m.get(key).isNumber()) {
                    figures.put(Statistic.of(metric, p).key(), m.get(key).asDouble() * scale);
                }
            }
        });
        put(figures, Statistic.value(Metric.THROUGHPUT_REQUESTS), json.path("request_throughput").path("avg"));
        put(figures, Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS), json.path("output_token_throughput").path("avg"));
        if (figures.isEmpty()) {
            throw new IllegalArgumentException(source + " is AIPerf's profile_export_aiperf.json without a figure infergate"
                    + " reads (time_to_first_token, request_latency, inter_token_latency in ms)");
        }
        ImportedFrom imported = new ImportedFrom("aiperf", source, false, missing(figures));
        RunDocument run = RunDocument.imported(imported, null, null);
        Map<String, Object> load = new LinkedHashMap<>(); // JSON edge: the foreign tool's own load keys
        load.put("tool", "aiperf");
        JsonNode loadgen = json.path("input_config").path("loadgen");
        if (loadgen.path("concurrency").isNumber()) {
            load.put("concurrency", loadgen.get("concurrency").asInt());
        }
        if (loadgen.path("request_rate").isNumber()) {
            load.put("request_rate", loadgen.get("request_rate").asDouble());
        }
        run = run.withLoad(load);
        long requests = json.path("request_count").path("avg").isNumber() ? json.get("request_count").get("avg").asLong() : -1;
        return new ImportedRun(run, List.of(), imported, figures, requests);
    }

    /** Per-request figures no aggregate file can stand for, plus the figures this one did not carry. */
    private static List<String> missing(Map<String, Double> figures) {
        List<String> missing = new ArrayList<>(Imports.NEVER_RECORDED);
        missing.addAll(List.of("goodput.requests_per_s", "goodput.attainment", "max_stall", "errors.timeout_rate"));
        for (String key : List.of("throughput.output_tokens_per_s", "throughput.requests_per_s", "errors.rate")) {
            if (!figures.containsKey(key)) {
                missing.add(key);
            }
        }
        return missing;
    }

    private static void put(Map<String, Double> figures, Statistic s, JsonNode v) {
        if (v.isNumber() && Double.isFinite(v.asDouble())) {
            figures.put(s.key(), v.asDouble());
        }
    }

    /** {@code 99}, {@code 99.9} as a percentile strictly between 0 and 100, else null. */
    private static Double percentile(String text) {
        try {
            double p = Double.parseDouble(text);
            return p > 0 && p < 100 ? p : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The factor from {@code unit} to milliseconds, NaN for a unit that is no time. */
    private static double toMillis(String unit) {
        return switch (unit.trim().toLowerCase(Locale.ROOT)) {
            case "ms" -> 1;
            case "s", "sec" -> 1e3;
            case "us" -> 1e-3;
            case "ns" -> 1e-6;
            default -> Double.NaN;
        };
    }
}
