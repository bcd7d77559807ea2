package dev.infergate.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What differs between the baseline's and the candidate's environment, from their run.json files: the
 * declared labels (GPU, model version, engine and commit, quantization, parallelism, speculative decoding,
 * anything the user labelled), the model id and server version the tool read itself, the sampling settings
 * (labels starting with {@code sampling}) and the workload.
 *
 * <p>A comparison names one cause only when exactly one declared factor differs and nothing else does. More
 * than one differing factor, a sampling difference or a workload difference produces a loud warning.
 *
 * @param factors  every declared factor (label) that differs: name → [baseline, candidate]
 * @param observed what the tool read from the servers and differs (model id, server version); shown, but
 *                 not counted as a factor: an engine upgrade changes the server version by itself
 * @param sampling every sampling setting that differs
 * @param warnings the warnings to print, loudest first; empty when the comparison is clean
 */
public record EnvironmentDiff(Map<String, List<String>> factors, Map<String, List<String>> observed,
        Map<String, List<String>> sampling, List<String> warnings) {
    /** Labels with this prefix are sampling settings, e.g. {@code sampling.temperature=0}. */
    public static final String SAMPLING_PREFIX = "sampling";
    private static final java.util.Set<String> OBSERVED = java.util.Set.of("model_id", "server_version");

    /** Compares the first run.json of each side (an accept result writes the same labels into all). */
    public static EnvironmentDiff of(List<Map<String, Object>> baselineRuns, List<Map<String, Object>> candidateRuns) {
        Map<String, String> base = environment(baselineRuns.isEmpty() ? Map.of() : baselineRuns.get(0));
        Map<String, String> cand = environment(candidateRuns.isEmpty() ? Map.of() : candidateRuns.get(0));
        Map<String, List<String>> factors = new TreeMap<>();
        Map<String, List<String>> observed = new TreeMap<>();
        Map<String, List<String>> sampling = new TreeMap<>();
        TreeSet<String> keys = new TreeSet<>(base.keySet());
        keys.addAll(cand.keySet());
        for (String k : keys) {
            String b = base.get(k);
            String c = cand.get(k);
            if (!Objects.equals(b, c)) {
                Map<String, List<String>> into = k.startsWith(SAMPLING_PREFIX) ? sampling
                        : OBSERVED.contains(k) ? observed : factors;
                into.put(k, java.util.Arrays.asList(b, c));
            }
        }
        List<String> warnings = new ArrayList<>();
        if (factors.size() > 1) {
            warnings.add("WARNING: baseline and candidate differ in " + factors.size() + " declared factors ("
                    + String.join(", ", factors.keySet()) + "): no single cause can be named for any difference");
        }
        if (!sampling.isEmpty()) {
            warnings.add("WARNING: the sampling settings differ (" + String.join(", ", sampling.keySet())
                    + "): output lengths and speeds are not comparable");
        }
        Object bw = baselineRuns.isEmpty() ? null : baselineRuns.get(0).get("workload");
        Object cw = candidateRuns.isEmpty() ? null : candidateRuns.get(0).get("workload");
        if (!Objects.equals(bw, cw)) {
            warnings.add("WARNING: the workloads differ between baseline and candidate: they did not do the same work");
        }
        if (factors.isEmpty()) {
            warnings.add("note: no declared factor differs" + (observed.isEmpty() ? "" : " (the servers report: "
                    + String.join(", ", observed.keySet()) + ")") + "; declare the change as a label (e.g. engine=vllm-0.9)"
                    + " so the report can name it");
        }
        return new EnvironmentDiff(factors, observed, sampling, warnings);
    }

    /** Whether the report must warn that no single cause can be named. */
    public boolean loud() {
        return warnings.stream().anyMatch(w -> w.startsWith("WARNING"));
    }

    /** The declared labels plus what the tool read from the server: model id and server version. */
    static Map<String, String> environment(Map<String, Object> run) {
        Map<String, String> env = new TreeMap<>();
        if (run.get("labels") instanceof Map<?, ?> labels) {
            labels.forEach((k, v) -> env.put(String.valueOf(k), String.valueOf(v)));
        }
        if (run.get("model") != null) {
            env.put("model_id", String.valueOf(run.get("model")));
        }
        if (run.get("server") instanceof Map<?, ?> server && server.get("server_version") != null) {
            env.put("server_version", String.valueOf(server.get("server_version")));
        }
        return env;
    }
}
