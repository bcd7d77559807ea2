package dev.infergate.analysis.burst;

import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A burst run cut into its three phases by <b>scheduled</b> time: {@code before} the step, {@code during} it and
 * {@code after} it. A request belongs to the phase in which the load model meant to send it, so the requests that
 * queued up during the step and were served late still count against the step. Each phase has the longest waits
 * of its users (from scheduled, client queue wait included) and its failures.
 *
 * @param waits    per phase, in the order before, during, after
 * @param failures failed requests per phase, same order
 */
public record BurstPhases(Map<String, Measurement.LongestWait> waits, Map<String, Long> failures) {
    public static final String BEFORE = "before";
    public static final String DURING = "during";
    public static final String AFTER = "after";
    /** The phases in time order. */
    public static final List<String> NAMES = List.of(BEFORE, DURING, AFTER);

    public BurstPhases {
        waits = Collections.unmodifiableMap(new LinkedHashMap<>(waits));
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /**
     * Splits {@code records} of a burst run.
     *
     * @param stepStartNanos when the step began, ns from the run's origin (the length of the phase before)
     * @param stepEndNanos   when it ended, ns from the origin
     * @param baseRate       the rate before and after the step, req/s
     * @param peakRate       the rate during the step, req/s
     * @param slo            the targets the phases' measurements are judged against
     */
    public static BurstPhases of(List<RequestRecord> records, long stepStartNanos, long stepEndNanos, double baseRate,
            double peakRate, Slo slo) {
        if (stepEndNanos < stepStartNanos) {
            throw new IllegalArgumentException("stepEndNanos (" + stepEndNanos + ") must be >= stepStartNanos ("
                    + stepStartNanos + ")");
        }
        Map<String, List<RequestRecord>> phases = new LinkedHashMap<>();
        NAMES.forEach(n -> phases.put(n, new ArrayList<>()));
        for (RequestRecord r : records) {
            long t = r.marks().scheduledNanos();
            phases.get(t < stepStartNanos ? BEFORE : t < stepEndNanos ? DURING : AFTER).add(r);
        }
        Map<String, Measurement.LongestWait> waits = new LinkedHashMap<>();
        Map<String, Long> failures = new LinkedHashMap<>();
        phases.forEach((name, rs) -> {
            waits.put(name, Measurement.of(name.equals(DURING) ? peakRate : baseRate, rs, slo).longestWait());
            failures.put(name, rs.stream().filter(RequestRecord::failed).count());
        });
        return new BurstPhases(waits, failures);
    }
}
