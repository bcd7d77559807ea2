package dev.infergate.accept;

import dev.infergate.analysis.sweep.LevelCount;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.config.YamlNode;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a plan's {@code sweep:} block (docs/acceptance.md, "A load sweep in the plan") into a {@link SweepStep}, with
 * the defaults of {@code infergate sweep}'s options, so a plan's step and the command measure alike. No key, or
 * {@code sweep: false}: no step (a sweep costs a run per level, side and repeat, so it is never on by default);
 * {@code sweep: true}: concurrency 1, 4 and 16 of short-chat.
 */
final class SweepPlan {
    static final Set<String> KEYS = Set.of("enabled", "workload", "prefix", "concurrency", "rate", "levels", "max_levels",
            "requests", "warmup", "repeats", "gpus", "target");
    /** The levels of {@code sweep: true}. */
    static final String DEFAULT_CONCURRENCY = "1,4,16";

    private SweepPlan() {}

    /** The step, or null without one. */
    static SweepStep parse(YamlNode n) {
        if (n == null) {
            return null;
        }
        if (!n.isMap()) {
            return n.asBoolean() ? step(YamlNode.parse("", "{}"), n) : null;
        }
        n.allowOnly(KEYS);
        if (n.get("enabled") != null && !n.get("enabled").asBoolean()) {
            return null;
        }
        return step(n, n);
    }

    private static SweepStep step(YamlNode s, YamlNode at) {
        if (s.get("concurrency") != null && s.get("rate") != null) {
            throw s.get("rate").error("and concurrency are both given; a sweep varies one kind of load: keep one");
        }
        boolean auto = s.get("levels") != null && s.get("levels").as(SweepPlan::auto);
        SweepLevels.Kind kind = s.get("rate") != null ? SweepLevels.Kind.RATE : SweepLevels.Kind.CONCURRENCY;
        YamlNode listed = s.get("rate") != null ? s.get("rate") : s.get("concurrency");
        String list = listed == null ? (auto ? "1" : DEFAULT_CONCURRENCY) : list(listed);
        int maxLevels = s.get("max_levels") == null ? 8 : s.get("max_levels").asInt();
        SweepLevels levels;
        try {
            levels = SweepLevels.parse(kind, list, auto, maxLevels);
        } catch (IllegalArgumentException e) {
            throw (listed != null ? listed : at).error(e.getMessage().replace("--" + kind.key(), kind.key()));
        }
        int repeats = PlanValues.positive(s, "repeats", 1);
        int gpus = PlanValues.positive(s, "gpus", 1);
        double target = s.get("target") == null ? 0.95 : s.get("target").as(PlanValues::share);
        if (target >= 1) {
            throw s.get("target").error("(" + s.get("target").text().trim() + ") must be a share below 1, e.g. 0.95 or 95%");
        }
        return new SweepStep(levels, s.get("workload") == null ? Preset.SHORT_CHAT : preset(s.get("workload")),
                s.get("prefix") == null ? PrefixMode.FRESH : s.get("prefix").as(PrefixMode::parse),
                count(s.get("requests"), "8x", false), count(s.get("warmup"), "1x", true), repeats,
                s.get("gpus") == null ? 0 : gpus, target);
    }

    private static boolean auto(String t) {
        return switch (t.trim()) {
            case "auto" -> true;
            case "listed" -> false;
            default -> throw new IllegalArgumentException("'" + t.trim() + "' is neither listed nor auto");
        };
    }

    /** {@code [1, 4, 16]} or {@code 1,4,16}. */
    private static String list(YamlNode n) {
        return n.items().stream().map(YamlNode::text).collect(Collectors.joining(","));
    }

    private static LevelCount count(YamlNode n, String fallback, boolean zeroAllowed) {
        if (n == null) {
            return LevelCount.parse(fallback, fallback, zeroAllowed);
        }
        String key = n.path().substring(n.path().lastIndexOf('.') + 1);
        return n.as(t -> LevelCount.parse(key, t, zeroAllowed));
    }

    private static Preset preset(YamlNode n) {
        if (n.text().trim().equalsIgnoreCase(MatrixWorkload.Agent.LABEL)) {
            throw n.error("agent sessions run in the matrix only; a sweep sends independent requests "
                    + "(short-chat, long-doc or long-output)");
        }
        return n.as(Preset::parse);
    }
}
