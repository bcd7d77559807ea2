package dev.infergate.analysis.capacity;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * capacity.json read back (written by {@code capacity} and {@code accept}, {@code report.CapacityReport}), each side's
 * search rebuilt from its probes and <b>re-fitted</b> ({@link CapacityFit}): what {@code compare} judges two
 * capacity folders on and what {@code accept --capacity-from} reuses. The fit is re-made from every probe's rate and
 * counts, so the difference between two files gets its interval from independent draws of each side, exactly as
 * the capacity step of {@code accept} does; the figures the probes alone cannot give back (the longest wait at the
 * capacity) are kept as the file says them.
 *
 * @param source    where it was read from (for messages)
 * @param target    the SLO attainment held
 * @param slo       the SLO text, e.g. "ttft=2s,tpot=25ms"
 * @param workload  the work the probes sent, e.g. "short-chat/fresh"; null in files written before it was recorded
 * @param endpoints each side's base URL (credentials redacted); empty in older files
 * @param sides     side name ("baseline", "candidate") to its capacity, in the file's order
 */
public record CapacityFile(Path source, double target, String slo, String workload, Map<String, String> endpoints,
        Map<String, Side> sides) {
    public CapacityFile {
        endpoints = Map.copyOf(endpoints);
        sides = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sides));
    }

    /**
     * One side: its search rebuilt from the probes (re-fitted) and the longest wait there as written.
     *
     * @param result      the search result: estimate and interval from the re-fit, every probe as a step
     * @param longestWait the file's {@code longest_wait_ms} (TTFT and E2E from scheduled, p99 and max); null when none held
     */
    public record Side(CapacitySearch.Result result, Measurement.LongestWait longestWait) {}

    /** The file's name in an output directory. */
    public static final String NAME = "capacity.json";

    /** Whether {@code dir} holds a capacity.json. */
    public static boolean in(Path dir) {
        return java.nio.file.Files.isRegularFile(dir.resolve(NAME));
    }

    /**
     * Reads {@code dir/capacity.json}.
     *
     * @throws IllegalArgumentException when the file is not a capacity.json this version can read (one line saying why)
     */
    public static CapacityFile read(Path dir) throws IOException {
        Path file = dir.resolve(NAME);
        if (!in(dir)) {
            throw new IllegalArgumentException(dir + " holds no " + NAME + "; pass a capacity or accept output folder");
        }
        JsonNode doc;
        try {
            doc = Json.COMPACT.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not JSON (" + e.getOriginalMessage() + ")");
        }
        if (!"capacity".equals(doc.path("kind").asText()) || !doc.path("target").isNumber() || !doc.path("sides").isObject()) {
            throw new IllegalArgumentException(file + " is not a capacity result (no kind: capacity, target and sides)");
        }
        double target = doc.path("target").asDouble();
        if (!(target > 0 && target < 1)) {
            throw new IllegalArgumentException(file + ": target (" + target + ") must be between 0 and 1");
        }
        Map<String, Side> sides = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : doc.path("sides").properties()) {
            sides.put(e.getKey(), side(file, e.getKey(), e.getValue(), target));
        }
        if (sides.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no side");
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        doc.path("endpoints").properties().forEach(e -> endpoints.put(e.getKey(), e.getValue().asText()));
        return new CapacityFile(dir, target, doc.path("slo").asText(""), doc.path("workload").isTextual()
                ? doc.path("workload").asText() : null, endpoints, sides);
    }

    /**
     * Why {@code other} cannot be read beside this file (a different target, SLO or workload), or null when they
     * match. A workload absent from either (an older file) is not held against it.
     */
    public String mismatch(CapacityFile other) {
        if (Math.abs(target - other.target) > 1e-9) {
            return String.format(Locale.ROOT, "their targets differ (%s: %.4g, %s: %.4g)", source, target, other.source, other.target);
        }
        if (!slo.equals(other.slo)) {
            return "their SLOs differ (" + source + ": " + slo + ", " + other.source + ": " + other.slo + ")";
        }
        if (workload != null && other.workload != null && !workload.equals(other.workload)) {
            return "their workloads differ (" + source + ": " + workload + ", " + other.source + ": " + other.workload + ")";
        }
        return null;
    }

    private static Side side(Path file, String name, JsonNode side, double target) {
        List<CapacitySearch.Step> steps = new ArrayList<>();
        List<CapacityFit.Probe> probes = new ArrayList<>();
        int minimum = CapacitySearch.minMeasuredRequests(target);
        for (JsonNode p : side.path("probes")) {
            double rate = p.path("rate_per_s").asDouble(Double.NaN);
            long sent = p.path("sent").asLong(-1);
            double attainment = p.path("attainment").asDouble(Double.NaN);
            if (!(rate > 0) || sent < 0 || !(attainment >= 0 && attainment <= 1)) {
                throw new IllegalArgumentException(file + ": a probe of " + name + " lacks rate_per_s, sent or attainment");
            }
            long good = Math.round(attainment * sent); // attainment is written to 1e-6: exact for any probe's count
            double hidden = number(p, "hidden_overload"); // NaN in files written before it: none assumed
            double recorded = number(p, "effective_trials"); // NaN in files written before it: each request a trial
            double trials = recorded >= 1 ? Math.min(sent, recorded) : sent;
            Measurement m = Measurement.counted(rate, sent, good, number(p, "offered_rps"), wait(p.path("longest_wait_ms")), hidden,
                    Double.isNaN(recorded) ? Double.NaN : trials);
            steps.add(new CapacitySearch.Step(rate, m, Math.max(1, p.path("runs").asInt(1)), m.attainment() >= target, sent >= minimum));
            probes.add(new CapacityFit.Probe(rate, sent, good, hidden >= 0 && Double.isFinite(hidden) ? hidden : 0, trials));
        }
        if (steps.isEmpty()) {
            throw new IllegalArgumentException(file + ": " + name + " has no probe");
        }
        CapacitySearch.Stop stop = null;
        if (side.path("stop").isTextual()) {
            try {
                stop = CapacitySearch.Stop.valueOf(side.path("stop").asText().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                stop = null; // a reason this version does not know: the estimate does not depend on it
            }
        }
        CapacitySearch.Result result = CapacitySearch.Result.of(CapacityFit.of(target, probes), steps, stop);
        return new Side(result, wait(side.path("longest_wait_ms")));
    }

    /** A {@code longest_wait_ms} object, or null when absent (an older file; none held). */
    private static Measurement.LongestWait wait(JsonNode w) {
        return w.isObject() ? new Measurement.LongestWait(number(w, "ttft_from_scheduled_p99"), number(w, "ttft_from_scheduled_max"),
                number(w, "e2e_from_scheduled_p99"), number(w, "e2e_from_scheduled_max"), w.path("count").asLong()) : null;
    }

    private static double number(JsonNode n, String key) {
        return n.path(key).isNumber() ? n.path(key).asDouble() : Double.NaN;
    }
}
