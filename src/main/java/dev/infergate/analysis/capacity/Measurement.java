package dev.infergate.analysis.capacity;

import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.Quantiles;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.Slo;
import dev.infergate.record.RequestRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
 * @param offeredPerSecond       the rate really offered over the measured time: measured arrivals (every request
 *                               scheduled there, cancelled ones too) / the measured time; NaN when not known
 * @param missMarginsMs          for each measured request that completed but missed the SLO: by how much it missed
 *                               ({@link Slo#missedByNanos}) less its own client lag, ms, sorted; a miss whose margin
 *                               is within the server's reported lateness may be the machine's, not the server's; -inf
 *                               for each one the client cancelled when the run ended (its outcome unknown)
 * @param recordedWait           the longest wait as a capacity.json recorded it, for a measurement read back from the
 *                               file without its requests ({@link #counted}); null when the requests are here
 * @param hiddenOverload         the largest share by which the rate may exceed what the server sustains without this
 *                               probe showing it ({@link #hiddenOverload(List, java.time.Duration)}); NaN when unknown
 * @param effectiveSent          how many independent trials {@code sent} is worth, misses coming in runs while a queue
 *                               stands ({@link EffectiveTrials}); NaN when unknown (then {@code sent})
 */
public record Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs,
        double[] e2eFromScheduledMs, double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare,
        double serverLateP99Ms, double offeredPerSecond, double[] missMarginsMs, LongestWait recordedWait, double hiddenOverload,
        double effectiveSent) {
    /**
     * A run is server-stalled when the server lost more than this share of its time: 1 % of its serving time moves
     * its capacity by about 1 %, well inside a search's 5-15 % tolerance, and an idle machine loses none.
     */
    public static final double SERVER_STALL_LIMIT_SHARE = SimulatorLag.STALL_LIMIT_SHARE;

    public Measurement {
        if (!(ratePerSecond > 0)) {
            throw new IllegalArgumentException("ratePerSecond (" + ratePerSecond + ") must be > 0");
        }
        if (sent < 0 || good < 0 || good > sent) {
            throw new IllegalArgumentException("good (" + good + ") must be between 0 and sent (" + sent + ")");
        }
        ttftFromScheduledMs = ttftFromScheduledMs.clone();
        e2eFromScheduledMs = e2eFromScheduledMs.clone();
        missMarginsMs = missMarginsMs.clone();
        Arrays.sort(missMarginsMs);
        if (recordedWait != null && (ttftFromScheduledMs.length > 0 || e2eFromScheduledMs.length > 0)) {
            throw new IllegalArgumentException("recordedWait must be null when the waits themselves are here");
        }
        if (hiddenOverload < 0) {
            throw new IllegalArgumentException("hiddenOverload (" + hiddenOverload + ") must be >= 0 or NaN");
        }
        if (effectiveSent < 0 || effectiveSent > sent) {
            throw new IllegalArgumentException("effectiveSent (" + effectiveSent + ") must be between 0 and sent (" + sent + ") or NaN");
        }
    }

    /** A measurement whose requests' clustering is not known: each counts as an independent trial. */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare, double serverLateP99Ms,
            double offeredPerSecond, double[] missMarginsMs, LongestWait recordedWait, double hiddenOverload) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests,
                serverStalledShare, serverLateP99Ms, offeredPerSecond, missMarginsMs, recordedWait, hiddenOverload, Double.NaN);
    }

    /** A measurement with all its fields but the hidden overload (unknown: none assumed). */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare, double serverLateP99Ms,
            double offeredPerSecond, double[] missMarginsMs, LongestWait recordedWait) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests,
                serverStalledShare, serverLateP99Ms, offeredPerSecond, missMarginsMs, recordedWait, Double.NaN);
    }

    /** A measurement of requests that are all here (its longest wait computed from them). */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare, double serverLateP99Ms,
            double offeredPerSecond, double[] missMarginsMs) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests,
                serverStalledShare, serverLateP99Ms, offeredPerSecond, missMarginsMs, null);
    }

    /**
     * A probe read back from capacity.json: its counts, the rate it offered (NaN: not recorded) and its longest wait as
     * the file recorded it ({@code wait} null: the file is older than that figure, and the wait shows as unknown, never 0).
     */
    public static Measurement counted(double ratePerSecond, long sent, long good, double offeredPerSecond, LongestWait wait) {
        return counted(ratePerSecond, sent, good, offeredPerSecond, wait, Double.NaN);
    }

    /** As {@link #counted(double, long, long, double, LongestWait)}, with the hidden overload the file recorded (NaN: none). */
    public static Measurement counted(double ratePerSecond, long sent, long good, double offeredPerSecond, LongestWait wait,
            double hiddenOverload) {
        return counted(ratePerSecond, sent, good, offeredPerSecond, wait, hiddenOverload, Double.NaN);
    }

    /** As above, with the effective trials the file recorded (NaN: not recorded, each request a trial). */
    public static Measurement counted(double ratePerSecond, long sent, long good, double offeredPerSecond, LongestWait wait,
            double hiddenOverload, double effectiveSent) {
        return new Measurement(ratePerSecond, sent, good, new double[0], new double[0], Double.NaN, 0, Double.NaN, Double.NaN,
                offeredPerSecond, new double[0], wait, hiddenOverload, effectiveSent);
    }

    /** A measurement that knows nothing of its misses' margins (each miss counts as the server's). */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare, double serverLateP99Ms,
            double offeredPerSecond) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests,
                serverStalledShare, serverLateP99Ms, offeredPerSecond, new double[0]);
    }

    /** A measurement whose offered rate is not known. */
    public Measurement(double ratePerSecond, long sent, long good, double[] ttftFromScheduledMs, double[] e2eFromScheduledMs,
            double clientLagP99Ms, long clientLaggedRequests, double serverStalledShare, double serverLateP99Ms) {
        this(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms, clientLaggedRequests,
                serverStalledShare, serverLateP99Ms, Double.NaN);
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

    /**
     * Whether no capacity may be decided on this run: the server stalled (or the client fell behind) by enough to
     * explain which side of {@code target} the run came out on. Lateness only adds time, so a run that held the
     * target held it on a prompt machine too; a run that missed it decides as well when, even with every miss that
     * its lateness could explain counted as good ({@link #goodAtMost()}), it would still miss. Only a run in
     * between is run again: the bound, not the mere presence of lateness, holds a probe back.
     */
    public boolean decidesNothing(double target) {
        if (!late()) {
            return false;
        }
        if (attainment() >= target) {
            return false; // lateness can only have turned goods into misses
        }
        return sent > 0 && (double) goodAtMost() / sent >= target;
    }

    /**
     * The most requests that may have met the SLO on a prompt machine: the good ones, and each miss whose margin
     * (its overshoot less its own client lag, which is known per request) lies within {@link #latenessAllowanceMs()}.
     */
    public long goodAtMost() {
        double allowance = latenessAllowanceMs();
        return good + Arrays.stream(missMarginsMs).filter(m -> m <= allowance).count();
    }

    /**
     * What lateness beyond each request's own client lag may have added to a request, ms: the server's reported token
     * lateness p99 (the simulator's dispatch lateness), plus the time its engine lost to stalls over the whole measured
     * time (a request's decode can have been stretched by every stall while it ran: what bounds a TPOT miss), plus
     * the client's lag p99 (a client late to send was busy, and may have been as late to read). A server that reports
     * none adds nothing.
     */
    public double latenessAllowanceMs() {
        double measuredSeconds = offeredPerSecond > 0 ? sent / offeredPerSecond : Double.NaN;
        double engineLostMs = Double.isNaN(serverStalledShare) || Double.isNaN(measuredSeconds) ? 0 : serverStalledShare * measuredSeconds * 1000;
        return (Double.isNaN(serverLateP99Ms) ? 0 : serverLateP99Ms) + engineLostMs + (Double.isNaN(clientLagP99Ms) ? 0 : clientLagP99Ms);
    }

    /** Whether this run was late: the client fell behind or the server stalled (what {@link #decidesNothing(double)} bounds). */
    public boolean late() {
        return clientLimited() || serverStalled();
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

    /** This measurement with {@code trials} as its effective trials (NaN: each request a trial). */
    public Measurement withEffectiveSent(double trials) {
        return new Measurement(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms,
                clientLaggedRequests, serverStalledShare, serverLateP99Ms, offeredPerSecond, missMarginsMs, recordedWait,
                hiddenOverload, trials);
    }

    /** This measurement with what the server reported of its own lateness (NaN: unknown). */
    public Measurement withServerLateness(double stalledShare, double lateP99Ms) {
        return new Measurement(ratePerSecond, sent, good, ttftFromScheduledMs, e2eFromScheduledMs, clientLagP99Ms,
                clientLaggedRequests, stalledShare, lateP99Ms, offeredPerSecond, missMarginsMs, recordedWait, hiddenOverload,
                effectiveSent);
    }

    /**
     * Judges the measured records of a run against {@code slo}; failures count as misses. A user cancellation
     * ({@code --cancel-rate}) is neither good nor a miss: it is left out of {@code sent}, as in the summary's
     * attainment, or no rate could reach a target above the share of requests kept.
     */
    public static Measurement of(double ratePerSecond, List<RequestRecord> records, Slo slo) {
        return of(ratePerSecond, records, slo, null);
    }

    /**
     * As {@link #of(double, List, Slo)}, with the rate really offered over {@code measuredTime} (null: not known):
     * every measured request counts as an arrival, cancelled ones too.
     */
    public static Measurement of(double ratePerSecond, List<RequestRecord> records, Slo slo, java.time.Duration measuredTime) {
        long arrivals = records.stream().filter(RequestRecord::measured).count();
        double offered = measuredTime == null || measuredTime.isZero() ? Double.NaN : arrivals / (measuredTime.toNanos() / 1e9);
        List<RequestRecord> measured = judged(records);
        long good = measured.stream().filter(slo::met).count();
        double[] ttft = measured.stream().filter(RequestRecord::succeeded)
                .mapToDouble(r -> r.ttftFromScheduledNanos() / 1e6).filter(v -> v >= 0).toArray();
        double[] e2e = measured.stream().filter(RequestRecord::succeeded)
                .mapToDouble(r -> r.e2eFromScheduledNanos() / 1e6).filter(v -> v >= 0).toArray();
        ClientLag lag = new ClientLag();
        measured.forEach(lag::add);
        double[] margins = measured.stream().filter(RequestRecord::succeeded).filter(r -> !slo.met(r))
                .mapToDouble(r -> (slo.missedByNanos(r) - Math.max(0, r.clientLagNanos() == RequestRecord.ABSENT ? 0 : r.clientLagNanos())) / 1e6)
                .filter(Double::isFinite).toArray();
        // a request the client cancelled when the run ended (its drain's end, or a probe's miss already decided) counts
        // as a miss, but its outcome is unknown: for the lateness bound it may have been good (-inf: within any allowance)
        long cut = measured.stream().filter(r -> r.outcome().error() == dev.infergate.record.ErrorClass.CANCELLED).count();
        if (cut > 0) {
            margins = java.util.stream.DoubleStream.concat(Arrays.stream(margins),
                    java.util.stream.DoubleStream.generate(() -> Double.NEGATIVE_INFINITY).limit(cut)).toArray();
        }
        return new Measurement(ratePerSecond, measured.size(), good, ttft, e2e, lag.lagP99Millis(), lag.laggedRequests(),
                Double.NaN, Double.NaN, offered, margins, null, hiddenOverload(measured, measuredTime));
    }

    /** The requests a measurement judges: measured, and not cancelled by the user (neither good nor a miss). */
    private static List<RequestRecord> judged(List<RequestRecord> records) {
        return records.stream().filter(r -> r.measured() && !r.cancelled()).toList();
    }

    /**
     * This measurement (made by {@link #of} from {@code records}) with its {@link #effectiveTrials effective trials}
     * counted: only {@code trials: effective} asks for them, so {@link #of} does not spend the work.
     */
    public Measurement withEffectiveTrials(List<RequestRecord> records, Slo slo) {
        return withEffectiveSent(effectiveTrials(judged(records), slo));
    }

    /**
     * How many independent trials the requests are worth: all of them when the probe ended falling behind
     * ({@link #fellBehind}: its last arrivals all failed or waited past a TTFT or E2E target; TPOT misses do not count
     * there, see below); else the smaller of two counts, each of the server's state as every request sampled it, in
     * the order they were scheduled to arrive (not the outcomes: a run of outcomes can be the probe's own shape).
     * <ul>
     * <li>The looks of its <b>queue waits</b> ({@link EffectiveTrials#of}: the first token from the schedule less the
     * client's lag, the wait {@link #hiddenOverload} reads): a probe that watched one queue build, or caught one episode,
     * shows it whether or not anyone missed yet. A queue that builds from idle over tens of seconds sits far from a TTFT
     * target through a short probe that would miss it in a long run; its trend is what shortens this count.</li>
     * <li>What its <b>margins to the SLO</b> are worth ({@link EffectiveTrials#fromMargins}) in the share of the SLO each
     * request used ({@link Slo#shareUsed}: that wait over the TTFT target, TPOT over its target, E2E from the schedule
     * over its): under a TPOT target the decode batch swells and drains in waves as long as a probe while the first-token
     * waits stay flat (the demo's candidate, Dec 6: TPOT 21.8 ms rising to 25.0 and falling to 15.5 in one 10.9 req/s
     * probe). Counted on the waits alone the demo's refining probes were worth 35.6 trials at the median, and identical
     * servers were told apart in 4 of 9 demo-sized A/A runs; on the share's looks alone 4.4, and the demo's difference
     * could no longer be told (docs/acceptance.md, "Capacity at the SLO"). The margins tell the two apart: a probe whose
     * TPOT peaked at 24.9 ms of 25 is worth little more than its looks, one at 15 ms of it its requests.</li>
     * </ul>
     * Why a probe whose last arrivals all missed only their TPOT has not fallen behind: the batch's pace is a wave, not a
     * backlog. In an identical-sides run (Dec 7, two copies of the demo's candidate) the baseline's probe at 10.7 req/s
     * ended with 23 requests over the 25 ms target as its TPOT climbed from 14 to 29 ms, counted as 72 sure trials, while
     * the other copy held 100 % at 10.6, 11.4 and 11.7 req/s: the run's capacity difference came out +6,657
     * requests/hour [+3,533, +inf] for identical servers.
     */
    static double effectiveTrials(List<RequestRecord> measured, Slo slo) {
        List<RequestRecord> inOrder = measured.stream()
                .sorted(java.util.Comparator.comparingLong(r -> r.marks().scheduledNanos())).toList();
        boolean[] waitedInTime = new boolean[inOrder.size()];
        double[] waits = new double[inOrder.size()];
        double[] logShares = new double[inOrder.size()];
        Slo backlog = slo.withoutTpot();
        for (int i = 0; i < waitedInTime.length; i++) {
            RequestRecord r = inOrder.get(i);
            waitedInTime[i] = backlog.met(r);
            waits[i] = waitedNanos(r);
            logShares[i] = Math.log(Math.max(SHARE_FLOOR, slo.shareUsed(r, waits[i])));
        }
        if (fellBehind(waitedInTime)) {
            return waitedInTime.length;
        }
        double queue = EffectiveTrials.of(waits);
        return slo.isEmpty() ? queue : Math.min(queue, EffectiveTrials.fromMargins(logShares));
    }

    /** The least share of the SLO counted (a thousandth: 2 ms of a 2 s TTFT target), so that its log stays finite. */
    private static final double SHARE_FLOOR = 1e-3;

    /**
     * Whether a probe ended falling behind: every one of its last {@link #END_SHARE} of arrivals (at least three) missed
     * ({@code goodInArrivalOrder}: whether each met the targets a backlog decides, {@link Slo#withoutTpot}).
     * Its misses then come as a trend, not an episode: a probe starts from an idle server and can only flatter its
     * rate's sustained attainment, and one whose latest users all miss shows a server that will not catch up at that rate,
     * so its miss is sure, and counts as its requests. A run of misses that ended before the probe did is an episode
     * it may have caught by chance, and counts as the trials the correlation leaves.
     */
    static boolean fellBehind(boolean[] goodInArrivalOrder) {
        int n = goodInArrivalOrder.length;
        int last = (int) Math.ceil(END_SHARE * n);
        if (last < 3) {
            return false;
        }
        for (int i = n - last; i < n; i++) {
            if (goodInArrivalOrder[i]) {
                return false;
            }
        }
        return true;
    }

    /** How many independent trials the requests are worth ({@link #effectiveSent}; {@code sent} when unknown). */
    public double trials() {
        return Double.isNaN(effectiveSent) ? sent : effectiveSent;
    }

    /** The share of a probe's measured arrivals, at its end, whose first-token waits bound its hidden overload. */
    static final double END_SHARE = 0.1;

    /**
     * The largest share e by which the offered rate may exceed what the server sustains without this probe showing it
     * (docs/acceptance.md, "Short probes and the sustained capacity"). Above the rate a first-come-first-served server
     * sustains, its backlog grows by (offered - sustained) x t, and a request arriving then waits behind all of it:
     * the last arrivals of a measured window of L seconds (the probe offers exactly its count, so the window's end is
     * not a matter of chance) wait at least e x L, once the warm-up has filled the server's slots. What they did wait
     * is their first-token time from the schedule less the probe's shortest (the time a request takes unqueued), each
     * less its own client lag (a client late to send is the client's, never the server's backlog), so
     * e is at most that wait / L: the largest over the last {@link #END_SHARE} of the window's arrivals. A probe whose
     * last arrivals waited 0.5 s after 3 s cannot tell an overload of 17 % from none; one whose last users waited no
     * longer than its first rules out all but noise. NaN without a window or a first token.
     */
    static double hiddenOverload(List<RequestRecord> measured, java.time.Duration measuredTime) {
        if (measuredTime == null || measuredTime.isZero() || measured.isEmpty()) {
            return Double.NaN;
        }
        double windowNanos = measuredTime.toNanos();
        long end = measured.stream().mapToLong(r -> r.marks().scheduledNanos()).max().orElseThrow();
        long from = end - (long) (END_SHARE * windowNanos);
        double fastest = measured.stream().filter(RequestRecord::succeeded).filter(r -> r.ttftFromScheduledNanos() >= 0)
                .mapToLong(Measurement::serverWaitNanos).min().orElse(-1);
        if (fastest < 0) {
            return Double.NaN;
        }
        List<RequestRecord> last = measured.stream().filter(r -> r.marks().scheduledNanos() >= from).toList();
        double longest = 0;
        for (RequestRecord r : last) {
            longest = Math.max(longest, waitedNanos(r) - fastest);
        }
        return Math.max(0, longest) / windowNanos;
    }

    /**
     * How long a request waited for the server: its first token from the schedule less the client's own lag; one with no
     * first token (failed, or cut by a decided miss) waited at least until its end.
     */
    private static long waitedNanos(RequestRecord r) {
        return r.succeeded() && r.ttftFromScheduledNanos() >= 0 ? serverWaitNanos(r)
                : Math.max(0, r.marks().doneNanos() - r.marks().scheduledNanos() - clientLag(r));
    }

    /** First token from the schedule less the client's own lag: a client late to send adds no server backlog. */
    private static long serverWaitNanos(RequestRecord r) {
        return Math.max(0, r.ttftFromScheduledNanos() - clientLag(r));
    }

    private static long clientLag(RequestRecord r) {
        long lag = r.clientLagNanos();
        return lag == RequestRecord.ABSENT ? 0 : Math.max(0, lag);
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
        double offered = repeats.stream().mapToDouble(Measurement::offeredPerSecond).filter(v -> !Double.isNaN(v)).average()
                .orElse(Double.NaN);
        double[] margins = repeats.stream().flatMapToDouble(m -> Arrays.stream(m.missMarginsMs)).toArray();
        double hidden = repeats.stream().mapToDouble(Measurement::hiddenOverload).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        // separate runs are independent of each other: their trials add up
        double trials = repeats.stream().allMatch(m -> Double.isNaN(m.effectiveSent())) ? Double.NaN
                : repeats.stream().mapToDouble(Measurement::trials).sum();
        return new Measurement(repeats.get(0).ratePerSecond(), sent, good, ttft, e2e, lag, lagged, stalled, late, offered, margins,
                null, hidden, trials);
    }

    /** Percentile {@code p} (0-100) of TTFT from the scheduled time of the successful requests, ms; NaN when none. */
    public double ttftFromScheduledPercentileMs(double p) {
        return percentile(ttftFromScheduledMs, p);
    }

    /** Percentile {@code p} (0-100) of E2E from the scheduled time of the successful requests, ms; NaN when none. */
    public double e2eFromScheduledPercentileMs(double p) {
        return percentile(e2eFromScheduledMs, p);
    }

    /**
     * The wait of the longest-waiting users: p99 and max of TTFT and E2E from scheduled, ms (NaN when empty); for a
     * probe read back from a file, what the file recorded ({@link #recordedWait}).
     */
    public LongestWait longestWait() {
        if (recordedWait != null) {
            return recordedWait;
        }
        return new LongestWait(percentile(ttftFromScheduledMs, 99), max(ttftFromScheduledMs),
                percentile(e2eFromScheduledMs, 99), max(e2eFromScheduledMs), e2eFromScheduledMs.length);
    }

    /**
     * The wait of the longest-waiting users at a rate, in milliseconds from the scheduled time.
     *
     * @param count successful requests behind the figures (a p99 wants about 1,000)
     */
    public record LongestWait(double ttftP99Ms, double ttftMaxMs, double e2eP99Ms, double e2eMaxMs, long count) {}

    /** The percentile ({@code p} in 0-100) as every figure takes it ({@link Quantiles}); NaN when empty. */
    private static double percentile(double[] values, double p) {
        return Quantiles.of(values, p);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
