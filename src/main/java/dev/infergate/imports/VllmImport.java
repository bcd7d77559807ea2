package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.record.RunDocument;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * vLLM's result JSON, recognised by what it holds, not by a version it does not name:
 * <ul>
 *   <li>{@code bench serve --save-result --save-detailed} (and {@code benchmarks/benchmark_serving.py} of 2025): the
 *       per-request arrays {@code ttfts}, {@code itls}, {@code latencies}, {@code input_lens}, {@code output_lens},
 *       {@code errors} and, in newer versions, {@code start_times}, all in seconds;</li>
 *   <li>{@code benchmarks/benchmark_serving.py --save-result} of late 2024 (e.g. commit 5b0ed839): the same arrays but
 *       no {@code latencies} (E2E per request was never written). E2E is then derived as TTFT + the sum of the
 *       gaps, which is what that writer's own latency was (its request function timed the end at the last chunk),
 *       and run.json's {@code imported.derived} says so; a failed request carries {@code ttft} 0 and no gaps there,
 *       so its times are absent, never 0;</li>
 *   <li>no arrays (no {@code --save-detailed}): the file's aggregates ({@link AggregateImport}).</li>
 * </ul>
 * vLLM's TTFT and E2EL run from its request start (when the request function began, close to infergate's
 * {@code sent}); its ITLs are the gaps between chunks after the first. Without {@code start_times} the requests
 * cannot be placed in time, so throughput and goodput are missing rather than guessed.
 */
final class VllmImport {
    /** The figure derived for files without {@code latencies}, and how. */
    static final String DERIVED_E2E_KEY = "e2e";
    static final String DERIVED_E2E_RULE = "ttft + the sum of gaps (the file has no latencies)";

    private VllmImport() {}

    /** Whether {@code json} looks like a vLLM result. */
    static boolean matches(JsonNode json) {
        return json.isObject() && json.has("completed") && (json.has("mean_ttft_ms") || json.has("ttfts")
                || json.has("mean_e2el_ms"));
    }

    static ImportedRun read(JsonNode json, String source) {
        if (!json.path("ttfts").isArray()) {
            return AggregateImport.vllm(json, source); // --save-result without --save-detailed
        }
        int n = json.path("ttfts").size();
        // late-2024 files keep TTFT and the gaps per request but no E2E: derived from them, and said so
        boolean derivedE2e = !json.path("latencies").isArray() && json.path("itls").isArray() && json.path("itls").size() == n;
        if (!json.path("latencies").isArray() && !derivedE2e) {
            return AggregateImport.vllm(json, source); // per-request TTFTs without gaps or E2E: only the aggregates hold
        }
        JsonNode starts = json.path("start_times");
        boolean placed = starts.isArray() && starts.size() == n;
        double origin = Double.MAX_VALUE;
        for (int i = 0; placed && i < n; i++) {
            origin = Math.min(origin, starts.get(i).asDouble());
        }
        Foreign foreign = new Foreign();
        List<RequestRecord> records = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String error = json.path("errors").path(i).asText("");
            boolean ok = error.isEmpty();
            long sent = placed ? Foreign.seconds(starts.get(i).asDouble() - origin) : 0;
            long[] gaps = null;
            JsonNode itl = json.path("itls").path(i);
            if (ok && itl.isArray()) {
                gaps = new long[itl.size()];
                for (int g = 0; g < gaps.length; g++) {
                    gaps[g] = Foreign.seconds(itl.get(g).asDouble());
                }
            }
            long e2e = !ok || derivedE2e ? RequestRecord.ABSENT // derived: the record ends at the last gap
                    : Foreign.seconds(json.path("latencies").path(i).asDouble(-1));
            records.add(foreign.record(i, Phase.MEASURED, Math.max(0, sent),
                    ok ? Foreign.seconds(json.path("ttfts").path(i).asDouble(-1)) : RequestRecord.ABSENT,
                    RequestRecord.ABSENT, e2e,
                    gaps, json.path("input_lens").path(i).asInt(-1), json.path("output_lens").path(i).asInt(0),
                    TokenSource.USAGE, ok ? null : Foreign.errorClass(0, error), ok ? null : Foreign.ownDetail(error), ok ? 200 : 0));
        }
        List<String> missing = new ArrayList<>(Imports.NEVER_RECORDED);
        if (!placed) {
            missing.addAll(Imports.THROUGHPUT);
        }
        ImportedFrom imported = new ImportedFrom("vllm", source, false, missing,
                derivedE2e ? Map.of(DERIVED_E2E_KEY, DERIVED_E2E_RULE) : Map.of());
        return new ImportedRun(run(json, imported, n), records, imported);
    }

    /** The run.json of a vLLM result: model, endpoint type, its load and label. */
    static RunDocument run(JsonNode json, ImportedFrom imported, int n) {
        RunDocument run = RunDocument.imported(imported, text(json, "model_id"), text(json, "endpoint_type"));
        Map<String, Object> load = new LinkedHashMap<>(); // JSON edge: the foreign tool's own load keys
        load.put("tool", "vllm");
        load.put("request_rate", json.path("request_rate").isNumber() ? json.get("request_rate").asDouble() : "inf");
        load.put("max_concurrency", json.path("max_concurrency").isNumber() ? json.get("max_concurrency").asInt() : null);
        load.put("requests", json.path("num_prompts").asInt(n));
        run = run.withLoad(load);
        if (json.path("label").isTextual()) {
            run = run.withLabels(Map.of("label", json.get("label").asText()));
        }
        return run;
    }

    private static String text(JsonNode json, String key) {
        return json.path(key).isTextual() ? json.get(key).asText() : null;
    }
}
