package dev.infergate.analysis.compare;

/**
 * One acceptance criterion, set before the run: {@code ttft.p95: {max_regression: 10%}}.
 *
 * <p>Every bound reduces to "a quantity must stay at or below (or at or above) a limit": the relative delta
 * for relative bounds (with the sign the metric's direction asks for), the candidate's value for absolute
 * ones. The verdict then reads the confidence interval of that quantity: wholly on the good side passes,
 * wholly on the bad side fails, otherwise inconclusive.
 *
 * @param statistic what is judged
 * @param bound     the kind of threshold
 * @param threshold a fraction for relative bounds (0.10 = 10 %); the metric's unit for absolute ones
 *                  (milliseconds for latencies, a fraction for shares)
 */
public record Criterion(Statistic statistic, Bound bound, double threshold) {
    public Criterion {
        if (statistic == null || bound == null) {
            throw new IllegalArgumentException("statistic and bound must not be null");
        }
        if (!Double.isFinite(threshold)) {
            throw new IllegalArgumentException("threshold (" + threshold + ") must be a finite number");
        }
        if (bound.relative() && threshold < 0) {
            throw new IllegalArgumentException(bound.key() + " (" + threshold + ") must be >= 0; the direction comes from the metric");
        }
    }

    /** Whether the judged quantity must stay at or below {@link #limit()} (else at or above). */
    public boolean atMost() {
        boolean lower = statistic.metric().lowerIsBetter();
        return switch (bound) {
            case MAX_REGRESSION, MIN_IMPROVEMENT -> lower;
            case MAX -> true;
            case MIN -> false;
        };
    }

    /** The limit on the judged quantity: e.g. +0.10 for a 10 % latency regression, -0.10 for throughput. */
    public double limit() {
        boolean lower = statistic.metric().lowerIsBetter();
        return switch (bound) {
            case MAX_REGRESSION -> lower ? threshold : -threshold;
            case MIN_IMPROVEMENT -> lower ? -threshold : threshold;
            case MAX, MIN -> threshold;
        };
    }

    /** Judges {@code e}; see {@link Judgement} for the samples that would settle an inconclusive one. */
    public Judgement judge(Estimate e) {
        return judge(e, 0);
    }

    /**
     * Judges {@code e} allowing for run-to-run variation the interval cannot see: with fewer than
     * {@link Comparison#MIN_REPEATS_FOR_DRIFT} runs per side the interval's repeat stage cannot measure the drift
     * between runs, so a relative bound passes or fails only
     * when the delta's interval, widened by {@code runToRunAllowance} (a fraction, e.g. 0.15 for 15 percentage
     * points of delta) added in quadrature to each half-width, clears the limit. Absolute bounds judge the candidate's own value, not an effect
     * between runs, and are not widened. 0 judges the interval as it is.
     */
    public Judgement judge(Estimate e, double runToRunAllowance) {
        return judge(e, runToRunAllowance, Lateness.NONE, Lateness.NONE);
    }

    /**
     * Judges {@code e} as {@link #judge(Estimate, double)} does, then holds a verdict back where the lateness of a
     * side can explain it (docs/acceptance.md, "Late clients and simulators: bounds, not vetoes"): a fail stands only
     * when the interval stays past the limit with the candidate's figure moved as far toward better as its
     * lateness allows ({@link Lateness#truthAtBest}); a pass of a relative bound only when it stays within with the
     * baseline's figure so moved (a late baseline makes any candidate look better). Otherwise the verdict is
     * inconclusive and its note names the lateness in the way, its size and where it would have moved the interval.
     */
    public Judgement judge(Estimate e, double runToRunAllowance, Lateness baseline, Lateness candidate) {
        return judge(e, runToRunAllowance, baseline, candidate, null);
    }

    /**
     * The estimates a verdict must survive when each request's own lateness is known ({@link RequestLateness}): the
     * side the verdict goes against moved by the most its lateness can have added, the other by the least it surely
     * added, with the run-to-run allowance measured again on the moved runs. Null from either method when a side has
     * no per-request lateness (the run-wide bound then applies).
     */
    public interface WithoutLateness {
        /** What a fail must survive: the candidate's requests moved by the most, the baseline's by the least. */
        Moved forFail(Criterion c);

        /** What a pass must survive: the baseline's requests moved by the most, the candidate's by the least. */
        Moved forPass(Criterion c);
    }

    /**
     * An estimate on moved sides, the run-to-run allowance to judge it with, and the most any one request of the side
     * moved by the most was moved, ms (for the note).
     */
    public record Moved(Estimate estimate, double allowance, double largestMs) {}

    /**
     * As {@link #judge(Estimate, double, Lateness, Lateness)}, but where {@code without} has each request's own
     * lateness for the statistic ({@link RequestLateness#bounds}), the verdict rests on the moved estimates instead
     * of the side's worst: a fail stands when {@link WithoutLateness#forFail} stays past the limit, a pass when
     * {@link WithoutLateness#forPass} stays within, so a stall that hit a few requests cannot hold back a median. And
     * where the measured interval straddles only because this machine's delays widened it, a moved estimate that
     * clears the limit decides (its note gives the figure as measured): what lateness added is bounded, never a veto.
     */
    public Judgement judge(Estimate e, double runToRunAllowance, Lateness baseline, Lateness candidate,
            WithoutLateness without) {
        if (!(runToRunAllowance >= 0) || runToRunAllowance >= 1) {
            throw new IllegalArgumentException("run-to-run allowance (" + runToRunAllowance + ") must be in [0, 1)");
        }
        double point = bound.relative() ? e.delta() : e.candidate();
        double low = bound.relative() ? e.deltaLow() : e.candidateLow();
        double high = bound.relative() ? e.deltaHigh() : e.candidateHigh();
        if (Double.isNaN(point) || Double.isNaN(low) || Double.isNaN(high)) {
            return new Judgement(this, e, Verdict.INCONCLUSIVE, -1,
                    "no interval: the statistic is undefined on one side (no values, or a baseline of 0)");
        }
        double limit = limit();
        double allowance = bound.relative() ? runToRunAllowance : 0;
        // The drift between runs and the request-to-request spread are independent errors: their half-widths add
        // in quadrature (variances add), so each end of the interval moves out by hypot(half-width, allowance).
        double widenedLow = point - Math.hypot(point - low, allowance);
        double widenedHigh = point + Math.hypot(high - point, allowance);
        boolean pass = atMost() ? widenedHigh <= limit : widenedLow >= limit;
        boolean fail = atMost() ? widenedLow > limit : widenedHigh < limit;
        if (pass || fail) {
            String held = fail ? heldBackFail(e, atMost() ? widenedLow : widenedHigh, candidate, without)
                    : heldBackPass(e, atMost() ? widenedHigh : widenedLow, baseline, without);
            return held == null ? new Judgement(this, e, pass ? Verdict.PASS : Verdict.FAIL, 0, null)
                    : new Judgement(this, e, Verdict.INCONCLUSIVE, -1, held);
        }
        Judgement moved = baseline.any() || candidate.any() ? decidedWithoutLateness(e, without) : null;
        if (moved != null) {
            return moved;
        }
        boolean settledWithoutAllowance = atMost() ? high <= limit || low > limit : low >= limit || high < limit;
        if (settledWithoutAllowance) {
            return new Judgement(this, e, Verdict.INCONCLUSIVE, -1, driftNote(e, allowance));
        }
        return new Judgement(this, e, Verdict.INCONCLUSIVE, samplesToSettle(point, low, high, limit, e), null);
    }

    /** The moved estimate {@code m}'s interval end a fail ({@code fail}) or a pass rests on; NaN when there is none. */
    private double movedEnd(Moved m, boolean fail) {
        return m == null ? Double.NaN : widenedEnd(m.estimate(), bound.relative() ? m.allowance() : 0, fail);
    }

    /**
     * A verdict the measured interval could not give, decided on the moved estimates ({@link WithoutLateness}); null
     * when neither clears the limit or there are none.
     */
    private Judgement decidedWithoutLateness(Estimate measured, WithoutLateness without) {
        if (without == null || !RequestLateness.bounds(statistic.metric())) {
            return null;
        }
        Moved forFail = without.forFail(this);
        double failEnd = movedEnd(forFail, true);
        if (!Double.isNaN(failEnd) && (atMost() ? failEnd > limit() : failEnd < limit())) {
            return new Judgement(this, forFail.estimate(), Verdict.FAIL, 0, movedNote(measured, "candidate", "baseline"));
        }
        Moved forPass = without.forPass(this);
        double passEnd = movedEnd(forPass, false);
        if (!Double.isNaN(passEnd) && (atMost() ? passEnd <= limit() : passEnd >= limit())) {
            return new Judgement(this, forPass.estimate(), Verdict.PASS, 0, movedNote(measured, "baseline", "candidate"));
        }
        return null;
    }

    /** {@code each request's own delay taken off (the most from the candidate's, the least from the baseline's); as measured +2.6 % [-16.8, +25.7]}. */
    private String movedNote(Estimate measured, String most, String least) {
        String asMeasured = bound.relative()
                ? String.format(java.util.Locale.ROOT, "%+.1f %% [%+.1f, %+.1f]", measured.delta() * 100,
                        measured.deltaLow() * 100, measured.deltaHigh() * 100)
                : String.format(java.util.Locale.ROOT, "%.1f [%.1f, %.1f]", measured.candidate(), measured.candidateLow(),
                        measured.candidateHigh());
        return "decided with each request's own delay on this machine taken off (the most it can have added to the " + most
                + "'s requests, the least it surely added to the " + least + "'s); as measured " + asMeasured
                + ", widened by those delays";
    }

    /**
     * Why a fail does not stand, or null when it does: the candidate's lateness, taken off its figure at the
     * interval's near end ({@code end}), brings that end back within the limit.
     */
    private String heldBackFail(Estimate e, double end, Lateness candidate, WithoutLateness without) {
        var m = statistic.metric();
        if (!Lateness.bounds(m) || !candidate.any()) {
            return null;
        }
        Moved forFail = without != null && RequestLateness.bounds(m) ? without.forFail(this) : null;
        double movedEnd = movedEnd(forFail, true);
        if (!Double.isNaN(movedEnd)) {
            boolean stands = atMost() ? movedEnd > limit() : movedEnd < limit();
            return stands ? null : perRequestNote("fail", "candidate", forFail.largestMs(), movedEnd);
        }
        double moved;
        if (bound.relative()) {
            double b = e.baseline();
            if (!(b > 0)) {
                return null;
            }
            moved = candidate.truthAtBest(m, (1 + end) * b) / b - 1;
        } else {
            moved = candidate.truthAtBest(m, end);
        }
        boolean stands = atMost() ? moved > limit() : moved < limit();
        return stands ? null : heldNote("fail", "candidate", candidate, m, moved);
    }

    /**
     * The end of {@code e}'s interval, widened by {@code allowance} as {@link #judge} widens it, nearest the limit
     * ({@code near}: the end a fail rests on) or farthest from it (the end a pass rests on).
     */
    private double widenedEnd(Estimate e, double allowance, boolean near) {
        double point = bound.relative() ? e.delta() : e.candidate();
        double low = bound.relative() ? e.deltaLow() : e.candidateLow();
        double high = bound.relative() ? e.deltaHigh() : e.candidateHigh();
        double widenedLow = point - Math.hypot(point - low, allowance);
        double widenedHigh = point + Math.hypot(high - point, allowance);
        boolean lowEnd = atMost() == near; // a fail on an at-most bound rests on the low end; a pass on the high end
        return lowEnd ? widenedLow : widenedHigh;
    }

    /**
     * Why a pass does not stand, or null when it does: the baseline's lateness, taken off its figure, moves the
     * interval's far end ({@code end}) past the limit. An absolute bound judges the candidate alone, and lateness
     * only ever makes a figure worse, so its pass always stands.
     */
    private String heldBackPass(Estimate e, double end, Lateness baseline, WithoutLateness without) {
        var m = statistic.metric();
        if (!bound.relative() || !Lateness.bounds(m) || !baseline.any()) {
            return null;
        }
        Moved forPass = without != null && RequestLateness.bounds(m) ? without.forPass(this) : null;
        double movedEnd = movedEnd(forPass, false);
        if (!Double.isNaN(movedEnd)) {
            boolean stands = atMost() ? movedEnd <= limit() : movedEnd >= limit();
            return stands ? null : perRequestNote("pass", "baseline", forPass.largestMs(), movedEnd);
        }
        double b = e.baseline();
        if (!(b > 0)) {
            return null;
        }
        double truth = baseline.truthAtBest(m, b);
        double moved = truth == 0 ? Double.POSITIVE_INFINITY : (1 + end) * b / truth - 1;
        boolean stands = atMost() ? moved <= limit() : moved >= limit();
        return stands ? null : heldNote("pass", "baseline", baseline, m, moved);
    }

    /**
     * {@code would fail, but the candidate's lateness (186 ms (the simulator's stalls and late tokens)) could explain
     * it: taken off the candidate's figure it brings the interval's near end to +8.0 %, within the 10% limit; ...}.
     */
    private String heldNote(String would, String side, Lateness lateness, dev.infergate.analysis.Metric m, double moved) {
        boolean fail = would.equals("fail");
        return "would " + would + ", but the " + side + "'s lateness, " + lateness.describe(m) + ", could explain it:"
                + " taken off the " + side + "'s figure it brings the interval's " + (fail ? "near" : "far") + " end to "
                + where(moved, m) + ", " + (fail ? "within" : "past") + " the " + formatThreshold() + " limit;"
                + " free CPU and run again";
    }

    /**
     * {@code would fail, but the candidate's requests were late by up to 380 ms each on this machine (...), which
     * could explain it: with each moved by its own, ... the interval's near end comes to +8.0 %, within the 10% limit; ...}.
     */
    private String perRequestNote(String would, String side, double largestMs, double moved) {
        boolean fail = would.equals("fail");
        String other = fail ? "baseline" : "candidate";
        return "would " + would + ", but the " + side + "'s requests were late by up to " + ms(largestMs) + " ms each"
                + " on this machine (the simulator's stalls and late tokens for each, the client's lag while it was in"
                + " flight), which could explain it: with each moved by its own and the " + other + "'s by what surely"
                + " delayed them, the interval's " + (fail ? "near" : "far") + " end comes to " + where(moved, statistic.metric())
                + ", " + (fail ? "within" : "past") + " the " + formatThreshold() + " limit; free CPU and run again";
    }

    private String where(double moved, dev.infergate.analysis.Metric m) {
        return bound.relative() ? (Double.isInfinite(moved) ? (moved > 0 ? "+inf" : "-inf")
                : String.format(java.util.Locale.ROOT, "%+.1f %%", moved * 100))
                : String.format(java.util.Locale.ROOT, "%.1f%s", moved, m.isLatency() ? " ms" : " " + m.unit());
    }

    private static String ms(double v) {
        return v >= 10 ? String.format(java.util.Locale.ROOT, "%,.0f", v) : String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    /**
     * Why an interval that clears the threshold is not enough: {@code 2 runs per side cannot separate a +12 %
     * difference from run-to-run drift (its interval, widened by the 15% run-to-run allowance, straddles the 10% threshold); 3+ runs per side
     * or accept --until-decided would}.
     */
    private String driftNote(Estimate e, double allowance) {
        int runs = Math.min(e.baselineRepeats(), e.candidateRepeats());
        double shown = Math.round(e.delta() * 1000) / 10.0;
        return runs + (runs == 1 ? " run" : " runs") + " per side cannot separate a " + (shown > 0 ? "+" : "")
                + trim(shown) + " % difference from run-to-run drift (its interval, widened by the " + trim(allowance * 100) + "% run-to-run allowance, straddles the "
                + formatThreshold() + " threshold); "
                + Comparison.MIN_REPEATS_FOR_DRIFT + "+ runs per side or accept --until-decided would";
    }

    /**
     * Requests per side that would make the interval clear the limit if the estimate stayed where it is:
     * the half-width shrinks as 1/sqrt(n), so n grows by (half-width / distance to the limit)^2. -1 when the
     * estimate sits on the limit (no sample size settles it).
     */
    static long samplesToSettle(double point, double low, double high, double limit, Estimate e) {
        double distance = Math.abs(point - limit);
        double halfWidth = Math.max(point - low, high - point);
        if (distance < 1e-12) {
            return -1;
        }
        long n = Math.max(e.baselineCount(), e.candidateCount());
        double factor = Math.pow(halfWidth / distance, 2);
        double needed = Math.ceil(Math.max(1, n) * factor);
        return needed > 1e12 ? -1 : (long) needed;
    }

    /** How the criterion is written: {@code ttft.p95 max_regression 10%}. */
    public String describe() {
        return statistic.key() + " " + bound.key() + " " + formatThreshold();
    }

    /** The threshold as written: {@code 10%}, {@code 500ms}, {@code 0.95}. */
    public String formatThreshold() {
        if (bound.relative() || statistic.metric().isShare()) {
            return trim(threshold * 100) + "%";
        }
        return (trim(threshold) + (statistic.metric().isLatency() ? "ms" : " " + statistic.metric().unit())).stripTrailing();
    }

    private static String trim(double v) {
        double r = Math.round(v * 1000) / 1000.0;
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }
}
