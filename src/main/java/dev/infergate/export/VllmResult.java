package dev.infergate.export;

import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run as vLLM's {@code bench serve --save-result} JSON (flat keys such as {@code mean_ttft_ms},
 * {@code p99_itl_ms}), for dashboards built on that file; with detail also the per-request arrays of
 * {@code --save-detailed} ({@code ttfts}, {@code itls}, {@code latencies}, {@code start_times}, ...).
 *
 * <p>The figures follow vLLM's definitions, computed from infergate's marks over the measured requests
 * (warm-up excluded): TTFT = first token - sent; E2EL = done - sent (infergate's e2e); TPOT =
 * (E2EL - TTFT) / (output tokens - 1) over requests with more than one token (vLLM's, which ends at the
 * response's end, not at the last token as infergate's tpot does); ITL pooled over every gap of every
 * successful request; percentiles infergate's nearest rank ({@link dev.infergate.analysis.Quantiles}; vLLM's numpy
 * interpolates between ranks, which at a few hundred requests differs in the last digits); std the population deviation;
 * {@code duration} from the first send to the last end. Latency from the scheduled time and queue wait have
 * no vLLM key and are not written. Times in the arrays are seconds, as vLLM writes them; {@code itls}
 * come from {@link Gaps} (exact for requests with event times, else from the histogram, see there).
 *
 * <p>vLLM has no user cancellations: a request the client stopped on purpose ({@code --cancel-rate}) is neither
 * {@code completed} nor {@code failed} (it says nothing against the server) but counted in the extra key
 * {@code user_cancelled}; its {@code errors} entry says {@code user_cancelled}, so the arrays still explain its
 * zero output.
 */
public final class VllmResult {
    /** The percentiles written for each metric, as vLLM's {@code --metric-percentiles 50,90,95,99} would. */
    static final int[] PERCENTILES = {50, 90, 95, 99};

    private VllmResult() {}

    /**
     * The result document.
     *
     * @param run     run.json
     * @param records the run's records (warm-up ones are skipped)
     * @param detail  add the per-request arrays
     */
    // JSON edge: vLLM's result file, its keys (mean_ttft_ms, p99_itl_ms, ...) built by name as vLLM writes them
    public static Map<String, Object> of(Map<String, Object> run, List<RequestRecord> records, boolean detail) {
        List<RequestRecord> measured = records.stream().filter(RequestRecord::measured).toList();
        List<RequestRecord> ok = measured.stream().filter(RequestRecord::succeeded).toList();
        long start = measured.stream().filter(r -> r.marks().sentNanos() != RequestRecord.ABSENT)
                .mapToLong(rr -> rr.marks().sentNanos()).min().orElse(0);
        long end = measured.stream().mapToLong(r -> Math.max(r.marks().doneNanos(), r.marks().sentNanos())).max().orElse(start);
        double duration = Math.max(0, end - start) / 1e9;
        long input = ok.stream().mapToLong(r -> Math.max(0, r.tokens().input())).sum();
        long output = ok.stream().mapToLong(rr -> rr.tokens().output()).sum();
        // JSON edge: vLLM's result document, as of()'s
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("date", run.get(RunDocument.STARTED_AT));
        m.put("backend", "infergate");
        m.put("endpoint_type", run.get(RunDocument.API));
        m.put("label", labels(run.get(RunDocument.LABELS)));
        m.put("model_id", run.get(RunDocument.MODEL));
        m.put("tokenizer_id", null);
        m.put("num_prompts", measured.size());
        Map<?, ?> load = run.get(RunDocument.LOAD) instanceof Map<?, ?> l ? l : Map.of();
        m.put("request_rate", load.get(RunDocument.LOAD_RATE_PER_SECOND) != null ? load.get(RunDocument.LOAD_RATE_PER_SECOND) : "inf");
        m.put("burstiness", load.get("burstiness") != null ? load.get("burstiness") : 1.0);
        m.put("max_concurrency", load.get("concurrency") != null ? load.get("concurrency") : load.get("max_concurrency"));
        m.put("duration", duration);
        m.put("completed", ok.size());
        m.put("failed", measured.stream().filter(RequestRecord::failed).count());
        m.put("user_cancelled", measured.stream().filter(RequestRecord::cancelled).count());
        m.put("total_input_tokens", input);
        m.put("total_output_tokens", output);
        m.put("request_throughput", perSecond(ok.size(), duration));
        m.put("request_goodput", null);
        m.put("output_throughput", perSecond(output, duration));
        m.put("total_token_throughput", perSecond(input + output, duration));
        metric(m, "ttft", ok.stream().mapToDouble(r -> r.ttftNanos() / 1e6).filter(v -> v >= 0).toArray());
        metric(m, "tpot", ok.stream().filter(r -> r.tokens().output() > 1 && r.ttftNanos() != RequestRecord.ABSENT)
                .mapToDouble(r -> (r.e2eNanos() - r.ttftNanos()) / 1e6 / (r.tokens().output() - 1)).toArray());
        metric(m, "itl", ok.stream().flatMapToDouble(r -> Arrays.stream(Gaps.millis(r))).toArray());
        metric(m, "e2el", ok.stream().mapToDouble(r -> r.e2eNanos() / 1e6).filter(v -> v >= 0).toArray());
        if (detail) {
            detail(m, measured, start);
        }
        return m;
    }

    // JSON edge: vLLM's result document, as of()'s
    private static void detail(Map<String, Object> m, List<RequestRecord> measured, long start) {
        List<Object> inputLens = new ArrayList<>();
        List<Object> outputLens = new ArrayList<>();
        List<Object> ttfts = new ArrayList<>();
        List<Object> itls = new ArrayList<>();
        List<Object> latencies = new ArrayList<>();
        List<Object> starts = new ArrayList<>();
        List<Object> errors = new ArrayList<>();
        for (RequestRecord r : measured) {
            boolean ok = r.succeeded();
            inputLens.add(Math.max(0, r.tokens().input()));
            outputLens.add(ok ? r.tokens().output() : 0);
            ttfts.add(ok && r.ttftNanos() != RequestRecord.ABSENT ? r.ttftNanos() / 1e9 : 0.0);
            List<Double> gaps = new ArrayList<>();
            if (ok) {
                Arrays.stream(Gaps.millis(r)).forEach(g -> gaps.add(g / 1e3));
            }
            itls.add(gaps);
            latencies.add(ok ? r.e2eNanos() / 1e9 : 0.0);
            starts.add(r.marks().sentNanos() == RequestRecord.ABSENT ? null : (r.marks().sentNanos() - start) / 1e9);
            errors.add(ok ? "" : r.outcome().error().key() + (r.outcome().errorDetail() == null ? "" : ": " + r.outcome().errorDetail()));
        }
        m.put("input_lens", inputLens);
        m.put("output_lens", outputLens);
        m.put("ttfts", ttfts);
        m.put("itls", itls);
        m.put("latencies", latencies);
        m.put("start_times", starts);
        m.put("errors", errors);
    }

    /** {@code mean_X_ms}, {@code median_X_ms}, {@code std_X_ms} and {@code pN_X_ms}; 0 without values, as vLLM. */
    // JSON edge: vLLM's result document, as of()'s
    static void metric(Map<String, Object> m, String name, double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0);
        double variance = Arrays.stream(sorted).map(v -> (v - mean) * (v - mean)).average().orElse(0);
        m.put("mean_" + name + "_ms", mean);
        m.put("median_" + name + "_ms", percentile(sorted, 50));
        m.put("std_" + name + "_ms", Math.sqrt(variance));
        for (int p : PERCENTILES) {
            m.put("p" + p + "_" + name + "_ms", percentile(sorted, p));
        }
    }

    private static double percentile(double[] sorted, double p) {
        Double v = RequestCsv.percentile(sorted, p);
        return v == null ? 0 : v;
    }

    private static double perSecond(double count, double seconds) {
        return seconds > 0 ? count / seconds : 0;
    }

    /** run.json's labels as vLLM's {@code label}: {@code k=v,k=v}; null when there are none. */
    private static String labels(Object block) {
        if (!(block instanceof Map<?, ?> labels) || labels.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        labels.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}
