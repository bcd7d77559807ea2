package dev.infergate.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.CurveComparison;
import dev.infergate.analysis.capacity.Measurement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity blocks of acceptance.json (docs/acceptance.md, "Capacity at the SLO"): each side's capacity with
 * its bracket, probes and attainment curve (the shape the HTML report draws, docs/report.md), and the
 * difference between the sides with its interval. Numbers are rounded as in comparison.json; undefined ones are null.
 */
final class CapacityJson {
    private CapacityJson() {}

    /**
     * One side's capacity.
     *
     * @param ratePerS                the estimate: where the attainment curve fitted over every probe crosses the
     *                                target, req/s (a result known by its bracket alone: the highest rate that held)
     * @param requestsPerHourInterval its 95 % interval (a bracket alone: [highest held, lowest missed]); upper null
     *                                when unbounded
     * @param longestWaitMs           at the highest probe that held at or below the estimate; null when none held
     * @param rps                     the rate again, under the name the HTML report reads
     * @param stop                    why the search stopped (precision reached, budget spent, a rate limit); absent
     *                                when not known
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Side(Double ratePerS, Double requestsPerHour, List<Double> requestsPerHourInterval, Wait longestWaitMs,
            List<Probe> probes, Double rps, List<CurvePoint> curve, @JsonInclude(JsonInclude.Include.NON_NULL) String stop) {}

    /**
     * One rate tried, as run.
     *
     * @param offeredRps       the rate really offered over the measured time (arrivals / time); absent when not known
     * @param fittedAttainment the fitted (monotone) attainment at this rate; absent without a fit
     * @param longestWaitMs    the wait of its longest-waiting users (so a re-fit that lands elsewhere, in {@code compare}
     *                         or a reused capacity, can still say the wait there); absent when no request of it completed,
     *                         and in files written before it was recorded
     * @param hiddenOverload   the largest share by which the rate may exceed what the server sustains without the probe
     *                         showing it (docs/acceptance.md, "Short probes and the sustained capacity"); absent when unknown
     * @param effectiveTrials  how many independent trials its requests are worth in the fit (misses in runs while a
     *                         queue stands count as fewer; docs/acceptance.md, "Capacity at the SLO"); absent when unknown
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Probe(double ratePerS, int runs, long sent, double attainment, boolean passed,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double offeredRps,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double fittedAttainment,
            @JsonInclude(JsonInclude.Include.NON_NULL) Wait longestWaitMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double hiddenOverload,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double effectiveTrials) {}

    /**
     * One point of a side's attainment curve, with the 95 % Wilson interval of its attainment.
     *
     * @param offeredRps    the rate the probe really offered (measured arrivals / measured time; the nominal rate when
     *                      not known)
     * @param throughputRps completed per second of offered time: the offered rate times the share that completed
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record CurvePoint(Double offeredRps, Double requestsPerHour, Double throughputRps, Double ttftP95Ms, Double e2eP95Ms,
            long measured, long good, Double attainment, List<Double> attainmentCi, boolean passed, boolean enoughRequests,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double fittedAttainment) {}

    /** The longest waits of the users at a rate, ms from the scheduled time (TTFT and E2E p99 and max). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Wait(Double ttftFromScheduledP99, Double ttftFromScheduledMax, Double e2eFromScheduledP99,
            Double e2eFromScheduledMax, long count) {
        static Wait of(Measurement.LongestWait w) {
            return new Wait(ComparisonFormat.round(w.ttftP99Ms()), ComparisonFormat.round(w.ttftMaxMs()),
                    ComparisonFormat.round(w.e2eP99Ms()), ComparisonFormat.round(w.e2eMaxMs()), w.count());
        }
    }

    /** The candidate's capacity minus the baseline's, with its interval (null ends when unbounded). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Difference(Double requestsPerHour, List<Double> requestsPerHourInterval, boolean excludesZero) {}

    /**
     * The two sides' attainment curves compared (docs/acceptance.md, "Comparing the curves").
     *
     * @param requestsPerHour         candidate crossing - baseline crossing, requests/hour; null when a side never failed
     * @param requestsPerHourInterval its 95 % interval from the brackets' resolution and the probes' noise; null ends unbounded
     * @param crossingRps             each side's estimated crossing of the target, req/s; null when unbounded
     * @param points                  every rate both sides probed, lowest first
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Curves(Double requestsPerHour, List<Double> requestsPerHourInterval, boolean excludesZero,
            Map<String, Double> crossingRps, List<RateDifference> points) {}

    /** One rate both sides probed: each side's measured and good requests, the attainment difference and its 95 % interval. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record RateDifference(Double offeredRps, long baselineMeasured, long baselineGood, long candidateMeasured,
            long candidateGood, Double attainmentDifference, List<Double> attainmentDifferenceCi, boolean excludesZero) {}

    static Curves curves(CurveComparison c) {
        Map<String, Double> crossing = new LinkedHashMap<>();
        crossing.put("baseline", ComparisonFormat.round(c.baselineCrossingRate()));
        crossing.put("candidate", ComparisonFormat.round(c.candidateCrossingRate()));
        return new Curves(ComparisonFormat.round(c.perHour()), Arrays.asList(ComparisonFormat.round(c.lowPerHour()),
                ComparisonFormat.round(c.highPerHour())), c.excludesZero(), crossing, c.points().stream()
                .map(p -> new RateDifference(ComparisonFormat.round(p.ratePerSecond()), p.baselineSent(), p.baselineGood(),
                        p.candidateSent(), p.candidateGood(), ComparisonFormat.round(p.difference()),
                        Arrays.asList(ComparisonFormat.round(p.low()), ComparisonFormat.round(p.high())), p.excludesZero()))
                .toList());
    }

    private static CurvePoint curvePoint(CapacitySearch.Result c, CapacitySearch.Step s) {
        double[] w = s.attainmentInterval();
        Measurement m = s.pooled();
        double offered = Double.isNaN(m.offeredPerSecond()) ? s.ratePerSecond() : m.offeredPerSecond(); // as really offered
        return new CurvePoint(ComparisonFormat.round(offered), ComparisonFormat.round(s.ratePerSecond() * 3600),
                m.sent() == 0 || (m.good() > 0 && m.e2eFromScheduledMs().length == 0) ? null // latencies not known (read back from a file)
                        : ComparisonFormat.round(offered * m.e2eFromScheduledMs().length / m.sent()),
                ComparisonFormat.round(m.ttftFromScheduledPercentileMs(95)), ComparisonFormat.round(m.e2eFromScheduledPercentileMs(95)),
                m.sent(), m.good(), ComparisonFormat.round(m.attainment()),
                Arrays.asList(ComparisonFormat.round(w[0]), ComparisonFormat.round(w[1])), s.passed(), s.enough(),
                fitted(c, s.ratePerSecond()));
    }

    static Difference difference(CapacityDifference d) {
        return new Difference(ComparisonFormat.round(d.perHour()), Arrays.asList(ComparisonFormat.round(d.lowPerHour()),
                ComparisonFormat.round(d.highPerHour())), d.excludesZero());
    }

    static Side side(CapacitySearch.Result c) {
        return new Side(ComparisonFormat.round(c.ratePerSecond()), ComparisonFormat.round(c.requestsPerHour()),
                Arrays.asList(ComparisonFormat.round(c.lowerRate() * 3600), ComparisonFormat.round(c.upperRate() * 3600)),
                c.atCapacity() == null ? null : Wait.of(c.atCapacity().longestWait()),
                c.steps().stream().map(s -> new Probe(s.ratePerSecond(), s.runs(), s.pooled().sent(), s.pooled().attainment(),
                        s.passed(), ComparisonFormat.round(s.pooled().offeredPerSecond()), fitted(c, s.ratePerSecond()),
                        probeWait(s.pooled()), ComparisonFormat.round(s.pooled().hiddenOverload()),
                        ComparisonFormat.round(s.pooled().effectiveSent()))).toList(),
                ComparisonFormat.round(c.ratePerSecond()), c.curve().stream().map(s -> curvePoint(c, s)).toList(),
                c.stop() == null ? null : c.stop().name().toLowerCase(java.util.Locale.ROOT));
    }

    /** A probe's longest wait, or null when it has none to say (no request completed, or read from an older file). */
    private static Wait probeWait(Measurement m) {
        boolean known = m.recordedWait() != null || m.e2eFromScheduledMs().length > 0 || m.ttftFromScheduledMs().length > 0;
        return known ? Wait.of(m.longestWait()) : null;
    }

    /** The fitted attainment at {@code rate}, or null without a fit. */
    private static Double fitted(CapacitySearch.Result c, double rate) {
        if (c.fit() == null) {
            return null;
        }
        double[] fitted = c.fit().fitted();
        List<dev.infergate.analysis.capacity.CapacityFit.Probe> probes = c.fit().probes();
        for (int i = 0; i < probes.size(); i++) {
            if (Math.abs(probes.get(i).ratePerSecond() - rate) <= 1e-9 * rate) {
                return ComparisonFormat.round(fitted[i]);
            }
        }
        return null;
    }
}
