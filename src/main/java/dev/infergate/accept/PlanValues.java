package dev.infergate.accept;

import dev.infergate.analysis.audience.Audience;
import dev.infergate.analysis.audience.CapacityCriterion;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.config.Durations;
import dev.infergate.config.YamlNode;
import dev.infergate.load.ConcurrencyLimit;
import dev.infergate.workload.BundledTokenizer;
import java.time.Duration;
import java.util.List;

/** The checks {@link PlanReader} applies to single values, each naming the file, line and key it refuses. */
final class PlanValues {
    private PlanValues() {}

    /** A capacity criterion needs the capacity step it judges: refused, naming the audience, when the plan skips it. */
    static void capacityCriteria(YamlNode node, List<Audience> audiences, boolean capacityStep) {
        for (Audience a : audiences) {
            if (!a.capacity().isEmpty() && !capacityStep) {
                throw node.get(a.name()).error("judges " + CapacityCriterion.KEY + ", which needs the capacity step;"
                        + " enable capacity or drop that criterion");
            }
        }
    }

    /**
     * A {@code concurrency:} value: at most what one client can keep in flight ({@link ConcurrencyLimit#MAX}, the
     * CLI's limit too), or {@code absent} when the key is not there.
     */
    static int concurrency(YamlNode n, int absent) {
        if (n == null) {
            return absent;
        }
        int c = n.asInt();
        if (c > ConcurrencyLimit.MAX) {
            throw n.error(c + " is more than one client can keep in flight (at most " + ConcurrencyLimit.MAX
                    + ", one connection each); run several shards (infergate run --shard I/N, docs/scale-out.md)");
        }
        return c;
    }

    /** auto, server or a bundled vocabulary: checked now, not when the first run starts. */
    static String tokenizer(YamlNode n) {
        if (n == null) {
            return "auto";
        }
        String name = n.text().trim();
        if (!name.equals("auto") && !name.equals("server")) {
            try {
                BundledTokenizer.named(name);
            } catch (IllegalArgumentException e) {
                throw n.error(e.getMessage() + ", or auto or server");
            }
        }
        return name;
    }

    /** The items of a list that must not be empty ({@code workloads: []} would run nothing). */
    static List<YamlNode> nonEmpty(YamlNode n, String example) {
        List<YamlNode> items = n.items();
        if (items.isEmpty()) {
            throw n.error("needs at least one " + example);
        }
        return items;
    }

    static int positive(YamlNode root, String key, int fallback) {
        YamlNode n = root.get(key);
        if (n == null) {
            return fallback;
        }
        int v = n.asInt();
        if (v < 1) {
            throw n.error("(" + v + ") must be >= 1");
        }
        return v;
    }

    static int atLeastZero(YamlNode root, String key, int fallback) {
        YamlNode n = root.get(key);
        if (n == null) {
            return fallback;
        }
        int v = n.asInt();
        if (v < 0) {
            throw n.error("(" + v + ") must be >= 0");
        }
        return v;
    }

    static Duration duration(YamlNode n, Duration fallback) {
        return n == null ? fallback : n.as(Durations::parse);
    }

    /** {@code 95%} or {@code 0.95}. */
    static double share(String t) {
        String s = t.trim();
        double v;
        try {
            v = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a share; write 0.95 or 95%");
        }
        if (!(v > 0 && v <= 1.5)) {
            throw new IllegalArgumentException("'" + t + "' must be a share above 0 (0.95 or 95%)");
        }
        return v;
    }

    /**
     * {@code run_to_run_allowance: 15%} (or 0.15; 0 judges the interval alone): a share in [0, 1), the default
     * {@link Comparison#DEFAULT_RUN_TO_RUN_ALLOWANCE} when absent.
     */
    static double runToRunAllowance(YamlNode n) {
        if (n == null) {
            return Comparison.DEFAULT_RUN_TO_RUN_ALLOWANCE;
        }
        String t = n.text().trim();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw n.error("'" + t + "' is not a share; write 15% or 0.15 (0 judges the interval alone)");
        }
        if (!(v >= 0 && v < 1)) {
            throw n.error("(" + t + ") must be at least 0 and below 100%, e.g. 15%");
        }
        return v;
    }
}
