package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Metric;
import dev.infergate.record.ErrorClass;
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
 * guidellm's {@code benchmarks.json}: {@code benchmarks[]}, each with {@code requests.successful},
 * {@code requests.errored} and {@code requests.incomplete} lists of requests ({@code start_time},
 * {@code end_time}, {@code first_token_time}, {@code last_token_time} as epoch seconds, {@code prompt_tokens},
 * {@code output_tokens}, {@code error}; from guidellm 0.4 the times sit in {@code info.timings}:
 * {@code request_start}, {@code first_token_iteration}, {@code last_token_iteration}, {@code request_end})
 * and {@code request_totals} (how many there were in all).
 *
 * <p>guidellm keeps only a <b>sample</b> of the requests per status (its {@code --output-sampling}); when the
 * lists hold fewer than the totals, the import is marked sampled and the figures that need every request
 * (throughput, goodput, error shares) are missing. It keeps no gap between chunks, so ITL and stalls are
 * missing; its own "time per output token" divides by all output tokens (the first included), so infergate
 * computes TPOT itself from the first and last token times. Several benchmarks (a sweep) become one condition
 * each, named by strategy and rate; one benchmark is the condition {@code all}.
 */
final class GuidellmImport {
    private GuidellmImport() {}

    static boolean matches(JsonNode json) {
        return json.isObject() && json.path("benchmarks").isArray() && !json.path("benchmarks").isEmpty()
                && json.path("benchmarks").get(0).has("requests");
    }

    static ImportedRun read(JsonNode json, String source) {
        JsonNode benchmarks = json.path("benchmarks");
        double origin = Double.MAX_VALUE;
        for (JsonNode b : benchmarks) {
            for (String status : List.of("successful", "errored", "incomplete")) {
                for (JsonNode r : b.path("requests").path(status)) {
                    double start = start(r);
                    if (Double.isFinite(start)) {
                        origin = Math.min(origin, start);
                    }
                }
            }
        }
        Foreign foreign = new Foreign();
        List<RequestRecord> records = new ArrayList<>();
        boolean sampled = false;
        for (JsonNode b : benchmarks) {
            String condition = benchmarks.size() == 1 ? null : condition(b);
            for (String status : List.of("successful", "errored", "incomplete")) {
                JsonNode list = b.path("requests").path(status);
                long total = b.path("request_totals").path(status).asLong(list.size());
                sampled |= total > list.size();
                for (JsonNode r : list) {
                    records.add(withCondition(record(foreign, records.size(), r, origin, status), condition));
                }
            }
        }
        if (records.isEmpty()) {
            throw new IllegalArgumentException(source + " holds no request (guidellm's requests lists are empty)");
        }
        List<String> missing = new ArrayList<>(Imports.NEVER_RECORDED);
        missing.addAll(Metric.keysOf(Metric.ITL, Metric.MAX_STALL));
        if (sampled) {
            missing.addAll(Imports.THROUGHPUT);
            missing.addAll(Metric.keysOf(Metric.ERROR_RATE, Metric.TIMEOUT_RATE));
        }
        ImportedFrom imported = new ImportedFrom("guidellm", source, sampled, missing);
        RunDocument run = RunDocument.imported(imported, null, null);
        Map<String, Object> load = new LinkedHashMap<>(); // JSON edge: the foreign tool's own load keys
        load.put("tool", "guidellm");
        load.put("strategy", condition(benchmarks.get(0)));
        run = run.withLoad(load);
        return new ImportedRun(run, records, imported);
    }

    private static RequestRecord record(Foreign foreign, long id, JsonNode r, double origin, String status) {
        double start = start(r);
        boolean ok = status.equals("successful");
        JsonNode t = r.path("info").path("timings"); // guidellm 0.4 and later; earlier: flat fields
        long first = since(start, r.has("first_token_time") ? r.get("first_token_time") : t.path("first_token_iteration"));
        long last = since(start, r.has("last_token_time") ? r.get("last_token_time") : t.path("last_token_iteration"));
        long end = since(start, r.has("end_time") ? r.get("end_time") : t.has("request_end") ? t.get("request_end")
                : t.path("resolve_end"));
        JsonNode error = r.has("error") ? r.get("error") : r.path("info").path("error");
        String detail = ok ? null : status.equals("incomplete") ? "incomplete (guidellm)" : error.asText("error");
        return foreign.record(id, Phase.MEASURED, Math.max(0, Foreign.seconds(start - origin)), first, last, end, null,
                r.path("prompt_tokens").asInt(-1), r.path("output_tokens").asInt(0), TokenSource.USAGE,
                ok ? null : status.equals("incomplete") ? ErrorClass.INCOMPLETE
                        : Foreign.errorClass(0, detail), detail, ok ? 200 : 0);
    }

    /** When the request started (epoch seconds): {@code start_time}, or 0.4's {@code info.timings.request_start}. */
    static double start(JsonNode r) {
        JsonNode t = r.path("info").path("timings");
        JsonNode v = r.has("start_time") ? r.get("start_time") : t.path("request_start").isNumber() ? t.get("request_start")
                : r.has("request_start_time") ? r.get("request_start_time") : t.path("resolve_start");
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static long since(double start, JsonNode time) {
        return time.isNumber() && Double.isFinite(start) ? Foreign.seconds(time.asDouble() - start) : RequestRecord.ABSENT;
    }

    private static RequestRecord withCondition(RequestRecord r, String condition) {
        if (condition == null) {
            return r;
        }
        return r.toBuilder().condition(condition).build();
    }

    /** {@code constant@2.0}, {@code concurrent@8}, {@code synchronous}: the benchmark's strategy. */
    private static String condition(JsonNode b) {
        JsonNode s = b.path("args").path("strategy");
        String type = s.path("type_").asText(s.path("type").asText("benchmark"));
        JsonNode rate = s.has("rate") ? s.get("rate") : s.has("streams") ? s.get("streams") : null;
        return rate == null || rate.isNull() ? type : type + "@" + rate.asText();
    }
}
