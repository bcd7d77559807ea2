package dev.infergate.analysis.audience;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Bound;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.analysis.compare.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An audience's one-line reason: a rejection names the figure furthest past its limit, an inconclusive verdict
 * the first undecided one and what would settle it, an acceptance the judged figures (their range over the
 * conditions) and any capacity gain.
 */
final class AudienceText {
    private static final int SHOWN_WHEN_ACCEPTED = 3;

    private AudienceText() {}

    static String reason(Verdict verdict, List<AudienceVerdict.Judged> judged, List<CapacityJudgement> capacity,
            boolean manyConditions) {
        return switch (verdict) {
            case FAIL -> rejected(judged, capacity, manyConditions);
            case INCONCLUSIVE -> undecided(judged, capacity, manyConditions);
            case PASS -> accepted(judged, capacity);
        };
    }

    private static String rejected(List<AudienceVerdict.Judged> judged, List<CapacityJudgement> capacity, boolean many) {
        List<AudienceVerdict.Judged> failed = AudienceJudge.with(judged, Verdict.FAIL);
        List<CapacityJudgement> capFailed = capacity.stream().filter(k -> k.verdict() == Verdict.FAIL).toList();
        int others = failed.size() + capFailed.size() - 1;
        // a candidate that stopped streaming is named as such first (the checklist's lesson: stream: true proves
        // nothing), with the worst of the rest beside it, however much larger that one's figure is
        List<AudienceVerdict.Judged> delivery = failed.stream()
                .filter(j -> Comparison.deliveryShare(j.judgement().criterion().statistic().metric())).toList();
        List<AudienceVerdict.Judged> rest = failed.stream().filter(j -> !delivery.contains(j)).toList();
        if (!delivery.isEmpty()) {
            String line = judged(delivery.get(0), many, true);
            if (!rest.isEmpty()) {
                line += "; " + judged(rest.stream().max(Comparator.comparingDouble(j -> AudienceJudge.pastLimit(j.judgement())))
                        .get(), many, true);
                others--;
            }
            return line + (others > 0 ? "; " + others + " more failed" : "");
        }
        String first = failed.isEmpty() ? capacity(capFailed.get(0)) + " " + side(capFailed.get(0).criterion()) + " limit"
                : judged(failed.stream().max(Comparator.comparingDouble(j -> AudienceJudge.pastLimit(j.judgement()))).get(),
                        many, true);
        return first + (others > 0 ? "; " + others + " more failed" : "");
    }

    private static String undecided(List<AudienceVerdict.Judged> judged, List<CapacityJudgement> capacity, boolean many) {
        List<AudienceVerdict.Judged> open = AudienceJudge.with(judged, Verdict.INCONCLUSIVE);
        List<CapacityJudgement> capOpen = capacity.stream().filter(k -> k.verdict() == Verdict.INCONCLUSIVE).toList();
        int others = open.size() + capOpen.size() - 1;
        String first;
        if (open.isEmpty()) {
            CapacityJudgement k = capOpen.get(0);
            first = capacity(k) + " straddles the " + limit(k.criterion()) + " limit (" + k.note() + ")";
        } else {
            AudienceVerdict.Judged j = open.get(0);
            Judgement g = j.judgement();
            first = judged(j, many, false) + (g.samplesToSettle() > 0 ? String.format(Locale.ROOT,
                    " (~%,d %s per side would settle it)", g.samplesToSettle(),
                    g.criterion().statistic().metric().perSession() ? "completed sessions" : "requests")
                    : g.note() != null ? " (" + g.note() + ")" : "");
        }
        return first + (others > 0 ? "; " + others + " more undecided" : "");
    }

    private static String accepted(List<AudienceVerdict.Judged> judged, List<CapacityJudgement> capacity) {
        if (judged.isEmpty() && capacity.isEmpty()) {
            return "no criterion of this audience applies to these conditions";
        }
        Map<Criterion, List<Estimate>> byCriterion = new LinkedHashMap<>();
        judged.forEach(j -> byCriterion.computeIfAbsent(j.judgement().criterion(), k -> new ArrayList<>())
                .add(j.judgement().estimate()));
        List<String> parts = new ArrayList<>();
        byCriterion.entrySet().stream().limit(SHOWN_WHEN_ACCEPTED).forEach(e -> parts.add(range(e.getKey(), e.getValue())));
        if (byCriterion.size() > SHOWN_WHEN_ACCEPTED) {
            parts.add((byCriterion.size() - SHOWN_WHEN_ACCEPTED) + " more within their limits");
        }
        capacity.forEach(k -> parts.add(capacity(k)));
        return String.join(", ", parts);
    }

    /** A judged figure with its interval, the limit it lies past or straddles, and where. */
    private static String judged(AudienceVerdict.Judged j, boolean many, boolean failed) {
        Judgement g = j.judgement();
        Criterion c = g.criterion();
        String where = many ? " in " + j.condition() : "";
        String figure = figure(c, g.estimate());
        if (g.verdict() == Verdict.INCONCLUSIVE && !hasInterval(c, g.estimate())) {
            return figure + " undecided against the " + limit(c) + " limit" + where;
        }
        if (failed) { // a fail decided on figures with this machine's delays taken off says so (Criterion.judge)
            return figure + " " + side(c) + " " + limit(c) + " limit" + where + (g.note() != null ? " (" + g.note() + ")" : "");
        }
        // "straddles" only where it does: an interval wholly past (or within) the limit was held back by something else
        // (the run-to-run allowance, a side's lateness), which the note that follows names
        String clear = clearOf(c, g.estimate());
        return clear == null ? figure + " straddles the " + limit(c) + " limit" + where
                : figure + " " + clear + " " + limit(c) + " limit" + where + ", held back";
    }

    /** {@code "over the"}, {@code "under the"} or {@code "within the"} when the interval lies on one side of the limit; null when it straddles. */
    private static String clearOf(Criterion c, Estimate e) {
        double low = c.bound().relative() ? e.deltaLow() : e.candidateLow();
        double high = c.bound().relative() ? e.deltaHigh() : e.candidateHigh();
        double limit = c.limit();
        boolean above = low > limit;
        boolean below = high < limit;
        if (!above && !below) {
            return null;
        }
        boolean past = c.atMost() ? above : below;
        return past ? side(c) : "within the";
    }

    /** {@code TTFT p95 +11.0 % [+7.0, +15.0]}, or for an absolute bound the candidate's own value. */
    static String figure(Criterion c, Estimate e) {
        String name = name(c.statistic());
        if (c.bound().relative()) {
            return name + " " + percent(e.delta()) + (e.hasInterval()
                    ? " [" + signed(e.deltaLow()) + ", " + signed(e.deltaHigh()) + "]" : "");
        }
        return name + " " + value(c.statistic(), e.candidate()) + (Double.isNaN(e.candidateLow()) ? ""
                : " [" + value(c.statistic(), e.candidateLow()) + ", " + value(c.statistic(), e.candidateHigh()) + "]");
    }

    private static boolean hasInterval(Criterion c, Estimate e) {
        return c.bound().relative() ? e.hasInterval() : !Double.isNaN(e.candidateLow());
    }

    /** A criterion's figure over the conditions it was judged in: one value, or its range. */
    private static String range(Criterion c, List<Estimate> estimates) {
        if (estimates.size() == 1) {
            return figure(c, estimates.get(0));
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Estimate e : estimates) {
            double v = c.bound().relative() ? e.delta() : e.candidate();
            if (!Double.isNaN(v)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) {
            return name(c.statistic()) + " undefined";
        }
        String from = c.bound().relative() ? percent(lo) : value(c.statistic(), lo);
        String to = c.bound().relative() ? percent(hi) : value(c.statistic(), hi);
        return String.format(Locale.ROOT, "%s %s to %s over %d conditions", name(c.statistic()), from, to, estimates.size());
    }

    /** {@code +8,914 requests/hour [+4,650, +13,984] at the SLO}, or the candidate's own for min/max. */
    static String capacity(CapacityJudgement k) {
        if (k.criterion().bound().relative()) {
            var d = k.difference();
            return String.format(Locale.ROOT, "%s requests/hour [%s, %s] at the SLO", perHour(d.perHour()),
                    perHour(d.lowPerHour()), perHour(d.highPerHour()));
        }
        return String.format(Locale.ROOT, "candidate %,.0f requests/hour [%,.0f, %s] at the SLO",
                k.candidate().requestsPerHour(), k.candidate().lowerRate() * 3600, k.candidate().bounded()
                        ? String.format(Locale.ROOT, "%,.0f", k.candidate().upperRate() * 3600) : "not reached");
    }

    private static String side(CapacityCriterion c) {
        return c.bound() == Bound.MAX ? "over the " + limit(c) : "under the " + limit(c);
    }

    private static String limit(CapacityCriterion c) {
        return c.bound().relative() ? signedLimit(c.limit()) : c.formatThreshold();
    }

    private static String side(Criterion c) {
        return c.atMost() ? "over the" : "under the";
    }

    /** The limit as judged: {@code 10 %}, {@code -5 %} (a throughput at most 5 % lower), {@code 500ms}. */
    private static String limit(Criterion c) {
        return c.bound().relative() ? signedLimit(c.limit()) : c.formatThreshold();
    }

    private static String signedLimit(double limit) {
        return (limit < 0 ? "-" : "") + number(Math.abs(limit) * 100) + " %";
    }

    /** How people name a statistic: {@code TTFT p95}, {@code output tokens/s}, {@code error rate}. */
    static String name(Statistic s) {
        Metric m = s.metric();
        String base = switch (m) {
            case THROUGHPUT_OUTPUT_TOKENS -> "output tokens/s";
            case THROUGHPUT_REQUESTS -> "requests/s";
            case GOODPUT_REQUESTS -> "goodput requests/s";
            case GOODPUT_ATTAINMENT -> "SLO attainment";
            case ERROR_RATE -> "error rate";
            case TIMEOUT_RATE -> "timeout rate";
            case CACHE_HIT_RATE -> "cache hit rate";
            case DELIVERY_NOT_INCREMENTAL -> "answers not streamed incrementally (delivery: incremental)";
            case DELIVERY_BUFFERED -> "buffered answers (delivery: streamed)";
            default -> null;
        };
        if (base != null) {
            return base;
        }
        String key = s.key();
        int dot = key.indexOf('.');
        String metric = dot < 0 ? key : key.substring(0, dot);
        String rest = dot < 0 ? "" : " " + key.substring(dot + 1);
        boolean acronym = Metric.keysOf(Metric.TTFT, Metric.TPOT, Metric.E2E, Metric.ITL).contains(metric);
        return (acronym ? metric.toUpperCase(Locale.ROOT) : metric.replace('_', ' ')) + rest;
    }

    private static String value(Statistic s, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (s.metric().isShare()) {
            return String.format(Locale.ROOT, "%.2f %%", v * 100);
        }
        if (s.metric().isLatency()) {
            return String.format(Locale.ROOT, "%.0f ms", v);
        }
        return String.format(Locale.ROOT, "%,.1f %s", v, s.metric().unit()).stripTrailing();
    }

    private static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : signed(fraction) + " %";
    }

    private static String signed(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%+.1f", fraction * 100);
    }

    private static String perHour(double v) {
        return Double.isInfinite(v) ? (v > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%+,.0f", v);
    }

    /** A number without a needless fraction: {@code 10}, {@code 2.5}. */
    static String number(double v) {
        double r = Math.round(v * 1000) / 1000.0;
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }
}
