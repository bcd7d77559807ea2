package dev.infergate.report.html;

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
 * <p>Strings here come from result files and so may come from a server: the page inserts them as text only.
 */
final class DecisionBlock {
    /** The comparison statistics shown for every condition, with the page's short name for each. */
    static final List<List<String>> DIFFERENCES = List.of(List.of("ttft.p50", "TTFT p50"), List.of("e2e.p50", "E2E p50"),
            List.of("throughput.output_tokens_per_s", "output tok/s"));
    private static final String WAIT = "e2e_from_scheduled.p99";
    /** The most criteria listed under an audience's reason; the rest are counted. */
    static final int MAX_NOT_PASSED = 5;
    private static final String TTFT_WAIT = "ttft_from_scheduled.p99";

    private DecisionBlock() {}

    /** The block for {@code acceptance}, or null without one (a page of plain runs has no decision). */
    static Map<String, Object> of(Map<String, Object> acceptance) {
        if (acceptance == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("audiences", audiences(acceptance));
        Map<String, Object> capacity = capacity(acceptance);
        if (capacity != null) {
            m.put("capacity", capacity);
        }
        m.put("longest_wait", longestWait(acceptance));
        m.put("differences", differences(acceptance));
        return m;
    }

    /** {@code audiences} as written, else the single top-level verdict as audience {@code all}. */
    static List<Map<String, Object>> audiences(Map<String, Object> acceptance) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (acceptance.get("audiences") instanceof List<?> list) {
            for (Object o : list) {
                Map<String, Object> a = map(o);
                if (a.isEmpty()) {
                    continue;
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", text(a.get("name")));
                row.put("label", text(a.get("label")));
                row.put("verdict", text(a.get("verdict")));
                row.put("reason", text(a.get("reason")));
                row.put("criteria", a.get("criteria") instanceof List<?> c ? c.size() : 0);
                row.put("href", "#acceptance");
                row.put("not_passed", notPassed(a.get("criteria"), acceptance));
                out.add(row);
            }
        }
        if (out.isEmpty()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", "all");
            row.put("label", null);
            row.put("verdict", text(acceptance.get("verdict")));
            row.put("reason", fallbackReason(acceptance));
            row.put("criteria", null);
            row.put("href", "#acceptance");
            List<Object> perCondition = new ArrayList<>();
            for (Map<String, Object> c : conditions(acceptance)) {
                if (c.get("criteria") instanceof List<?> criteria) {
                    for (Object k : criteria) {
                        Map<String, Object> entry = new LinkedHashMap<>(map(k));
                        Map<String, Object> f = figure(c, text(entry.get("statistic")));
                        entry.put("condition", c.get("condition"));
                        entry.putIfAbsent("delta", f.get("delta"));
                        entry.putIfAbsent("delta_ci", f.get("delta_ci"));
                        perCondition.add(entry);
                    }
                }
            }
            row.put("not_passed", notPassed(perCondition, acceptance));
            out.add(row);
        }
        return out;
    }

    /**
     * The criteria of an audience that did not pass (at most {@value #MAX_NOT_PASSED}, failures first), each with
     * its condition, change and interval, and the anchor of its evidence: the condition's cell, or the capacity
     * curves for a capacity criterion.
     */
    private static Map<String, Object> notPassed(Object criteria, Map<String, Object> acceptance) {
        List<Map<String, Object>> failed = new ArrayList<>();
        List<Map<String, Object>> open = new ArrayList<>();
        List<String> conditions = conditions(acceptance).stream().map(c -> text(c.get("condition"))).toList();
        if (criteria instanceof List<?> list) {
            for (Object o : list) {
                Map<String, Object> k = map(o);
                String verdict = text(k.get("verdict"));
                if (verdict == null || "pass".equals(verdict)) {
                    continue;
                }
                String condition = text(k.get("condition"));
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("criterion", text(k.get("criterion")));
                m.put("condition", condition);
                m.put("verdict", verdict);
                m.put("delta", k.get("delta"));
                m.put("ci", k.get("delta_ci"));
                int cell = conditions.indexOf(condition);
                m.put("href", "capacity".equals(condition) ? "#capacity" : cell >= 0 ? "#cell-" + cell : "#acceptance");
                ("fail".equals(verdict) ? failed : open).add(m);
            }
        }
        failed.addAll(open);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", failed.size());
        out.put("shown", new ArrayList<>(failed.subList(0, Math.min(MAX_NOT_PASSED, failed.size()))));
        return out;
    }

    /**
     * The top-level reason; when speed and quality disagree (the overall verdict is not the speed verdict the
     * reason speaks of), both halves, so that "INCONCLUSIVE" never stands beside "verdict accepted" alone.
     */
    private static String fallbackReason(Map<String, Object> acceptance) {
        Object base = acceptance.get("reason") != null ? acceptance.get("reason") : acceptance.get("headline");
        Object speed = acceptance.get("speed_verdict");
        Map<String, Object> quality = map(map(acceptance.get("quality")).get("criterion"));
        if (speed == null || speed.equals(acceptance.get("verdict")) || quality.isEmpty()) {
            return text(base);
        }
        return "speed " + speed + " (" + base + "); quality " + quality.get("verdict") + ": " + quality.get("reason");
    }

    /** The candidate's capacity minus the baseline's in requests/hour, its interval and each side's capacity. */
    private static Map<String, Object> capacity(Map<String, Object> acceptance) {
        Map<String, Object> d = map(acceptance.get("capacity_difference"));
        if (!(d.get("requests_per_hour") instanceof Number)) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requests_per_hour", d.get("requests_per_hour"));
        m.put("interval", d.get("requests_per_hour_interval"));
        m.put("excludes_zero", d.get("excludes_zero"));
        Map<String, Object> sides = new LinkedHashMap<>();
        map(acceptance.get("capacity")).forEach((side, c) -> sides.put(side, map(c).get("requests_per_hour")));
        m.put("per_side", sides);
        m.put("attainment_target", map(acceptance.get("slo")).get("attainment"));
        m.put("href", "#capacity");
        return m;
    }

    /**
     * Each side's longest wait: at its capacity when the capacity step ran (the load a user meets at the
     * limit), else the worst condition's p99 of the matrix.
     */
    private static List<Map<String, Object>> longestWait(Map<String, Object> acceptance) {
        List<Map<String, Object>> out = new ArrayList<>();
        Map<String, Object> capacity = map(acceptance.get("capacity"));
        capacity.forEach((side, c) -> {
            Map<String, Object> w = map(map(c).get("longest_wait_ms"));
            if (w.get("e2e_from_scheduled_p99") instanceof Number) {
                out.add(wait(side, w.get("e2e_from_scheduled_p99"), w.get("ttft_from_scheduled_p99"), w.get("count"),
                        "at its capacity (" + map(c).get("rate_per_s") + " req/s)", "#capacity"));
            }
        });
        if (!out.isEmpty()) {
            return out;
        }
        for (String side : List.of("baseline", "candidate")) {
            Map<String, Object> worst = null;
            Map<String, Object> worstTtft = null;
            int index = -1;
            List<Map<String, Object>> conditions = conditions(acceptance);
            for (int i = 0; i < conditions.size(); i++) {
                Map<String, Object> f = figure(conditions.get(i), WAIT);
                if (f.get(side) instanceof Number v && (worst == null || v.doubleValue() > ((Number) worst.get(side)).doubleValue())) {
                    worst = f;
                    worstTtft = figure(conditions.get(i), TTFT_WAIT);
                    index = i;
                }
            }
            if (worst != null) {
                out.add(wait(side, worst.get(side), worstTtft.get(side), worst.get(side + "_n"),
                        "worst condition: " + conditions.get(index).get("condition"), "#cell-" + index));
            }
        }
        return out;
    }

    private static Map<String, Object> wait(String side, Object e2eMs, Object ttftMs, Object count, String where, String href) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("side", side);
        m.put("e2e_p99_ms", e2eMs);
        m.put("ttft_p99_ms", ttftMs);
        m.put("count", count);
        m.put("where", where);
        m.put("href", href);
        return m;
    }

    /** Per condition: the relative change of each statistic in {@link #DIFFERENCES} with its interval. */
    private static List<Map<String, Object>> differences(Map<String, Object> acceptance) {
        List<Map<String, Object>> out = new ArrayList<>();
        List<Map<String, Object>> conditions = conditions(acceptance);
        for (int i = 0; i < conditions.size(); i++) {
            Map<String, Object> c = conditions.get(i);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("condition", text(c.get("condition")));
            row.put("verdict", text(c.get("verdict")));
            row.put("href", "#cell-" + i);
            Map<String, Object> figures = new LinkedHashMap<>();
            for (List<String> stat : DIFFERENCES) {
                Map<String, Object> f = figure(c, stat.get(0));
                if (f.isEmpty()) {
                    continue;
                }
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("label", stat.get(1));
                d.put("delta", f.get("delta"));
                d.put("ci", f.get("delta_ci"));
                figures.put(stat.get(0), d);
            }
            row.put("figures", figures);
            out.add(row);
        }
        return out;
    }

    private static List<Map<String, Object>> conditions(Map<String, Object> acceptance) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (map(acceptance.get("comparison")).get("conditions") instanceof List<?> list) {
            list.forEach(o -> out.add(map(o)));
        }
        return out;
    }

    private static Map<String, Object> figure(Map<String, Object> condition, String statistic) {
        if (condition.get("figures") instanceof List<?> figures) {
            for (Object o : figures) {
                Map<String, Object> f = map(o);
                if (statistic.equals(f.get("statistic"))) {
                    return f;
                }
            }
        }
        return Map.of();
    }

    private static String text(Object o) {
        return o == null ? null : String.valueOf(o);
    }

    /** {@code o} as a JSON object, or an empty one: acceptance.json is read tolerantly. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
