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
                Map<String, Object> a = Headline.map(o);
                if (a.isEmpty()) {
                    continue;
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", Headline.text(a.get("name")));
                row.put("verdict", Headline.text(a.get("verdict")));
                row.put("reason", Headline.text(a.get("reason")));
                row.put("criteria", a.get("criteria") instanceof List<?> c ? c.size() : 0);
                row.put("href", "#acceptance");
                out.add(row);
            }
        }
        if (out.isEmpty()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", "all");
            row.put("verdict", Headline.text(acceptance.get("verdict")));
            row.put("reason", fallbackReason(acceptance));
            row.put("criteria", null);
            row.put("href", "#acceptance");
            out.add(row);
        }
        return out;
    }

    /**
     * The top-level reason; when speed and quality disagree (the overall verdict is not the speed verdict the
     * reason speaks of), both halves, so that "INCONCLUSIVE" never stands beside "verdict accepted" alone.
     */
    private static String fallbackReason(Map<String, Object> acceptance) {
        Object base = acceptance.get("reason") != null ? acceptance.get("reason") : acceptance.get("headline");
        Object speed = acceptance.get("speed_verdict");
        Map<String, Object> quality = Headline.map(Headline.map(acceptance.get("quality")).get("criterion"));
        if (speed == null || speed.equals(acceptance.get("verdict")) || quality.isEmpty()) {
            return Headline.text(base);
        }
        return "speed " + speed + " (" + base + "); quality " + quality.get("verdict") + ": " + quality.get("reason");
    }

    /** The candidate's capacity minus the baseline's in requests/hour, its interval and each side's capacity. */
    private static Map<String, Object> capacity(Map<String, Object> acceptance) {
        Map<String, Object> d = Headline.map(acceptance.get("capacity_difference"));
        if (!(d.get("requests_per_hour") instanceof Number)) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requests_per_hour", d.get("requests_per_hour"));
        m.put("interval", d.get("requests_per_hour_interval"));
        m.put("excludes_zero", d.get("excludes_zero"));
        Map<String, Object> sides = new LinkedHashMap<>();
        Headline.map(acceptance.get("capacity")).forEach((side, c) -> sides.put(side, Headline.map(c).get("requests_per_hour")));
        m.put("per_side", sides);
        m.put("attainment_target", Headline.map(acceptance.get("slo")).get("attainment"));
        m.put("href", "#capacity");
        return m;
    }

    /**
     * Each side's longest wait: at its capacity when the capacity step ran (the load a user meets at the
     * limit), else the worst condition's p99 of the matrix.
     */
    private static List<Map<String, Object>> longestWait(Map<String, Object> acceptance) {
        List<Map<String, Object>> out = new ArrayList<>();
        Map<String, Object> capacity = Headline.map(acceptance.get("capacity"));
        capacity.forEach((side, c) -> {
            Map<String, Object> w = Headline.map(Headline.map(c).get("longest_wait_ms"));
            if (w.get("e2e_from_scheduled_p99") instanceof Number) {
                out.add(wait(side, w.get("e2e_from_scheduled_p99"), w.get("ttft_from_scheduled_p99"), w.get("count"),
                        "at its capacity (" + Headline.map(c).get("rate_per_s") + " req/s)", "#capacity"));
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
            row.put("condition", Headline.text(c.get("condition")));
            row.put("verdict", Headline.text(c.get("verdict")));
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
        if (Headline.map(acceptance.get("comparison")).get("conditions") instanceof List<?> list) {
            list.forEach(o -> out.add(Headline.map(o)));
        }
        return out;
    }

    private static Map<String, Object> figure(Map<String, Object> condition, String statistic) {
        if (condition.get("figures") instanceof List<?> figures) {
            for (Object o : figures) {
                Map<String, Object> f = Headline.map(o);
                if (statistic.equals(f.get("statistic"))) {
                    return f;
                }
            }
        }
        return Map.of();
    }
}
