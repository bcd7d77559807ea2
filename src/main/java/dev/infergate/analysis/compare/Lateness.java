package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.SimulatorLag;
import java.util.List;
import java.util.Locale;

/**
 * How much the measuring machine's own lateness can have added to one side's figures: a bound, not a correction
 * (docs/acceptance.md, "Late clients and simulators: bounds, not vetoes"). Lateness only ever makes a side look
 * worse: a late read adds to a latency, a stalled engine adds to every request in flight and takes time out of
 * the window a rate is counted over. So a criterion whose interval clears its limit by more than the other
 * side's lateness can explain is decided whatever the lateness did; one that does not is inconclusive, naming it.
 *
 * <p>The bounds are deliberately the worst case a run's marks allow, never a typical value: a run's figures
 * cannot tell which requests the lateness hit, so a percentile may have moved by all of it.
 *
 * @param clientMs    the client's largest lag behind its schedule in any measured request of a repeat, ms
 *                    ({@code RequestRecord#clientLagNanos}): a client whose event loop was that late to write was,
 *                    as far as the marks can tell, as late to read, so it bounds what it added to any latency
 * @param simulatorMs for infergate's simulator: the model time its engine lost to stalls over a repeat plus the
 *                    latest a token left for its connection (the largest lateness bucket reached), ms; each stall
 *                    delays every request in flight by at most its length, so their sum bounds any one request's
 *                    delay. 0 for another server (it reports neither, and nothing is known)
 * @param rateShare   the share of a repeat's window the lateness took: the engine's stalls plus the client's lag
 *                    summed over requests, over the window (at most 1); bounds how much lower a rate measured over
 *                    the window came out
 * @param fewestGaps  the fewest gaps between output tokens (output tokens - 1) of any request with a TPOT: a delay of
 *                    X ms between a request's first and last token moves its TPOT (and mean ITL) by at most X over
 *                    its gaps, so per-token figures are bounded by the lateness over this; 1 when unknown
 */
public record Lateness(double clientMs, double simulatorMs, double rateShare, long fewestGaps) {
    /** No lateness measured (an imported result, an older log): nothing is bounded, nothing held back. */
    public static final Lateness NONE = new Lateness(0, 0, 0);

    /** A lateness with per-token figures bounded as whole latencies (the gaps unknown). */
    public Lateness(double clientMs, double simulatorMs, double rateShare) {
        this(clientMs, simulatorMs, rateShare, 1);
    }

    public Lateness {
        if (!(clientMs >= 0) || !(simulatorMs >= 0)) {
            throw new IllegalArgumentException("clientMs (" + clientMs + ") and simulatorMs (" + simulatorMs
                    + ") must be >= 0");
        }
        if (!(rateShare >= 0 && rateShare <= 1)) {
            throw new IllegalArgumentException("rateShare (" + rateShare + ") must be in [0, 1]");
        }
        if (fewestGaps < 1) {
            throw new IllegalArgumentException("fewestGaps (" + fewestGaps + ") must be >= 1");
        }
    }

    /** The client's part of a repeat: its largest lag and the lag summed over the window ({@code windowSeconds}). */
    static Lateness ofClient(double maxLagMs, double sumLagMs, double windowSeconds, long fewestGaps) {
        double share = windowSeconds > 0 ? Math.min(1, sumLagMs / (windowSeconds * 1e3)) : 0;
        return new Lateness(Math.max(0, maxLagMs), 0, share, Math.max(1, fewestGaps));
    }

    /** This (the client's part) with the simulator's lag over the same repeat added; unchanged for another server. */
    Lateness servedWith(SimulatorLag lag) {
        if (!lag.known()) {
            return this;
        }
        double stalledMs = Double.isNaN(lag.stalledSeconds()) ? 0 : lag.stalledSeconds() * 1e3;
        double lateMs = lag.tokens() > 0 ? lag.lateQuantileMs(1.0) : 0;
        double stalledShare = Double.isNaN(lag.stalledShare()) ? 0 : lag.stalledShare();
        return new Lateness(clientMs, stalledMs + (Double.isNaN(lateMs) ? 0 : lateMs), Math.min(1, rateShare + stalledShare),
                fewestGaps);
    }

    /** Both parts together, ms: the most any latency figure of the side can have gained from lateness. */
    public double latencyMs() {
        return clientMs + simulatorMs;
    }

    /** What lateness can have added to {@code m}, ms: all of it to a latency, a share over the gaps to a per-token one. */
    double latencyMs(Metric m) {
        return perToken(m) ? latencyMs() / fewestGaps : latencyMs();
    }

    private static boolean perToken(Metric m) {
        return m == Metric.TPOT || m == Metric.ITL_MEAN_PER_REQUEST;
    }

    /** Whether anything was late at all. */
    public boolean any() {
        return latencyMs() > 0 || rateShare > 0;
    }

    /** The largest of each part over {@code repeats}: a side's figures pool its repeats, so any one may carry its worst. */
    static Lateness worstOf(List<Lateness> repeats) {
        double client = 0;
        double simulator = 0;
        double share = 0;
        long gaps = Long.MAX_VALUE;
        for (Lateness l : repeats) {
            client = Math.max(client, l.clientMs);
            simulator = Math.max(simulator, l.simulatorMs);
            share = Math.max(share, l.rateShare);
            gaps = Math.min(gaps, l.fewestGaps);
        }
        return new Lateness(client, simulator, share, gaps == Long.MAX_VALUE ? 1 : gaps);
    }

    /** Whether lateness moves {@code m}: latencies (by ms) and rates counted over the window (by a share). */
    static boolean bounds(Metric m) {
        return m.isLatency() || isWindowRate(m);
    }

    static boolean isWindowRate(Metric m) {
        return m == Metric.THROUGHPUT_OUTPUT_TOKENS || m == Metric.THROUGHPUT_REQUESTS || m == Metric.GOODPUT_REQUESTS;
    }

    /**
     * A value of {@code m} measured on this side, moved as far toward "this side was better" as this lateness
     * allows: a latency less the lateness (never below 0), a rate as if the lost share had been served.
     */
    double truthAtBest(Metric m, double measured) {
        if (m.isLatency()) {
            return Math.max(0, measured - latencyMs(m));
        }
        if (isWindowRate(m)) {
            return rateShare >= 1 ? Double.POSITIVE_INFINITY : measured / (1 - rateShare);
        }
        return measured;
    }

    /** What this lateness is for {@code m}, for a note: {@code 186 ms (simulator stalls and late tokens 180, client 6)}. */
    String describe(Metric m) {
        if (isWindowRate(m)) {
            return String.format(Locale.ROOT, "%.1f %% of the run's window", rateShare * 100);
        }
        String perToken = perToken(m) && fewestGaps > 1 ? String.format(Locale.ROOT, " over at least %,d gaps between"
                + " tokens: %s ms a token", fewestGaps, ms(latencyMs(m))) : "";
        String parts = simulatorMs > 0 && clientMs > 0
                ? String.format(Locale.ROOT, " (the simulator's stalls and late tokens %s, the client's lag %s)", ms(simulatorMs), ms(clientMs))
                : simulatorMs > 0 ? " (the simulator's stalls and late tokens)" : " (the client's lag behind its schedule)";
        return ms(latencyMs()) + " ms" + parts + perToken;
    }

    private static String ms(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%,.0f", v) : v >= 0.1 || v == 0 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.3f", v);
    }
}
