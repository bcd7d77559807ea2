package dev.infergate.report;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.analysis.burst.BurstPhases;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.config.Durations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders an {@link AcceptResult}: {@code acceptance.json} (schema {@value #SCHEMA}), {@code acceptance.md}
 * (a verdict for a pull request or change ticket) and the console summary. The matrix part is the
 * comparison's own rendering ({@link ComparisonReport}); this adds capacity, burst behaviour and caveats.
 */
public final class AcceptanceReport {
    public static final String SCHEMA = "infergate.acceptance/1";
    private static final String BASE = "baseline";
    private static final String CAND = "candidate";

    private AcceptanceReport() {}

    public static Map<String, Object> toMap(AcceptResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", SCHEMA);
        Map<String, Object> comparison = ComparisonReport.toMap(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes());
        m.put("verdict", ComparisonFormat.overall(r.verdict()).toLowerCase(Locale.ROOT));
        m.put("speed_verdict", comparison.get("verdict"));
        m.put("quality", r.quality() == null ? null : r.quality().toMap());
        m.put("headline", headline(r));
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("baseline", side(r.plan().baseline()));
        plan.put("candidate", side(r.plan().candidate()));
        plan.put("conditions", r.plan().conditions());
        plan.put("loads", r.loads());
        plan.put("repeats", r.plan().repeats());
        plan.put("requests_per_run", r.plan().requests());
        plan.put("warmup_requests_per_run", r.plan().warmupRequests());
        plan.put("slo", r.plan().slo().toMap());
        plan.put("seed", r.plan().seed());
        if (r.plan().agent() != null) {
            plan.put("agent", r.plan().agent().describe(r.plan().requests(), r.plan().warmupRequests()));
        }
        m.put("plan", plan);
        Map<String, Object> capacity = new LinkedHashMap<>();
        r.capacity().forEach((side, c) -> capacity.put(side, CapacityJson.side(c)));
        m.put("capacity", capacity);
        if (r.capacity().containsKey(BASE) && r.capacity().containsKey(CAND)) {
            m.put("capacity_difference", CapacityJson.difference(CapacityDifference.of(r.capacity().get(BASE), r.capacity().get(CAND))));
        }
        Map<String, Object> burst = new LinkedHashMap<>();
        r.burst().forEach((side, b) -> burst.put(side, burst(b)));
        m.put("burst", burst);
        m.put("caveats", r.caveats());
        m.put("comparison", comparison);
        Object headline = m.get("headline");
        m.put("reason", headline != null ? headline : "verdict " + comparison.get("verdict") + " from the criteria set in the plan");
        m.putAll(reportView(r, comparison));
        return m;
    }

    /**
     * A side's url then its labels sorted by name: the plan keeps them in an unordered map, and acceptance.json
     * must come out the same on every run of the same result.
     */
    private static Map<String, Object> side(AcceptPlan.Side side) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", side.url());
        m.put("labels", new TreeMap<>(side.labels()));
        return m;
    }

    /**
     * The shapes the HTML report draws (docs/report.md): the runs to overlay (the last condition's first repeat
     * of each side) and the matrix grid with each cell's verdict and first unsettled criterion.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> reportView(AcceptResult r, Map<String, Object> comparison) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Map<String, Object>> conditions = (List<Map<String, Object>>) comparison.get("conditions");
        List<Map<String, Object>> matrix = new java.util.ArrayList<>();
        for (Map<String, Object> c : conditions) {
            String[] parts = String.valueOf(c.get("condition")).split("/", 3);
            Map<String, Object> cell = new LinkedHashMap<>();
            cell.put("workload", parts[0]);
            cell.put("prefix", parts.length > 1 ? parts[1] : "");
            cell.put("load", parts.length > 2 ? parts[2] : "");
            cell.put("outcome", c.get("verdict"));
            ((List<Map<String, Object>>) c.get("criteria")).stream()
                    .filter(k -> !"pass".equals(k.get("verdict"))).findFirst()
                    .ifPresent(k -> cell.put("note", k.get("criterion") + ": " + k.get("verdict")));
            matrix.add(cell);
        }
        m.put("matrix", matrix);
        if (!conditions.isEmpty()) {
            String last = String.valueOf(conditions.get(conditions.size() - 1).get("condition"));
            m.put("runs", List.of(run(BASE, last), run(CAND, last)));
        }
        Map<String, Object> env = (Map<String, Object>) comparison.get("environment");
        if (env != null && env.get("declared_differences") instanceof Map<?, ?> declared) {
            m.put("factors_changed", declared.keySet().stream().map(String::valueOf).toList());
        }
        m.put("slo", r.plan().slo().toMap());
        return m;
    }

    private static Map<String, Object> run(String side, String condition) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("side", side);
        m.put("dir", side + "/" + condition + "/r1");
        return m;
    }

    /**
     * "+X requests/hour (interval) at the SLO; longest wait p99 A -> B", or null without capacity on both sides.
     * The interval combines the two brackets: [cand low - base high, cand high - base low].
     */
    public static String headline(AcceptResult r) {
        CapacitySearch.Result b = r.capacity().get(BASE);
        CapacitySearch.Result c = r.capacity().get(CAND);
        if (b == null || c == null) {
            return null;
        }
        CapacityDifference d = CapacityDifference.of(b, c);
        String interval = b.bounded() && c.bounded() ? "[" + perHour(d.lowPerHour()) + ", " + perHour(d.highPerHour()) + "]"
                : "(not bounded: a side failed at no rate tried; raise capacity.max_probes)";
        return String.format(Locale.ROOT, "%s requests/hour %s at %.0f%% SLO attainment (%s -> %s/h); "
                        + "longest wait (E2E from scheduled) p99 %s -> %s",
                perHour(d.perHour()), interval, r.plan().capacity().target() * 100, perHour(b.requestsPerHour()).substring(1),
                perHour(c.requestsPerHour()).substring(1), wait(b), wait(c));
    }

    private static String perHour(double v) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+,.0f", v);
    }

    private static String wait(CapacitySearch.Result r) {
        if (r.atCapacity() == null) {
            return "-";
        }
        double ms = r.atCapacity().longestWait().e2eP99Ms();
        return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.0fms", ms);
    }

    static Map<String, Object> wait(Measurement.LongestWait w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ttft_from_scheduled_p99", ComparisonFormat.round(w.ttftP99Ms()));
        m.put("ttft_from_scheduled_max", ComparisonFormat.round(w.ttftMaxMs()));
        m.put("e2e_from_scheduled_p99", ComparisonFormat.round(w.e2eP99Ms()));
        m.put("e2e_from_scheduled_max", ComparisonFormat.round(w.e2eMaxMs()));
        m.put("count", w.count());
        return m;
    }

    static Map<String, Object> burst(AcceptResult.BurstRun b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("base_rate_per_s", b.baseRate());
        m.put("peak_rate_per_s", b.peakRate());
        Map<String, Object> phases = new LinkedHashMap<>();
        b.phases().forEach((k, v) -> {
            Map<String, Object> p = wait(v);
            p.put("failures", b.failures().get(k));
            phases.put(k, p);
        });
        m.put("phases", phases);
        m.put("per_second", b.timeline());
        return m;
    }

    /** One line on the quality check: accuracies, the paired drop and its verdict, or why there was none. */
    static String qualityLine(AcceptResult r) {
        var q = r.quality();
        if (q == null) {
            return "not checked (quality: false in the plan): speed alone does not show that answers are as good";
        }
        return String.format(Locale.ROOT, "%s on %d items: baseline %.1f %%, candidate %.1f %%; %s; McNemar p = %.3g; "
                + "identical outputs %.0f %% -> %s", q.eval().get("name"), q.pairedItems(), q.baseline().estimate() * 100,
                q.candidate().estimate() * 100, q.reason(), q.mcnemarP(), q.identicalOutputs() * 100,
                q.verdict().key().toUpperCase(Locale.ROOT));
    }

    /** acceptance.md. */
    public static String markdown(AcceptResult r) {
        StringBuilder sb = new StringBuilder(ComparisonReport.markdown(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes()).replaceFirst("# Comparison: ", "# Acceptance: "));
        int insert = sb.indexOf("\n## Matrix");
        sb.insert(insert < 0 ? sb.length() : insert, extras(r) + "\n## Quality\n\n" + qualityLine(r) + "\n");
        if (r.verdict() != r.comparison().result().verdict()) {
            int end = sb.indexOf("\n");
            sb.replace(0, end, "# Acceptance: " + ComparisonFormat.overall(r.verdict()) + " (speed alone: "
                    + ComparisonFormat.overall(r.comparison().result().verdict()) + ")");
        }
        return sb.toString();
    }

    private static String extras(AcceptResult r) {
        StringBuilder sb = new StringBuilder();
        String headline = headline(r);
        if (headline != null) {
            sb.append("\n## Capacity at the SLO\n\n**").append(headline).append("**\n\n| side | req/s | requests/hour "
                    + "| bracket (req/h) | TTFT p99 / max | E2E p99 / max | probes |\n|---|---:|---:|---|---|---|---:|\n");
            r.capacity().forEach((side, c) -> {
                Measurement.LongestWait w = c.atCapacity() == null ? null : c.atCapacity().longestWait();
                sb.append(String.format(Locale.ROOT, "| %s | %.3g | %,.0f | [%,.0f, %s] | %s | %s | %d |%n", side,
                        c.ratePerSecond(), c.requestsPerHour(), c.lowerRate() * 3600,
                        c.bounded() ? String.format(Locale.ROOT, "%,.0f", c.upperRate() * 3600) : "not reached",
                        w == null ? "-" : ms(w.ttftP99Ms()) + " / " + ms(w.ttftMaxMs()),
                        w == null ? "-" : ms(w.e2eP99Ms()) + " / " + ms(w.e2eMaxMs()), c.steps().size()));
            });
        }
        if (!r.burst().isEmpty()) {
            sb.append("\n## Burst\n\n| side | phase | rate | TTFT p99 / max (from scheduled) | E2E p99 / max | failures |"
                    + "\n|---|---|---:|---:|---:|---:|\n");
            r.burst().forEach((side, b) -> b.phases().forEach((phase, w) -> sb.append(String.format(Locale.ROOT,
                    "| %s | %s | %.3g/s | %s / %s | %s / %s | %d |%n", side, phase,
                    phase.equals(BurstPhases.DURING) ? b.peakRate() : b.baseRate(), ms(w.ttftP99Ms()), ms(w.ttftMaxMs()),
                    ms(w.e2eP99Ms()), ms(w.e2eMaxMs()), b.failures().get(phase)))));
            sb.append('\n');
            r.burst().forEach((side, b) -> sb.append(String.format(Locale.ROOT,
                    "- %s: peak concurrency reached %d, longest client queue wait %s (per second: acceptance.json)%n",
                    side, peak(b.timeline()), ms(maxWait(b.timeline())))));
        }
        sb.append("\n## Plan\n\n- conditions: ").append(r.plan().conditions().size()).append(", repeats: ")
                .append(r.plan().repeats()).append(" (interleaved), ").append(r.plan().requests())
                .append(" measured requests per run after ").append(r.plan().warmupRequests()).append(" warm-up\n");
        r.loads().forEach((k, v) -> sb.append("- load ").append(k).append(": ").append(v).append('\n'));
        if (r.plan().agent() != null) {
            sb.append("- agent: ").append(agentLine(r)).append('\n');
        }
        for (String c : r.caveats()) {
            sb.append("- caveat: ").append(c).append('\n');
        }
        return sb.toString();
    }

    /**
     * How the agent rows ran: sessions per run and their shape, and what the load levels mean for them. Their
     * session totals (p50, p90) are figures of every agent condition above.
     */
    static String agentLine(AcceptResult r) {
        var a = r.plan().agent();
        return String.format(Locale.ROOT, "%d sessions of %d turns per run (ceil(%d requests / %d turns)) after %d warm-up, "
                + "think time %s, system prompt %d tokens (fresh: each session its own; shared: one for all), user %s, "
                + "tool %s, output %s tokens; a concurrency is sessions in progress, a rate is turns per second offered by "
                + "sessions arriving at rate / %d per second; session_total runs from a session's first scheduled turn to "
                + "its last answer", a.sessionsFor(r.plan().requests()), a.turns(), r.plan().requests(), a.turns(),
                a.sessionsFor(r.plan().warmupRequests()), Durations.format(a.thinkTime()),
                a.systemTokens(), a.userTokens(), a.toolTokens(), a.outputTokens(), a.turns());
    }

    private static int peak(List<BurstTimeline.Second> t) {
        return t.stream().mapToInt(BurstTimeline.Second::maxInFlight).max().orElse(0);
    }

    private static double maxWait(List<BurstTimeline.Second> t) {
        return t.stream().mapToDouble(BurstTimeline.Second::maxQueueWaitMs).max().orElse(0);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0fms", v);
    }

    /** The console: the comparison table, then capacity and burst in brief. */
    public static String console(AcceptResult r) {
        StringBuilder sb = new StringBuilder(ComparisonReport.console(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes()));
        String headline = headline(r);
        if (headline != null) {
            sb.append("capacity: ").append(headline).append('\n');
        }
        sb.append("quality: ").append(qualityLine(r)).append('\n');
        if (r.plan().agent() != null) {
            var a = r.plan().agent();
            sb.append(String.format(Locale.ROOT, "agent: %d sessions of %d turns per run, think time %s; session_total "
                    + "(first scheduled turn to last answer, completed sessions) above in every agent condition%n",
                    a.sessionsFor(r.plan().requests()), a.turns(), Durations.format(a.thinkTime())));
        }
        if (r.verdict() != r.comparison().result().verdict()) {
            sb.append("OVERALL (speed and quality): ").append(ComparisonFormat.overall(r.verdict())).append('\n');
        }
        r.burst().forEach((side, b) -> sb.append(String.format(Locale.ROOT,
                "burst %s: %.3g -> %.3g req/s: TTFT p99 during the step %s, peak in flight %d, max queue wait %s, failures %d%n",
                side, b.baseRate(), b.peakRate(), ms(b.phases().get(BurstPhases.DURING).ttftP99Ms()), peak(b.timeline()),
                ms(maxWait(b.timeline())), b.failures().values().stream().mapToLong(Long::longValue).sum())));
        return sb.toString();
    }
}
