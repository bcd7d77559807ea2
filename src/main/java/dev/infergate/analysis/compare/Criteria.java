package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import dev.infergate.config.Durations;
import dev.infergate.config.YamlNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The acceptance criteria, set before the run: global ones, and overrides per workload and per condition.
 *
 * <pre>
 * ttft.p95: {max_regression: 10%}
 * e2e.p99: {max_regression: 5%}
 * throughput.output_tokens_per_s: {min_improvement: 0%}
 * goodput.attainment: {min: 0.95}
 * errors.rate: {max: 0.5%}
 * workloads:
 *   long-doc:
 *     ttft.p95: {max_regression: 20%}
 * conditions:
 *   long-doc/shared/near-limit:
 *     e2e.p99: {max_regression: 15%, max: 30s}
 * </pre>
 *
 * A narrower scope replaces every bound the wider one set for the same statistic. Conditions are named
 * {@code workload/prefix/load}; the workload is the part before the first slash.
 *
 * <p>Thresholds: relative bounds take {@code 10%} or a fraction ({@code 0.10}); absolute bounds take the
 * metric's unit: a duration for latencies ({@code 500ms}), a percentage or fraction for shares, a number
 * for speeds.
 *
 * @param global     criteria for every condition
 * @param workloads  overrides per workload name
 * @param conditions overrides per condition name
 */
public record Criteria(List<Criterion> global, Map<String, List<Criterion>> workloads,
        Map<String, List<Criterion>> conditions, List<String> notes) {

    /**
     * The criteria used when none are given: latency at most 10 % worse at the tail, output throughput at
     * most 5 % lower, at most 0.5 % errors, the candidate's streaming incremental ({@code delivery: incremental},
     * judged where both sides' delivery is known); and for conditions of agent sessions (the only ones it applies
     * to), the session total at most 10 % worse at p90.
     */
    public static final Criteria DEFAULT = new Criteria(List.of(
            new Criterion(Statistic.of(Metric.TTFT, 95), Bound.MAX_REGRESSION, 0.10),
            new Criterion(Statistic.of(Metric.TPOT, 95), Bound.MAX_REGRESSION, 0.10),
            new Criterion(Statistic.of(Metric.E2E, 99), Bound.MAX_REGRESSION, 0.10),
            new Criterion(Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS), Bound.MAX_REGRESSION, 0.05),
            new Criterion(Statistic.value(Metric.ERROR_RATE), Bound.MAX, 0.005),
            new Criterion(Statistic.value(Metric.DELIVERY_NOT_INCREMENTAL), Bound.MAX, 0.2),
            new Criterion(Statistic.of(Metric.SESSION_TOTAL, 90), Bound.MAX_REGRESSION, 0.10)), Map.of(), Map.of());

    public Criteria {
        global = List.copyOf(global);
        workloads = Collections.unmodifiableMap(new LinkedHashMap<>(workloads)); // in the file's order
        conditions = Collections.unmodifiableMap(new LinkedHashMap<>(conditions));
        notes = List.copyOf(notes);
    }

    /**
     * Criteria without notes.
     *
     * @param notes (in the canonical form) what the reader of a comparison must know about how the criteria were
     *              read, e.g. a metric named by an older name; each once
     */
    public Criteria(List<Criterion> global, Map<String, List<Criterion>> workloads, Map<String, List<Criterion>> conditions) {
        this(global, workloads, conditions, List.of());
    }

    /** The criteria that apply to {@code condition}, narrowest scope winning per statistic. */
    public List<Criterion> forCondition(String condition) {
        Map<Statistic, List<Criterion>> merged = new LinkedHashMap<>();
        put(merged, global);
        if (condition != null) {
            int slash = condition.indexOf('/');
            put(merged, workloads.getOrDefault(slash < 0 ? condition : condition.substring(0, slash), List.of()));
            put(merged, conditions.getOrDefault(condition, List.of()));
        }
        List<Criterion> out = new ArrayList<>();
        merged.values().forEach(out::addAll);
        return out;
    }

    private static void put(Map<Statistic, List<Criterion>> merged, List<Criterion> scope) {
        Map<Statistic, List<Criterion>> byStatistic = new LinkedHashMap<>();
        for (Criterion c : scope) {
            byStatistic.computeIfAbsent(c.statistic(), k -> new ArrayList<>()).add(c);
        }
        merged.putAll(byStatistic);
    }

    /** Parses a criteria file's text (a plan file works too: its {@code criteria:} key is used). */
    public static Criteria parse(String source, String yaml) {
        YamlNode root = YamlNode.parse(source, yaml);
        if (root.isMap() && root.get("criteria") != null) {
            return parse(root.get("criteria"));
        }
        return parse(root);
    }

    /** Parses a criteria mapping; every error names the file, line and key. */
    public static Criteria parse(YamlNode node) {
        return parse(node, java.util.Set.of());
    }

    /**
     * Parses a criteria mapping, leaving out the global keys in {@code skipped} (read by the caller: an audience's
     * {@code capacity.requests_per_hour}, which is judged on the capacity step, not on a condition).
     */
    public static Criteria parse(YamlNode node, java.util.Set<String> skipped) {
        List<Criterion> global = new ArrayList<>();
        Map<String, List<Criterion>> workloads = new LinkedHashMap<>();
        Map<String, List<Criterion>> conditions = new LinkedHashMap<>();
        Set<String> notes = new LinkedHashSet<>();
        for (Map.Entry<String, YamlNode> e : node.fields().entrySet()) {
            if (skipped.contains(e.getKey())) {
                continue;
            }
            switch (e.getKey()) {
                case "workloads" -> e.getValue().fields().forEach((k, v) -> workloads.put(k, scope(v, notes)));
                case "conditions" -> e.getValue().fields().forEach((k, v) -> conditions.put(k, scope(v, notes)));
                default -> global.addAll(statistic(e.getKey(), e.getValue(), notes));
            }
        }
        return new Criteria(global, workloads, conditions, List.copyOf(notes));
    }

    private static List<Criterion> scope(YamlNode node, Set<String> notes) {
        List<Criterion> out = new ArrayList<>();
        node.fields().forEach((k, v) -> out.addAll(statistic(k, v, notes)));
        return out;
    }

    /** The criterion {@code delivery: incremental}: at most this share of answers bursty or buffered (the endpoint's "bursty" line). */
    public static Criterion deliveryIncremental() {
        return new Criterion(Statistic.value(Metric.DELIVERY_NOT_INCREMENTAL), Bound.MAX,
                dev.infergate.analysis.delivery.DeliveryVerdict.BURSTY_SHARE);
    }

    /** The criterion {@code delivery: streamed}: fewer than half the answers buffered (the endpoint's "buffered" line). */
    public static Criterion deliveryStreamed() {
        return new Criterion(Statistic.value(Metric.DELIVERY_BUFFERED), Bound.MAX,
                dev.infergate.analysis.delivery.DeliveryVerdict.BUFFERED_SHARE);
    }

    private static List<Criterion> statistic(String key, YamlNode value, Set<String> notes) {
        if (key.equals("delivery")) { // shorthand: delivery: incremental | streamed
            String mode = value.isMap() ? null : value.as(t -> t.trim());
            if ("incremental".equals(mode)) {
                return List.of(deliveryIncremental());
            }
            if ("streamed".equals(mode)) {
                return List.of(deliveryStreamed());
            }
            throw value.error("delivery takes incremental (at most 20 % of answers bursty or buffered) or streamed (fewer"
                    + " than half buffered), e.g. delivery: incremental");
        }
        int dot = key.indexOf('.');
        String note = Metric.aliasNote(dot < 0 ? key : key.substring(0, dot));
        if (note != null) {
            notes.add(note);
        }
        Statistic statistic;
        try {
            statistic = Statistic.parse(key);
        } catch (IllegalArgumentException e) {
            throw value.error(e.getMessage());
        }
        if (!value.isMap() || value.fields().isEmpty()) {
            throw value.error("must be a mapping of bounds, e.g. {max_regression: 10%}; bounds: " + Bound.keys());
        }
        List<Criterion> out = new ArrayList<>();
        for (Map.Entry<String, YamlNode> b : value.fields().entrySet()) {
            Bound bound = Bound.byKey(b.getKey());
            if (bound == null) {
                throw b.getValue().error("unknown bound '" + b.getKey() + "'; expected one of " + Bound.keys());
            }
            double threshold = b.getValue().as(t -> threshold(statistic, bound, t));
            out.add(new Criterion(statistic, bound, threshold));
        }
        return out;
    }

    /** Reads a threshold in the unit the bound and metric call for; throws naming the accepted forms. */
    static double threshold(Statistic statistic, Bound bound, String text) {
        String t = text.trim();
        Metric m = statistic.metric();
        if (bound.relative() || m.isShare()) {
            double v = t.endsWith("%") ? number(t.substring(0, t.length() - 1)) / 100 : number(t);
            if (!t.endsWith("%") && v > 1) {
                throw new IllegalArgumentException("'" + t + "' is read as a fraction (" + t + " = " + v * 100
                        + " %); write a percentage such as " + t + "% or a fraction such as 0.10");
            }
            if (v < 0) {
                throw new IllegalArgumentException("'" + t + "' must be >= 0");
            }
            return v;
        }
        if (m.isLatency()) {
            return Durations.parse(t).toNanos() / 1e6;
        }
        return number(t);
    }

    private static double number(String t) {
        try {
            return Double.parseDouble(t.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a number");
        }
    }

    /** Every statistic any scope judges, in first-seen order (the bootstrap computes these). */
    public List<Statistic> statistics() {
        List<Statistic> out = new ArrayList<>();
        List<Criterion> all = new ArrayList<>(global);
        workloads.values().forEach(all::addAll);
        conditions.values().forEach(all::addAll);
        for (Criterion c : all) {
            if (!out.contains(c.statistic())) {
                out.add(c.statistic());
            }
        }
        return out;
    }
}
