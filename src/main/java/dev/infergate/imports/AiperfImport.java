package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
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
 * NVIDIA AIPerf's per-request {@code profile_export.jsonl}: one object per line with {@code metadata}
 * ({@code request_start_ns}, {@code request_end_ns} as epoch nanoseconds, {@code benchmark_phase},
 * {@code session_num}, {@code turn_index}, {@code x_correlation_id}), {@code metrics} (each {@code {value, unit}}:
 * {@code time_to_first_token}, {@code request_latency}, {@code inter_chunk_latency} as a list, in ms;
 * {@code input_sequence_length}, {@code output_sequence_length} in tokens) and {@code error}
 * ({@code {code, type, message}} or null). AIPerf's request latency runs from the request start to the last
 * response: infergate's e2e; its TTFT is infergate's; {@code inter_chunk_latency} gives each gap.
 */
final class AiperfImport {
    private static final ObjectMapper JSON = Json.COMPACT;

    private AiperfImport() {}

    /** Whether {@code line} (the file's first non-blank line, parsed) looks like an AIPerf record. */
    static boolean matches(JsonNode line) {
        return line.isObject() && line.path("metadata").has("request_start_ns") && line.has("metrics");
    }

    static ImportedRun read(List<String> lines, String source) {
        List<JsonNode> parsed = new ArrayList<>();
        long origin = Long.MAX_VALUE;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(lines.get(i));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + " is not JSON; is it AIPerf's profile_export.jsonl?");
            }
            if (!matches(node)) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + " is not an AIPerf record (no metadata.request_start_ns)");
            }
            parsed.add(node);
            origin = Math.min(origin, node.path("metadata").path("request_start_ns").asLong());
        }
        Foreign foreign = new Foreign();
        List<RequestRecord> records = new ArrayList<>();
        for (JsonNode r : parsed) {
            JsonNode meta = r.path("metadata");
            JsonNode m = r.path("metrics");
            JsonNode error = r.path("error");
            boolean ok = error.isNull() || error.isMissingNode();
            long sent = meta.path("request_start_ns").asLong() - origin;
            long[] gaps = null;
            JsonNode icl = m.path("inter_chunk_latency").path("value");
            if (ok && icl.isArray()) {
                gaps = new long[icl.size()];
                for (int g = 0; g < gaps.length; g++) {
                    gaps[g] = Foreign.millis(icl.get(g).asDouble());
                }
            }
            long e2e = ok ? Foreign.millis(m.path("request_latency").path("value").asDouble(-1))
                    : meta.path("request_end_ns").isNumber() ? meta.get("request_end_ns").asLong() - origin - sent
                    : RequestRecord.ABSENT;
            int input = m.path(ok ? "input_sequence_length" : "error_isl").path("value").asInt(-1);
            int status = error.path("code").asInt(0);
            String detail = ok ? null : (error.path("type").asText("") + ": " + error.path("message").asText("")).trim();
            ErrorClass cls = ok ? null : Foreign.errorClass(status, detail);
            Phase phase = "warmup".equals(meta.path("benchmark_phase").asText()) ? Phase.WARMUP : Phase.MEASURED;
            records.add(foreign.record(records.size(), phase, sent,
                    ok ? Foreign.millis(m.path("time_to_first_token").path("value").asDouble(-1)) : RequestRecord.ABSENT,
                    RequestRecord.ABSENT, e2e, gaps, input, m.path("output_sequence_length").path("value").asInt(
                            m.path("output_token_count").path("value").asInt(0)), TokenSource.USAGE, cls, detail,
                    ok ? 200 : status));
        }
        if (records.isEmpty()) {
            throw new IllegalArgumentException(source + " holds no AIPerf record");
        }
        ImportedFrom imported = new ImportedFrom("aiperf", source, false, Imports.NEVER_RECORDED);
        Map<String, Object> load = new LinkedHashMap<>(); // JSON edge (the tool's keys); fixed order, Map.of's varied
        load.put("tool", "aiperf");
        load.put("requests", records.size());
        RunDocument run = RunDocument.imported(imported, null, null).withLoad(load);
        return new ImportedRun(run, records, imported);
    }
}
