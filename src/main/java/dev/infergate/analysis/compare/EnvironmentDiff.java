package dev.infergate.analysis.compare;

import dev.infergate.record.RunDocument;
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
 * (labels starting with {@code sampling}), the extra request-body fields ({@code extra_body}) and the workload.
 *
 * <p>A comparison names one cause only when exactly one declared factor differs and nothing else does. More
 * than one differing factor, a sampling difference or a workload difference produces a loud warning; a
 * load, work-shape or sampling difference is one line saying how the sides differ ({@link #sameWork()}).
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
    /** How every warning that the two sides did not do the same work begins. */
    static final String WORKLOAD_WARNING = "WARNING: not the same work: ";
    private static final java.util.Set<String> OBSERVED = java.util.Set.of("model_id", "server_version");

    /** Compares the first run.json of each side (an accept result writes the same labels into all). */
    public static EnvironmentDiff of(List<RunDocument> baselineRuns, List<RunDocument> candidateRuns) {
        RunDocument base0 = baselineRuns.isEmpty() ? null : baselineRuns.get(0);
        RunDocument cand0 = candidateRuns.isEmpty() ? null : candidateRuns.get(0);
        Map<String, String> base = environment(base0);
        Map<String, String> cand = environment(cand0);
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
        if (base0 != null && base0.imported() != null || cand0 != null && cand0.imported() != null) {
            warnings.add(ImportNotes.workNotChecked(base0, cand0));
            return new EnvironmentDiff(factors, observed, sampling, warnings);
        }
        if (!sampling.isEmpty()) {
            warnings.add(WORKLOAD_WARNING + "the sampling settings differ: baseline: " + side(sampling, 0) + "; candidate: "
                    + side(sampling, 1) + " (output lengths and speeds are not comparable)");
        }
        WorkloadShape bw = WorkloadShape.of(base0);
        WorkloadShape cw = WorkloadShape.of(cand0);
        if (bw.loadDiffers(cw)) {
            warnings.add(WORKLOAD_WARNING + "the loads differ: baseline: " + bw.describeLoad() + "; candidate: " + cw.describeLoad());
        }
        int bd = base0 == null ? 0 : base0.documents();
        int cd = cand0 == null ? 0 : cand0.documents();
        if (bd != cd) { // rerank and score: each document is one more pair the server scores
            warnings.add(WORKLOAD_WARNING + "the documents per request differ: baseline: " + documents(bd) + "; candidate: "
                    + documents(cd) + " (a rerank or score request's latency grows with its documents; run both with"
                    + " the same --documents)");
        }
        if (bw.workDiffers(cw)) {
            warnings.add(WORKLOAD_WARNING + "the work shapes differ: baseline: " + bw.describeWork() + "; candidate: "
                    + cw.describeWork());
        }
        if (factors.isEmpty()) {
            warnings.add("note: no declared factor differs" + (observed.isEmpty() ? "" : " (the servers report: "
                    + String.join(", ", observed.keySet()) + ")") + "; declare the change as a label (e.g. engine=vllm-0.9)"
                    + " so the report can name it");
        }
        return new EnvironmentDiff(factors, observed, sampling, warnings);
    }

    /**
     * Whether both sides did the same work: the same load shape, work shape and sampling settings
     * ({@link WorkloadShape}; prompts salted per run, seeds and run lengths do not count). When they did not,
     * {@code compare} gives no verdict unless asked to.
     */
    public boolean sameWork() {
        return warnings.stream().noneMatch(w -> w.startsWith(WORKLOAD_WARNING));
    }

    private static String documents(int n) {
        return n == 0 ? "none (not a rerank or score run)" : n + " (--documents " + n + ")";
    }

    private static String side(Map<String, List<String>> differences, int index) {
        StringBuilder sb = new StringBuilder();
        differences.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v.get(index)));
        return sb.toString();
    }

    /** Whether the report must warn that no single cause can be named. */
    public boolean loud() {
        return warnings.stream().anyMatch(w -> w.startsWith("WARNING"));
    }

    /** The declared labels plus what the tool read from the server: model id and server version. */
    static Map<String, String> environment(RunDocument run) {
        Map<String, String> env = new TreeMap<>();
        if (run == null) {
            return env;
        }
        env.putAll(run.labels());
        if (run.model() != null) {
            env.put("model_id", run.model());
        }
        if (run.extraBody() != null) { // fields sent in every request body: a factor like any declared one
            env.put("extra_body", run.extraBody());
        }
        if (run.server() != null && run.server().serverVersion() != null) {
            env.put("server_version", run.server().serverVersion());
        }
        return env;
    }
}
