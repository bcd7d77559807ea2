package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.report.html.Decision.Audience;
import dev.infergate.report.html.Decision.Capacity;
import dev.infergate.report.html.Decision.ConditionDifferences;
import dev.infergate.report.html.Decision.Criterion;
import dev.infergate.report.html.Decision.Curves;
import dev.infergate.report.html.Decision.Difference;
import dev.infergate.report.html.Decision.NotPassed;
import dev.infergate.report.html.Decision.RatePoint;
import dev.infergate.report.html.Decision.Wait;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The top of the page for an acceptance: the decision at a glance, read from acceptance.json alone (schema in
 * docs/report.md, "Decision"). It holds the verdict per audience with its one reason ({@code audiences}; an
 * acceptance.json written before audiences existed counts as one audience named {@code all} holding the
 * top-level verdict), the difference in requests/hour at the SLO with its interval, the longest wait per side
 * (p99 of E2E and TTFT from the <b>scheduled</b> time), and the TTFT / E2E / throughput differences of every
 * condition with their intervals. Every item names the page anchor of its evidence ({@code href}).
 *
 * <p>acceptance.json is read tolerantly, as a JSON tree: a missing or mistyped field is left out (null), never
 * an error. Strings here come from result files and so may come from a server: the page inserts them as text only.
 */
final class DecisionBlock {
    /** The comparison statistics shown for every condition (keys from the metric registry), with the page's short name. */
    static final List<List<String>> DIFFERENCES = List.of(List.of(Statistic.of(Metric.TTFT, 50).key(), "TTFT p50"),
            List.of(Statistic.of(Metric.E2E, 50).key(), "E2E p50"),
            List.of(Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS).key(), "output tok/s"));
    private static final String WAIT = Statistic.of(Metric.E2E_FROM_SCHEDULED, 99).key();
    /** The most criteria listed under an audience's reason; the rest are counted. */
    static final int MAX_NOT_PASSED = 5;
    private static final String TTFT_WAIT = Statistic.of(Metric.TTFT_FROM_SCHEDULED, 99).key();

    private DecisionBlock() {}

    /** The block for {@code acceptance} (acceptance.json as a tree), or null without one (a page of plain runs). */
    static Decision of(JsonNode acceptance) {
        if (acceptance == null || acceptance.isNull()) {
            return null;
        }
        return new Decision(audiences(acceptance), capacity(acceptance), longestWait(acceptance), differences(acceptance));
    }

    /** {@code audiences} as written, else the single top-level verdict as audience {@code all}. */
    static List<Audience> audiences(JsonNode acceptance) {
        List<Audience> out = new ArrayList<>();
        if (CapacityFolder.KIND.equals(acceptance.path("kind").asText())) {
            return out; // a capacity run judges no criteria: there is no verdict to show
        }
        for (JsonNode a : ReportInputs.elements(acceptance.path("audiences"))) {
            if (!a.isObject() || a.isEmpty()) {
                continue;
            }
            JsonNode criteria = a.path("criteria");
            List<Criterion> rows = new ArrayList<>();
            ReportInputs.elements(criteria).forEach(k -> rows.add(criterion(k, text(k.path("condition")), k.path("delta"), k.path("delta_ci"))));
            out.add(new Audience(text(a.path("name")), text(a.path("label")), text(a.path("verdict")), text(a.path("reason")),
                    criteria.isArray() ? criteria.size() : 0, "#acceptance", notPassed(rows, acceptance)));
        }
        if (out.isEmpty()) {
            List<Criterion> perCondition = new ArrayList<>();
            for (JsonNode c : conditions(acceptance)) {
                for (JsonNode k : ReportInputs.elements(c.path("criteria"))) {
                    JsonNode f = figure(c, text(k.path("statistic")));
                    perCondition.add(criterion(k, text(c.path("condition")), present(k.path("delta"), f.path("delta")),
                            present(k.path("delta_ci"), f.path("delta_ci"))));
                }
            }
            out.add(new Audience("all", null, text(acceptance.path("verdict")), fallbackReason(acceptance), null,
                    "#acceptance", notPassed(perCondition, acceptance)));
        }
        return out;
    }

    /** A criterion as written (its anchor comes later, from where it is listed). */
    private static Criterion criterion(JsonNode k, String condition, JsonNode delta, JsonNode ci) {
        return new Criterion(text(k.path("criterion")), condition, text(k.path("verdict")), number(delta), numbers(ci), null);
    }

    /**
     * The criteria of an audience that did not pass (at most {@value #MAX_NOT_PASSED}, failures first), each with
     * its condition, change and interval, and the anchor of its evidence: the condition's cell, or the capacity
     * curves for a capacity criterion.
     */
    private static NotPassed notPassed(List<Criterion> criteria, JsonNode acceptance) {
        List<Criterion> failed = new ArrayList<>();
        List<Criterion> open = new ArrayList<>();
        List<String> conditions = conditions(acceptance).stream().map(c -> text(c.path("condition"))).toList();
        for (Criterion k : criteria) {
            if (k.verdict() == null || "pass".equals(k.verdict())) {
                continue;
            }
            int cell = conditions.indexOf(k.condition());
            String href = "capacity".equals(k.condition()) ? "#capacity" : cell >= 0 ? "#cell-" + cell : "#acceptance";
            ("fail".equals(k.verdict()) ? failed : open)
                    .add(new Criterion(k.criterion(), k.condition(), k.verdict(), k.delta(), k.ci(), href));
        }
        failed.addAll(open);
        return new NotPassed(failed.size(), List.copyOf(failed.subList(0, Math.min(MAX_NOT_PASSED, failed.size()))));
    }

    /**
     * The top-level reason; when speed and quality disagree (the overall verdict is not the speed verdict the
     * reason speaks of), both halves, so that "INCONCLUSIVE" never stands beside "verdict accepted" alone.
     */
    private static String fallbackReason(JsonNode acceptance) {
        JsonNode base = present(acceptance.path("reason"), acceptance.path("headline"));
        JsonNode speed = acceptance.path("speed_verdict");
        JsonNode quality = acceptance.path("quality").path("criterion");
        if (absent(speed) || speed.equals(acceptance.path("verdict")) || !quality.isObject() || quality.isEmpty()) {
            return text(base);
        }
        return "speed " + shown(speed) + " (" + shown(base) + "); quality " + shown(quality.path("verdict")) + ": "
                + shown(quality.path("reason"));
    }

    /** The candidate's capacity minus the baseline's in requests/hour, its interval and each side's capacity. */
    private static Capacity capacity(JsonNode acceptance) {
        JsonNode d = acceptance.path("capacity_difference");
        if (!d.path("requests_per_hour").isNumber()) {
            return null;
        }
        Map<String, Double> sides = new LinkedHashMap<>();
        acceptance.path("capacity").properties().forEach(e -> sides.put(e.getKey(), number(e.getValue().path("requests_per_hour"))));
        JsonNode excludesZero = d.path("excludes_zero");
        return new Capacity(number(d.path("requests_per_hour")), numbers(d.path("requests_per_hour_interval")),
                excludesZero.isBoolean() ? excludesZero.booleanValue() : null, sides,
                number(acceptance.path("slo").path("attainment")), "#capacity", curves(acceptance.path("capacity_curves")));
    }

    /** {@code capacity_curves} of acceptance.json, or null when absent (written before the curves were compared). */
    private static Curves curves(JsonNode c) {
        if (!c.isObject()) {
            return null;
        }
        List<RatePoint> points = new ArrayList<>();
        ReportInputs.elements(c.path("points")).forEach(p -> points.add(new RatePoint(number(p.path("offered_rps")),
                number(p.path("attainment_difference")), numbers(p.path("attainment_difference_ci")), bool(p.path("excludes_zero")))));
        return new Curves(number(c.path("requests_per_hour")), numbers(c.path("requests_per_hour_interval")),
                bool(c.path("excludes_zero")), points);
    }

    private static Boolean bool(JsonNode n) {
        return n.isBoolean() ? n.booleanValue() : null;
    }

    /**
     * Each side's longest wait: at its capacity when the capacity step ran (the load a user meets at the
     * limit), else the worst condition's p99 of the matrix.
     */
    private static List<Wait> longestWait(JsonNode acceptance) {
        List<Wait> out = new ArrayList<>();
        acceptance.path("capacity").properties().forEach(e -> {
            JsonNode w = e.getValue().path("longest_wait_ms");
            if (w.path("e2e_from_scheduled_p99").isNumber()) {
                out.add(new Wait(e.getKey(), number(w.path("e2e_from_scheduled_p99")), number(w.path("ttft_from_scheduled_p99")),
                        count(w.path("count")), "at its capacity (" + rate(e.getValue().path("rate_per_s")) + " req/s)",
                        "#capacity"));
            }
        });
        if (!out.isEmpty()) {
            return out;
        }
        List<JsonNode> conditions = conditions(acceptance);
        for (String side : List.of("baseline", "candidate")) {
            int worst = -1;
            for (int i = 0; i < conditions.size(); i++) {
                JsonNode v = figure(conditions.get(i), WAIT).path(side);
                if (v.isNumber() && (worst < 0
                        || v.doubleValue() > figure(conditions.get(worst), WAIT).path(side).doubleValue())) {
                    worst = i;
                }
            }
            if (worst >= 0) {
                JsonNode c = conditions.get(worst);
                JsonNode f = figure(c, WAIT);
                out.add(new Wait(side, number(f.path(side)), number(figure(c, TTFT_WAIT).path(side)), count(f.path(side + "_n")),
                        "worst condition: " + shown(c.path("condition")), "#cell-" + worst));
            }
        }
        return out;
    }

    /** Per condition: the relative change of each statistic in {@link #DIFFERENCES} with its interval. */
    private static List<ConditionDifferences> differences(JsonNode acceptance) {
        List<ConditionDifferences> out = new ArrayList<>();
        List<JsonNode> conditions = conditions(acceptance);
        for (int i = 0; i < conditions.size(); i++) {
            JsonNode c = conditions.get(i);
            Map<String, Difference> figures = new LinkedHashMap<>();
            for (List<String> stat : DIFFERENCES) {
                JsonNode f = figure(c, stat.get(0));
                if (!f.isMissingNode()) {
                    figures.put(stat.get(0), new Difference(stat.get(1), number(f.path("delta")), numbers(f.path("delta_ci"))));
                }
            }
            out.add(new ConditionDifferences(text(c.path("condition")), text(c.path("verdict")), "#cell-" + i, figures));
        }
        return out;
    }

    private static List<JsonNode> conditions(JsonNode acceptance) {
        List<JsonNode> out = new ArrayList<>();
        ReportInputs.elements(acceptance.path("comparison").path("conditions")).forEach(out::add);
        return out;
    }

    /** The figure of {@code statistic} in {@code condition}, or a missing node. */
    private static JsonNode figure(JsonNode condition, String statistic) {
        for (JsonNode f : ReportInputs.elements(condition.path("figures"))) {
            if (f.path("statistic").isTextual() && f.path("statistic").textValue().equals(statistic)) {
                return f;
            }
        }
        return MissingNode.getInstance();
    }

    private static boolean absent(JsonNode n) {
        return n == null || n.isMissingNode() || n.isNull();
    }

    /** {@code n} unless absent, else {@code otherwise}. */
    private static JsonNode present(JsonNode n, JsonNode otherwise) {
        return absent(n) ? otherwise : n;
    }

    private static String text(JsonNode n) {
        if (absent(n)) {
            return null;
        }
        return n.isValueNode() ? n.asText() : n.toString();
    }

    /** {@code n} as it reads inside a sentence ("null" when absent). */
    /** A rate to the 3 significant digits a capacity carries ("15.1", not "15.099669"); "null" when absent. */
    private static String rate(JsonNode n) {
        return n.isNumber() ? String.format(java.util.Locale.ROOT, "%.3g", n.doubleValue()) : shown(n);
    }

    private static String shown(JsonNode n) {
        return absent(n) ? "null" : text(n);
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.doubleValue() : null;
    }

    private static Long count(JsonNode n) {
        return n.isIntegralNumber() ? n.longValue() : null;
    }

    /** An interval or list of numbers; null unless an array (a non-number element stays null). */
    private static List<Double> numbers(JsonNode n) {
        if (!n.isArray()) {
            return null;
        }
        List<Double> out = new ArrayList<>();
        n.forEach(v -> out.add(number(v)));
        return out;
    }
}
