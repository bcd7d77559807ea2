package dev.infergate.analysis.capacity;

import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.Slo;
import dev.infergate.record.RequestRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * What one open-loop run at a fixed arrival rate showed: how many requests met the SLO, and how long the
 * users waited, measured from the <b>scheduled</b> time (client queue wait included), in milliseconds.
 *
 * @param ratePerSecond          the arrival rate offered
 * @param sent                   measured requests sent (failures included, user cancellations not)
 * @param good                   requests that completed and met every SLO target
 * @param ttftFromScheduledMs    TTFT from the scheduled time of each successful request
 * @param e2eFromScheduledMs     E2E from the scheduled time of each successful request
 * @param clientLagP99Ms         the client's own lag p99 over the measured requests, ms; NaN when unknown
 * @param clientLaggedRequests   measured requests whose lag exceeded {@link ClientLag#LIMIT_P99_MILLIS}
 * @param serverStalledShare     the share of the run's time the server itself reported its engine lost to stalls
 *                               (infergate's simulator on a starved machine); NaN when the server reports none (any real engine)
 * @param serverLateP99Ms        the p99 of how late the server itself reported its tokens leaving against its own
 *                               model (the simulator's dispatch lateness), ms; NaN when the server reports none
 */
public record Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs,
        double[] e2eFromScheduledMs, double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare,
        double serverLateP99Ms) {
    /**
     * A run is server-stalled when the server lost more than this share of its time: 1 % of its serving time moves
     * its capacity by about 1 %, well inside a search's 5-15 % tolerance, and an idle machine loses none.
     */
    public static final double SERVER_STALL_LIMIT_SHARE = SimulatorLag.STALL_LIMIT_SHARE;
    private static final Quantile LINEAR = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);

    public Measurement {
        if (!(ratePerSecond > 0)) {
            throw new IllegalArgumentException("ratePerSecond (" + ratePerSecond + ") must be > 0");
        }
        if (sent < 0 || good < 0 || good > sent) {
            throw new IllegalArgumentException("good (" + good + ") must be between 0 and sent (" + sent + ")");
        }
        ttftFromScheduledMs = ttftFromScheduledMs.clone();
        e2eFromScheduledMs = e2eFromScheduledMs.clone();
    }

    /** A measurement of a server that reports no stalls of its own. */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests, Double.NaN,
                Double.NaN);
    }

    /** A measurement whose client lag is unknown. */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, Double.NaN, 0);
    }

    /**
     * Whether the client fell behind its schedule in this run (see {@link ClientLag}): its attainment then says
     * as much about this machine as about the server, and no capacity may be decided on it.
     */
    public boolean clientLimited() {
        return ClientLag.limited(clientLagP99Ms, clientLaggedRequests);
    }

    /**
     * Whether the server reported falling behind its own model: its engine lost more than
     * {@link #SERVER_STALL_LIMIT_SHARE} of the run, or its tokens left late beyond the limit a client's lag has
     * ({@link ClientLag#LIMIT_P99_MILLIS} at p99). Its attainment then measured the machine the simulator ran on,
     * not its profile.
     */
    public boolean serverStalled() {
        return serverStalledShare > SERVER_STALL_LIMIT_SHARE || serverLateP99Ms > ClientLag.LIMIT_P99_MILLIS;
    }

    /** Whether the client fell behind or the server stalled in this run. */
    public boolean late() {
        return clientLimited() || serverStalled();
    }

    /**
     * Whether no capacity may be decided on this run against {@code target}: it was {@link #late()} and missed the
     * target. Lateness only ever makes requests miss their SLO, never meet it, so a late run that still held the
     * target is a pass whatever the lateness did (docs/acceptance.md, "Late clients and simulators: bounds, not
     * vetoes"); a late run that missed it may have missed because of the lateness, and is run again.
     */
    public boolean decidesNothing(double target) {
        return late() && attainment() < target;
    }

    /** What the server reported of its own lateness, for a progress line: "engine lost 3.2 % of the run, tokens late p99 50 ms". */
    public String serverLateness() {
        String stalled = Double.isNaN(serverStalledShare) ? "engine stalls unknown"
                : String.format(Locale.ROOT, "engine lost %.1f %% of the run", serverStalledShare * 100);
        String late = Double.isNaN(serverLateP99Ms) ? "token lateness unknown"
                : String.format(Locale.ROOT, "tokens late p99 %.3g ms", serverLateP99Ms);
        return stalled + ", " + late + String.format(Locale.ROOT, "; limits %.0f %% and %.0f ms",
                SERVER_STALL_LIMIT_SHARE * 100, ClientLag.LIMIT_P99_MILLIS);
    }

    /** This measurement with what the server reported of its own lateness (NaN: unknown). */
    public Measurement withServerLateness(double stalledShare, double lateP99Ms) {
        return new Measurement(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms,
                clientLaggedRequests, stalledShare, lateP99Ms);
    }

    /**
     * Judges the measured records of a run against {@code slo}; failures count as misses. A user cancellation
     * ({@code --cancel-rate}) is neither good nor a miss: it is left out of {@code sent}, as in the summary's
     * attainment, or no rate could reach a target above the share of requests kept.
     */
    public static Measurement of(double ratePerSecond, List<RequestRecord> records, Slo slo) {
        List<RequestRecord> measured = records.stream().filter(r -> r.measured() && !r.cancelled()).toList();
        long good = measured.stream().filter(slo::met).count();
        double[] ttft = measured.stream().filter(RequestRecord::succeeded)
                .mapToDouble(r -> r.ttftFromScheduledNanos() / 1e6).filter(v -> v >= 0).toArray();
        double[] e2e = measured.stream().filter(RequestRecord::succeeded)
                .mapToDouble(r -> r.e2eFromScheduledNanos() / 1e6).filter(v -> v >= 0).toArray();
        ClientLag lag = new ClientLag();
        measured.forEach(lag::add);
        return new Measurement(ratePerSecond, measured.size(), good, ttft, e2e, lag.lagP99Millis(), lag.laggedRequests());
    }

    /** Share of sent requests that were good; 0 when nothing was sent. */
    public double attainment() {
        return sent == 0 ? 0 : (double) good / sent;
    }

    /** Pools repeats at the same rate. */
    public static Measurement pool(List<Measurement> repeats) {
        long sent = repeats.stream().mapToLong(Measurement::sent).sum();
        long good = repeats.stream().mapToLong(Measurement::good).sum();
        double[] ttft = repeats.stream().flatMapToDouble(m -> Arrays.stream(m.ttftFromScheduledMs)).toArray();
        double[] e2e = repeats.stream().flatMapToDouble(m -> Arrays.stream(m.e2eFromScheduledMs)).toArray();
        double lag = repeats.stream().mapToDouble(Measurement::clientLagP99Ms).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        long lagged = repeats.stream().mapToLong(Measurement::clientLaggedRequests).sum();
        double stalled = repeats.stream().mapToDouble(Measurement::serverStalledShare).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        double late = repeats.stream().mapToDouble(Measurement::serverLateP99Ms).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        return new Measurement(repeats.get(0).ratePerSecond(), sent, good, ttft, e2e, lag, lagged, stalled, late);
    }

    /** Percentile {@code p} (0-100) of TTFT from the scheduled time of the successful requests, ms; NaN when none. */
    public double ttftFromScheduledPercentileMs(double p) {
        return percentile(ttftFromScheduledMs, p);
    }

    /** Percentile {@code p} (0-100) of E2E from the scheduled time of the successful requests, ms; NaN when none. */
    public double e2eFromScheduledPercentileMs(double p) {
        return percentile(e2eFromScheduledMs, p);
    }

    /** The wait of the longest-waiting users: p99 and max of TTFT and E2E from scheduled, ms (NaN when empty). */
    public LongestWait longestWait() {
        return new LongestWait(percentile(ttftFromScheduledMs, 99), max(ttftFromScheduledMs),
                percentile(e2eFromScheduledMs, 99), max(e2eFromScheduledMs), e2eFromScheduledMs.length);
    }

    /**
     * The wait of the longest-waiting users at a rate, in milliseconds from the scheduled time.
     *
     * @param count successful requests behind the figures (a p99 wants about 1,000)
     */
    public record LongestWait(double ttftP99Ms, double ttftMaxMs, double e2eP99Ms, double e2eMaxMs, long count) {}

    /** Linear-interpolated percentile ({@code p} in 0-100, Hyndman-Fan type 7); NaN when empty. */
    private static double percentile(double[] values, double p) {
        return values.length == 0 ? Double.NaN : LINEAR.evaluate(values, p / 100);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
