package dev.infergate.report;

import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The capacity blocks of acceptance.json (docs/acceptance.md, "Capacity at the SLO"): each side's capacity with
 * its bracket, probes and attainment curve (the shape the HTML report draws, docs/report.md), and the
 * difference between the sides with its interval.
 */
final class CapacityJson {
    private CapacityJson() {}

    /** One point of a side's attainment curve, with the 95 % Wilson interval of its attainment. */
    private static Map<String, Object> curvePoint(CapacitySearch.Step s) {
        double[] w = s.attainmentInterval();
        Map<String, Object> p = new LinkedHashMap<>();
        Measurement m = s.pooled();
        p.put("offered_rps", ComparisonFormat.round(s.ratePerSecond()));
        p.put("requests_per_hour", ComparisonFormat.round(s.ratePerSecond() * 3600));
        // completed per second of offered time: the offered rate times the share that completed
        p.put("throughput_rps", m.sent() == 0 ? null
                : ComparisonFormat.round(s.ratePerSecond() * m.e2eFromScheduledMs().length / m.sent()));
        p.put("ttft_p95_ms", nullIfNaN(m.ttftFromScheduledPercentileMs(95)));
        p.put("e2e_p95_ms", nullIfNaN(m.e2eFromScheduledPercentileMs(95)));
        p.put("measured", s.pooled().sent());
        p.put("good", s.pooled().good());
        p.put("attainment", ComparisonFormat.round(s.pooled().attainment()));
        p.put("attainment_ci", java.util.Arrays.asList(ComparisonFormat.round(w[0]), ComparisonFormat.round(w[1])));
        p.put("passed", s.passed());
        p.put("enough_requests", s.enough());
        return p;
    }

    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : ComparisonFormat.round(v);
    }

    /** The candidate's capacity minus the baseline's, with its interval (null ends when unbounded). */
    static Map<String, Object> difference(CapacityDifference d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requests_per_hour", ComparisonFormat.round(d.perHour()));
        m.put("requests_per_hour_interval", java.util.Arrays.asList(Double.isFinite(d.lowPerHour())
                ? ComparisonFormat.round(d.lowPerHour()) : null, Double.isFinite(d.highPerHour())
                ? ComparisonFormat.round(d.highPerHour()) : null));
        m.put("excludes_zero", d.excludesZero());
        return m;
    }

    /** One rate tried, its keys always in this order (a Map.of would order them anew on every JVM start). */
    private static Map<String, Object> probe(CapacitySearch.Step s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate_per_s", s.ratePerSecond());
        m.put("runs", s.runs());
        m.put("sent", s.pooled().sent());
        m.put("attainment", s.pooled().attainment());
        m.put("passed", s.passed());
        return m;
    }

    static Map<String, Object> side(CapacitySearch.Result c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate_per_s", ComparisonFormat.round(c.ratePerSecond()));
        m.put("requests_per_hour", ComparisonFormat.round(c.requestsPerHour()));
        m.put("requests_per_hour_interval", java.util.Arrays.asList(ComparisonFormat.round(c.lowerRate() * 3600),
                ComparisonFormat.round(c.upperRate() * 3600)));
        m.put("longest_wait_ms", c.atCapacity() == null ? null : AcceptanceReport.wait(c.atCapacity().longestWait()));
        m.put("probes", c.steps().stream().map(CapacityJson::probe).toList());
        // the HTML report's shape (docs/report.md): the capacity point on an attainment curve in offered-load order,
        // each point with its measured requests and the 95 % Wilson interval of its attainment
        m.put("rps", ComparisonFormat.round(c.ratePerSecond()));
        m.put("curve", c.curve().stream().map(CapacityJson::curvePoint).toList());
        return m;
    }

}
