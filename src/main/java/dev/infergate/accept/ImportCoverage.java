package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.workload.PrefixMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which conditions of a plan an imported baseline stands for (docs/acceptance.md, "A fixed, imported baseline").
 * A condition is compared when the import holds a condition of the same name (an earlier accept result), or,
 * when the import holds one condition (a peer tool's run), when it is the one plan condition the import can stand
 * for: the only one left, or the only one whose load matches the load the import states (vLLM's
 * {@code max_concurrency} or {@code request_rate}). Conditions whose load is a share of the baseline's capacity,
 * agent sessions and trace replays are never compared: an import has no capacity search, sessions or trace.
 *
 * @param covered     the conditions the candidate runs in, each with the import condition it is compared with
 * @param notCompared every other plan condition, with the reason
 */
record ImportCoverage(List<Covered> covered, Map<String, String> notCompared) {
    /**
     * One plan condition the import stands for.
     *
     * @param condition the plan's name ({@code workload/prefix/load})
     * @param source    the import's condition it is compared with
     */
    record Covered(String condition, MatrixWorkload workload, PrefixMode prefix, LoadLevel level, String source) {}

    ImportCoverage {
        covered = List.copyOf(covered);
        notCompared = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(notCompared));
    }

    /**
     * The coverage of {@code plan} by {@code source}.
     *
     * @throws IllegalArgumentException when no condition can be compared, or the import could stand for several
     */
    static ImportCoverage of(AcceptPlan plan, BaselineSource source) {
        Map<String, String> notCompared = new LinkedHashMap<>();
        List<Covered> eligible = new ArrayList<>();
        for (MatrixWorkload w : plan.workloads()) {
            for (PrefixMode p : plan.prefixes()) {
                for (LoadLevel l : plan.loads()) {
                    Covered c = new Covered(w.label() + "/" + p.label() + "/" + l.name(), w, p, l, null);
                    String reason = ineligible(c, source);
                    if (reason == null) {
                        eligible.add(c);
                    } else {
                        notCompared.put(c.condition(), reason);
                    }
                }
            }
        }
        List<Covered> covered = new ArrayList<>();
        eligible.stream().filter(c -> source.conditions().containsKey(c.condition()))
                .forEach(c -> covered.add(withSource(c, c.condition())));
        if (covered.isEmpty() && source.conditions().size() == 1 && !eligible.isEmpty()) {
            covered.add(withSource(single(eligible, source), source.conditions().keySet().iterator().next()));
        }
        if (covered.isEmpty()) {
            throw new IllegalArgumentException(nothingComparable(source, eligible, notCompared));
        }
        for (Covered c : eligible) {
            if (covered.stream().noneMatch(x -> x.condition().equals(c.condition()))) {
                notCompared.put(c.condition(), source.describeSource() + " holds no run of it");
            }
        }
        return new ImportCoverage(covered, notCompared);
    }

    private static String ineligible(Covered c, BaselineSource source) {
        if (c.workload() instanceof MatrixWorkload.Agent) {
            return "agent sessions: " + source.describeSource() + " cannot stand for the same sessions";
        }
        if (c.workload() instanceof MatrixWorkload.Trace) {
            return "a trace replay: " + source.describeSource() + " did not replay the plan's trace";
        }
        if (c.level().capacityFraction() > 0) {
            return "its load is a share of the baseline's capacity, and an import has no capacity search";
        }
        return null;
    }

    /** The one eligible condition a one-condition import stands for. */
    private static Covered single(List<Covered> eligible, BaselineSource source) {
        if (eligible.size() == 1) {
            return eligible.get(0);
        }
        List<Covered> matching = eligible.stream().filter(c -> sameLoad(c.level(), source)).toList();
        if (matching.size() == 1) {
            return matching.get(0);
        }
        throw new IllegalArgumentException(source.describeSource() + " (" + source.imported().source() + ") holds one"
                + " condition and could stand for " + (matching.isEmpty() ? eligible : matching).size()
                + " of the plan's (" + String.join(", ", (matching.isEmpty() ? eligible : matching).stream()
                .map(Covered::condition).toList()) + "); keep in the plan only the workload, prefix and load the"
                + " baseline ran");
    }

    private static boolean sameLoad(LoadLevel level, BaselineSource source) {
        if (level.concurrency() > 0) {
            return level.concurrency() == source.concurrency();
        }
        return level.ratePerSecond() > 0 && Math.abs(level.ratePerSecond() - source.ratePerSecond()) <= 1e-9
                * Math.max(1, level.ratePerSecond());
    }

    private static String nothingComparable(BaselineSource source, List<Covered> eligible, Map<String, String> notCompared) {
        if (eligible.isEmpty()) {
            return "no condition of the plan can be compared with " + source.describeSource() + " ("
                    + source.imported().source() + "): " + String.join("; ", notCompared.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue()).toList()) + "; give loads as concurrency or rate,"
                    + " e.g. loads: {run: {concurrency: " + Math.max(1, source.concurrency()) + "}}";
        }
        return String.format(Locale.ROOT, "%s (%s) holds %d conditions (%s), none named as a condition of the plan (%s);"
                + " pass a result of one condition, or an accept result of the same plan", source.describeSource(),
                source.imported().source(), source.conditions().size(), String.join(", ", source.conditions().keySet()),
                String.join(", ", eligible.stream().map(Covered::condition).toList()));
    }

    private static Covered withSource(Covered c, String source) {
        return new Covered(c.condition(), c.workload(), c.prefix(), c.level(), source);
    }
}
