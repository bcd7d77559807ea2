package dev.infergate.report;

import dev.infergate.record.UrlCredentials;
import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.MatrixWorkload;
import dev.infergate.accept.UntilDecidedText;
import dev.infergate.analysis.burst.BurstPhases;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.CurveComparison;
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

    /** The acceptance.json document. */
    public static AcceptanceDocument document(AcceptResult r) {
        ComparisonDocument comparison = ComparisonReport.document(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes());
        AcceptPlan p = r.plan();
        AcceptanceDocument.Plan plan = new AcceptanceDocument.Plan(side(p.baseline()), side(p.candidate()), p.conditions(),
                r.loads(), p.repeats(), p.requests(), p.warmupRequests(), p.slo().targets(), p.seed(),
                agent(p.agent(), p.requests(), p.warmupRequests()), images(p));
        Map<String, CapacityJson.Side> capacity = new LinkedHashMap<>();
        r.capacity().forEach((side, c) -> capacity.put(side, CapacityJson.side(c)));
        CapacityJson.Difference difference = r.capacity().containsKey(BASE) && r.capacity().containsKey(CAND)
                ? CapacityJson.difference(CapacityDifference.of(r.capacity().get(BASE), r.capacity().get(CAND))) : null;
        CurveComparison curves = r.capacityCurves();
        Map<String, AcceptanceDocument.Burst> burst = new LinkedHashMap<>();
        r.burst().forEach((side, b) -> burst.put(side, burst(b)));
        String headline = headline(r);
        List<ComparisonDocument.Condition> conditions = comparison.conditions();
        String last = conditions.isEmpty() ? null : conditions.get(conditions.size() - 1).condition();
        return new AcceptanceDocument(SCHEMA, ComparisonFormat.overall(r.verdict()).toLowerCase(Locale.ROOT),
                comparison.verdict(), AudienceJson.list(r.audiences()),
                r.untilDecided() == null ? null : UntilDecidedJson.of(r.untilDecided()),
                r.quality() == null ? null : r.quality().document(), headline, plan, capacity, difference,
                curves == null ? null : CapacityJson.curves(curves), burst, r.caveats(), comparison,
                headline != null ? headline : "verdict " + comparison.verdict() + " from the criteria set in the plan",
                conditions.stream().map(AcceptanceReport::cell).toList(),
                last == null ? null : List.of(run(BASE, last), run(CAND, last)),
                comparison.environment().declaredDifferences() == null ? null
                        : List.copyOf(comparison.environment().declaredDifferences().keySet()),
                p.slo().targets(), r.sweep());
    }

    /**
     * A side's url then its labels sorted by name: the plan keeps them in an unordered map, and acceptance.json
     * must come out the same on every run of the same result.
     */
    private static AcceptanceDocument.Agent agent(MatrixWorkload.Agent a, int requests, int warmupRequests) {
        return a == null ? null : new AcceptanceDocument.Agent(a.turns(), a.thinkTime().toMillis(), a.systemTokens(),
                a.userTokens().toString(), a.toolTokens().toString(), a.outputTokens().toString(), a.sessionsFor(requests),
                a.sessionsFor(warmupRequests));
    }

    private static AcceptanceDocument.Side side(AcceptPlan.Side side) {
        return new AcceptanceDocument.Side(UrlCredentials.redacted(side.url()), new TreeMap<>(side.labels()));
    }

    /** A matrix cell of the report: the condition's parts, its verdict and its first criterion that did not pass. */
    private static AcceptanceDocument.Cell cell(ComparisonDocument.Condition c) {
        String[] parts = c.condition().split("/", 3);
        String note = c.criteria().stream().filter(k -> !"pass".equals(k.verdict())).findFirst()
                .map(k -> k.criterion() + ": " + k.verdict()).orElse(null);
        return new AcceptanceDocument.Cell(parts[0], parts.length > 1 ? parts[1] : "", parts.length > 2 ? parts[2] : "",
                c.verdict(), note);
    }

    private static AcceptanceDocument.Run run(String side, String condition) {
        return new AcceptanceDocument.Run(side, side + "/" + condition + "/r1");
    }

    /**
     * "+X requests/hour (interval) at the SLO; longest wait p99 A -> B", or null without capacity on both sides.
     * The interval is the difference's 95 % interval ({@link CapacityDifference}).
     */
    public static String headline(AcceptResult r) {
        CapacitySearch.Result b = r.capacity().get(BASE);
        CapacitySearch.Result c = r.capacity().get(CAND);
        if (b == null || c == null) {
            return null;
        }
        CapacityDifference d = CapacityDifference.of(b, c);
        String interval = b.bounded() && c.bounded() ? "[" + perHour(d.lowPerHour()) + ", " + perHour(d.highPerHour()) + "]"
                : missedSomewhere(b.bounded() ? c : b)
                        ? "(not bounded: a side's misses were too few to bound it; longer probes, capacity.duration, would)"
                        : "(not bounded: a side missed the target at no rate tried; raise capacity.max_rate)";
        return String.format(Locale.ROOT, "%s requests/hour %s at %.0f%% SLO attainment (%s -> %s/h); "
                        + "longest wait (E2E from scheduled) p99 %s -> %s",
                perHour(d.perHour()), interval, r.plan().capacity().target() * 100, side(b), side(c), wait(b), wait(c));
    }

    /** A side's capacity per hour; one that held at no rate tried lies below its lowest probe: "below 42,840". */
    private static String side(CapacitySearch.Result r) {
        if (r.ratePerSecond() == 0 && r.upperRate() > 0 && Double.isFinite(r.upperRate())) {
            return "below " + perHour(r.upperRate() * 3600).substring(1);
        }
        return perHour(r.requestsPerHour()).substring(1);
    }

    private static boolean missedSomewhere(CapacitySearch.Result r) {
        return r.steps().stream().anyMatch(s -> !s.passed());
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

    static AcceptanceDocument.Burst burst(AcceptResult.BurstRun b) {
        Map<String, AcceptanceDocument.Phase> phases = new LinkedHashMap<>();
        b.phases().forEach((k, v) -> {
            CapacityJson.Wait w = CapacityJson.Wait.of(v);
            phases.put(k, new AcceptanceDocument.Phase(w.ttftFromScheduledP99(), w.ttftFromScheduledMax(),
                    w.e2eFromScheduledP99(), w.e2eFromScheduledMax(), w.count(), b.failures().get(k)));
        });
        return new AcceptanceDocument.Burst(b.baseRate(), b.peakRate(), phases, b.timeline());
    }

    /** One line on the quality check: accuracies, the paired drop and its verdict, or why there was none. */
    static String qualityLine(AcceptResult r) {
        var q = r.quality();
        if (q == null) {
            return "not checked (quality: false in the plan): speed alone does not show that answers are as good";
        }
        return String.format(Locale.ROOT, "%s on %d items: baseline %.1f %%, candidate %.1f %%; %s; McNemar p = %.3g; "
                + "identical outputs %.0f %% -> %s", q.eval().name(), q.pairedItems(), q.baseline().estimate() * 100,
                q.candidate().estimate() * 100, q.reason(), q.mcnemarP(), q.identicalOutputs() * 100,
                q.verdict().key().toUpperCase(Locale.ROOT));
    }

    /** acceptance.md. */
    public static String markdown(AcceptResult r) {
        StringBuilder sb = new StringBuilder(ComparisonReport.markdown(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes()).replaceFirst("# Comparison: ", "# Acceptance: "));
        int insert = sb.indexOf("\n## Matrix");
        sb.insert(insert < 0 ? sb.length() : insert, audiences(r) + extras(r) + "\n## Quality\n\n" + qualityLine(r) + "\n");
        if (r.verdict() != r.comparison().result().verdict()) {
            int end = sb.indexOf("\n");
            sb.replace(0, end, "# Acceptance: " + ComparisonFormat.overall(r.verdict()) + " (speed alone: "
                    + ComparisonFormat.overall(r.comparison().result().verdict()) + ")");
        }
        return sb.toString();
    }

    /** One line per audience (docs/acceptance.md, "Audiences"). */
    private static String audiences(AcceptResult r) {
        StringBuilder sb = new StringBuilder("\n## Audiences\n\n");
        r.audiences().forEach(a -> sb.append("- **").append(a.audience().label()).append(": ").append(a.word())
                .append("**, ").append(a.reason()).append('\n'));
        return sb.toString();
    }

    private static String extras(AcceptResult r) {
        StringBuilder sb = new StringBuilder();
        String headline = headline(r);
        if (headline != null) {
            sb.append("\n## Capacity at the SLO\n\n**").append(headline).append("**\n\n| side | req/s | requests/hour "
                    + "| 95 % interval (req/h) | TTFT p99 / max | E2E p99 / max | probes |\n|---|---:|---:|---|---|---|---:|\n");
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
        if (r.sweep() != null) {
            sb.append(SweepReport.markdown(r.sweep(), sweepShape(r)));
        }
        sb.append("\n## Plan\n\n- conditions: ").append(r.plan().conditions().size()).append(", repeats: ")
                .append(r.plan().repeats()).append(" (interleaved), ").append(r.plan().requests())
                .append(" measured requests per run after ").append(r.plan().warmupRequests()).append(" warm-up\n");
        r.loads().forEach((k, v) -> sb.append("- load ").append(k).append(": ").append(v).append('\n'));
        if (images(r.plan()) != null) {
            sb.append("- images: ").append(images(r.plan())).append('\n');
        }
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

    /** {@code 1 x 1024x768 jpeg} (sizes drawn from a list: {@code 2 x 512x384|1024x768 png}), or null for text. */
    static String images(AcceptPlan p) {
        var m = p.media();
        return m.images() == 0 ? null : m.images() + " x " + String.join("|", m.imageSizes().stream().map(Object::toString)
                .toList()) + " " + m.imageFormat().key() + " per request of the preset rows, the capacity, burst and sweep steps";
    }

    /** What the plan's sweep sent: {@code long-doc/fresh, 8x requests after 1x warm-up, 1 repeat}. */
    static String sweepShape(AcceptResult r) {
        var s = r.plan().sweep();
        if (s == null) {
            return "";
        }
        return String.format(Locale.ROOT, "%s/%s, %s requests after %s warm-up per level, side and repeat, %d repeat%s",
                s.preset().label(), s.prefix().label(), s.requests().text(), s.warmup().text(), s.repeats(),
                s.repeats() == 1 ? "" : "s");
    }

    /** The console: the comparison table, then capacity and burst in brief. */
    public static String console(AcceptResult r) {
        StringBuilder sb = new StringBuilder(ComparisonReport.console(r.comparison().result(), r.comparison().environment(),
                r.comparison().notes()));
        String headline = headline(r);
        if (headline != null) {
            sb.append("capacity: ").append(headline).append('\n');
            sb.append("capacity curves: ").append(CurvesText.line(r.capacityCurves(), r.plan().capacity().target())).append('\n');
        }
        r.audiences().forEach(a -> sb.append(a.line()).append('\n'));
        if (r.untilDecided() != null) {
            UntilDecidedText.summary(r.untilDecided()).forEach(l -> sb.append(l).append('\n'));
        }
        sb.append("quality: ").append(qualityLine(r)).append('\n');
        if (r.sweep() != null) {
            sb.append("load sweep (").append(sweepShape(r)).append("; shown beside the verdict, not part of it):\n")
                    .append(SweepReport.console(r.sweep()));
        }
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
