package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.record.RunDocument;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The environment of each side, from its run.json flattened to dotted keys ({@code server.server_version},
 * {@code labels.kv_cache}), and the keys whose values differ between sides.
 *
 * <p>A difference is a <em>factor</em> when it is about the systems under test and could change the result (labels,
 * engine, model, server configuration, the request body): keys that differ between any two runs by nature (when it
 * started, where the server and its metrics listen, the tool's version, the per-run prompt salt) are not factors, nor
 * is infergate's own bookkeeping ({@link #CLIENT_PREFIXES}: its warm-up against a loopback stub, its CPU by phase),
 * which describes the client, not the server. When more than one factor differs, a difference in the figures cannot
 * be pinned on one of them.
 */
final class Environment {
    /** Keys that are not factors: they differ between any two runs. */
    private static final Set<String> NOT_FACTORS = Set.of(RunDocument.STARTED_AT, RunDocument.BASE_URL,
            RunDocument.PARTIAL, "duration_s", "labels.name", "labels.side", "labels.role", "server.models_listed",
            "header_names", RunDocument.CONDITION, "workload.prompt_salt", RunDocument.SERVER_METRICS_URL, "load.shard",
            RunDocument.SHARDS, "workload.prefix_warmup_requests", RunDocument.REQUEST_ID_PREFIX, RunDocument.ENDED_AT,
            RunDocument.PARTIAL_REASON, "torn_last_line");
    /** infergate's own bookkeeping: the client's, never a factor of the server under test. */
    static final Set<String> CLIENT_PREFIXES = Set.of("client_warmup.", "client_cpu.", "client.");
    private static final Set<String> NOT_FACTOR_PREFIXES = Set.of("tool.", "measured.", "imported.", "client_warmup.",
            "client_cpu.", "client.");

    private Environment() {}

    /** run.json as dotted keys to printable values, in file order; {@code schema} left out. */
    static Map<String, String> flatten(Map<String, Object> run) { // JSON edge: every key of run.json, known or not
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", run, out);
        out.remove("schema");
        return out;
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = prefix + e.getKey();
            Object v = e.getValue();
            if (v instanceof Map<?, ?> nested) {
                flatten(key + ".", nested, out);
            } else if (v instanceof JsonNode node && node.isObject()) { // a figure block given as its JSON tree
                node.properties().forEach(p -> flattenNode(key + "." + p.getKey(), p.getValue(), out));
            } else {
                out.put(key, printable(v));
            }
        }
    }

    private static void flattenNode(String key, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            node.properties().forEach(p -> flattenNode(key + "." + p.getKey(), p.getValue(), out));
        } else {
            out.put(key, node.isNull() ? "" : node.isValueNode() ? node.asText() : node.toString());
        }
    }

    private static String printable(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            list.forEach(item -> parts.add(item instanceof Map<?, ?> || item instanceof List<?>
                    ? String.valueOf(item) : printable(item)));
            return String.join(", ", parts);
        }
        return String.valueOf(v);
    }

    /**
     * A key whose value differs between the sides.
     *
     * @param values one per side, null where a side lacks the key
     * @param factor whether it is a declared factor (a label) rather than a detail that differs anyway
     */
    record Difference(String key, List<String> values, boolean factor) {}

    /** Keys whose value differs between sides (a missing key counts as a value). */
    static List<Difference> diff(List<Map<String, String>> sides) {
        Set<String> keys = new LinkedHashSet<>();
        sides.forEach(s -> keys.addAll(s.keySet()));
        List<Difference> out = new ArrayList<>();
        for (String key : keys) {
            List<String> values = new ArrayList<>(sides.stream().map(s -> s.get(key)).toList());
            if (values.stream().distinct().count() > 1) {
                out.add(new Difference(key, values, isFactor(key)));
            }
        }
        return out;
    }

    static boolean isFactor(String key) {
        return !NOT_FACTORS.contains(key) && NOT_FACTOR_PREFIXES.stream().noneMatch(key::startsWith);
    }

    /** The factor keys among a diff. */
    static List<String> factors(List<Difference> diff) {
        return diff.stream().filter(Difference::factor).map(Difference::key).toList();
    }
}
