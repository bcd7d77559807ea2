package dev.infergate.analysis.audience;

import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.config.YamlNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The audiences of a plan or criteria file, and the union of their criteria (what the comparison estimates and
 * judges once; each audience then reads its own judgements).
 *
 * <pre>
 * audiences:
 *   chat:
 *     label: chat users                  # optional: how the console names it
 *     criteria:
 *       ttft.p95: {max_regression: 10%}
 *   batch:                               # or the criteria straight under the name
 *     throughput.output_tokens_per_s: {max_regression: 5%}
 *     capacity.requests_per_hour: {min_improvement: 0%}
 * </pre>
 *
 * Each audience's criteria take every form of a {@code criteria:} mapping (global, {@code workloads:},
 * {@code conditions:}); {@code capacity.requests_per_hour} is global only.
 */
public final class Audiences {
    private Audiences() {}

    /** Reads the {@code audiences:} mapping; every error names the file, line and key. */
    public static List<Audience> parse(YamlNode node) {
        if (!node.isMap() || node.fields().isEmpty()) {
            throw node.error("must map each audience's name to its criteria, e.g. audiences: {chat: {ttft.p95:"
                    + " {max_regression: 10%}}}");
        }
        List<Audience> out = new ArrayList<>();
        for (Map.Entry<String, YamlNode> e : node.fields().entrySet()) {
            out.add(audience(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static Audience audience(String name, YamlNode n) {
        if (!n.isMap() || n.fields().isEmpty()) {
            throw n.error("must be a mapping of criteria, e.g. {ttft.p95: {max_regression: 10%}}");
        }
        String label = null;
        YamlNode criteria = n;
        if (n.get("criteria") != null) {
            n.allowOnly(Set.of("label", "criteria"));
            label = n.get("label") == null ? null : n.get("label").text();
            criteria = n.get("criteria");
        } else if (n.get("label") != null) {
            throw n.get("label").error("goes with a criteria: key, e.g. {label: chat users, criteria: {ttft.p95: ...}}");
        }
        if (!criteria.isMap() || criteria.fields().isEmpty()) {
            throw criteria.error("must be a mapping of criteria, e.g. {ttft.p95: {max_regression: 10%}}");
        }
        List<CapacityCriterion> capacity = criteria.get(CapacityCriterion.KEY) == null ? List.of()
                : CapacityCriterion.parse(criteria.get(CapacityCriterion.KEY));
        return new Audience(name, label, Criteria.parse(criteria, Set.of(CapacityCriterion.KEY)), capacity);
    }

    /**
     * One criteria set whose {@link Criteria#forCondition} is, for every condition, the union of what each
     * audience applies there (identical criteria once). Judging it gives every judgement any audience needs.
     */
    public static Criteria union(List<Audience> audiences) {
        if (audiences.size() == 1) {
            return audiences.get(0).criteria();
        }
        List<Criterion> global = new ArrayList<>();
        Set<String> workloadNames = new LinkedHashSet<>();
        Set<String> conditionNames = new LinkedHashSet<>();
        for (Audience a : audiences) {
            global.addAll(a.criteria().global());
            workloadNames.addAll(a.criteria().workloads().keySet());
            conditionNames.addAll(a.criteria().conditions().keySet());
        }
        return new Criteria(distinct(global), scopes(audiences, workloadNames), scopes(audiences, conditionNames));
    }

    /** Per scope name, the union of every audience's complete set there (so nothing of the global set is left over). */
    private static Map<String, List<Criterion>> scopes(List<Audience> audiences, Set<String> names) {
        Map<String, List<Criterion>> out = new LinkedHashMap<>();
        for (String name : names) {
            List<Criterion> all = new ArrayList<>();
            audiences.forEach(a -> all.addAll(a.criteria().forCondition(name)));
            out.put(name, distinct(all));
        }
        return out;
    }

    private static List<Criterion> distinct(List<Criterion> criteria) {
        return List.copyOf(new LinkedHashSet<>(criteria));
    }
}
