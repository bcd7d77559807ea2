package dev.infergate.analysis.compare;

import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.ReasoningFigures;
import dev.infergate.analysis.SessionTrack;
import dev.infergate.analysis.SimulatorDelays;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.delivery.DeliveryClassifier;
import dev.infergate.analysis.delivery.DeliveryKind;
import dev.infergate.analysis.delivery.RequestDelivery;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured requests of one independent repeat (one run, or one condition of a run), as columns ready
 * for resampling: one value per request and per-request metric (NaN when undefined for that request, e.g.
 * a failed request has no TTFT), and each request's contribution to the run metrics.
 *
 * <p>Warm-up records are dropped here. Failed requests stay in: they count in the shares and their
 * absence of latency is never mistaken for speed.
 */
public final class RepeatSample {
    private final int size;
    private final double[][] values;
    private final double[][] contributions;
    private final double windowSeconds;
    private final int sessions;
    /** Each request's id (its index in the run's schedule), for pairing with the other side's same request. */
    private final long[] ids;
    /** Whether the client fell behind its schedule in this run ({@link ClientLag#limited()}). */
    private final boolean clientLimited;
    /** Whether infergate's simulator, the server of this run, fell behind its own model ({@link SimulatorLag#behind()}). */
    private final boolean simulatorBehind;
    /** What the client's (and the simulator's) lateness can have added to this run's figures. */
    private final Lateness lateness;
    /** Each request's own lateness, when the sample was built from records and not yet moved by it; else null. */
    private final RequestLateness perRequest;

    /** Contribution columns of the run metrics. */
    enum Part {
        OUTPUT_TOKENS, COMPLETED, GOOD, FAILED, TIMED_OUT, CACHE_HIT,
        /** 1 unless the client cancelled the request on purpose: the denominator of the error, timeout and attainment shares. */
        COUNTED,
        /** 1 when the answer's delivery was classified (streamed, long enough, completed): the delivery shares' denominator. */
        CLASSIFIED,
        /** 1 when it was classified bursty or buffered. */
        NOT_INCREMENTAL,
        /** 1 when it was classified buffered: its TPOT, mean ITL and effective tok/s are not measurable. */
        BUFFERED
    }

    /** An imported side (another tool's result): never paired with the other side's requests. */
    private final boolean imported;
    /** Whether any measured answer reasoned (a first reasoning event, or reasoning tokens in its usage). */
    private final boolean reasoning;

    RepeatSample(double[][] values, double[][] contributions, double windowSeconds, int sessions, long[] ids) {
        this(values, contributions, windowSeconds, sessions, ids, false);
    }

    RepeatSample(double[][] values, double[][] contributions, double windowSeconds, int sessions, long[] ids,
            boolean clientLimited) {
        this(values, contributions, windowSeconds, sessions, ids, clientLimited, false, false, false, Lateness.NONE, null);
    }

    private RepeatSample(double[][] values, double[][] contributions, double windowSeconds, int sessions, long[] ids,
            boolean clientLimited, boolean imported, boolean reasoning, boolean simulatorBehind, Lateness lateness,
            RequestLateness perRequest) {
        this.clientLimited = clientLimited;
        this.lateness = lateness;
        this.perRequest = perRequest;
        this.simulatorBehind = simulatorBehind;
        this.imported = imported;
        this.reasoning = reasoning;
        this.values = values;
        this.contributions = contributions;
        this.size = contributions[0].length;
        this.windowSeconds = windowSeconds;
        this.sessions = sessions;
        if (ids.length != size) {
            throw new IllegalArgumentException("ids (" + ids.length + ") must match the requests (" + size + ")");
        }
        this.ids = ids;
    }

    /** As {@link #of(List, Slo, int)} for records of independent requests (or sessions of unknown length). */
    public static RepeatSample of(List<RequestRecord> records, Slo slo) {
        return of(records, slo, 0);
    }

    /**
     * Builds the columns from {@code records} (warm-up dropped), judging goodput against {@code slo}.
     * The window runs from the earliest scheduled time to the latest end, as in summary.json.
     *
     * @param turnsPerSession turns each agent session was meant to run (run.json {@code load.turns}), for
     *                        {@link Metric#SESSION_TOTAL}; 0: the most turns seen in any session
     */
    public static RepeatSample of(List<RequestRecord> records, Slo slo, int turnsPerSession) {
        Slo s = slo == null ? Slo.NONE : slo;
        List<RequestRecord> measured = records.stream().filter(RequestRecord::measured).toList();
        int n = measured.size();
        double[][] values = new double[Metric.values().length][n];
        double[][] parts = new double[Part.values().length][n];
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            RequestRecord r = measured.get(i);
            start = Math.min(start, r.marks().scheduledNanos());
            end = Math.max(end, Math.max(r.marks().doneNanos(), r.marks().scheduledNanos()));
            RequestDelivery d = r.succeeded() ? DeliveryClassifier.classify(r) : null;
            boolean buffered = d != null && d.kind() == DeliveryKind.BUFFERED;
            for (Metric m : Metric.values()) {
                if (m.perRequest() && !m.perSession()) {
                    values[m.ordinal()][i] = buffered && notMeasurableWhenBuffered(m) ? Double.NaN
                            : r.succeeded() || r.cancelled() && receivedPart(m) ? perRequest(m, r) : Double.NaN;
                }
            }
            values[Metric.TTFT_SHARE_OF_E2E.ordinal()][i] = d == null ? Double.NaN : d.ttftShareOfE2e();
            parts[Part.CLASSIFIED.ordinal()][i] = d != null && d.classified() ? 1 : 0;
            parts[Part.NOT_INCREMENTAL.ordinal()][i] = d != null && d.classified() && d.kind() != DeliveryKind.INCREMENTAL ? 1 : 0;
            parts[Part.BUFFERED.ordinal()][i] = buffered ? 1 : 0;
            parts[Part.OUTPUT_TOKENS.ordinal()][i] = r.succeeded() ? r.tokens().output() : 0;
            parts[Part.COMPLETED.ordinal()][i] = r.succeeded() ? 1 : 0;
            parts[Part.GOOD.ordinal()][i] = s.met(r) ? 1 : 0;
            parts[Part.FAILED.ordinal()][i] = r.failed() ? 1 : 0;
            parts[Part.COUNTED.ordinal()][i] = r.cancelled() ? 0 : 1;
            parts[Part.TIMED_OUT.ordinal()][i] = isTimeout(r.outcome().error()) ? 1 : 0;
            parts[Part.CACHE_HIT.ordinal()][i] = r.warmCache() ? 1 : 0;
        }
        double window = n == 0 ? 0 : Math.max(0, end - start) / 1e9;
        int sessions = sessionTotals(measured, turnsPerSession, values[Metric.SESSION_TOTAL.ordinal()]);
        long[] ids = measured.stream().mapToLong(RequestRecord::id).toArray();
        ClientLag lag = new ClientLag();
        measured.forEach(lag::add);
        boolean reasoning = measured.stream().anyMatch(RepeatSample::reasoned);
        return new RepeatSample(values, parts, window, sessions, ids, lag.limited(), false, reasoning, false,
                clientLateness(measured, window), RequestLateness.ofClient(measured));
    }

    /** The client's part of this run's {@link Lateness}: its largest lag, and the lag summed over the window. */
    private static Lateness clientLateness(List<RequestRecord> measured, double windowSeconds) {
        long max = 0;
        double sumMs = 0;
        long fewestGaps = Long.MAX_VALUE;
        for (RequestRecord r : measured) {
            if (r.succeeded() && r.tokens().output() > 1) {
                fewestGaps = Math.min(fewestGaps, r.tokens().output() - 1);
            }
            long lagNanos = r.clientLagNanos();
            if (lagNanos != RequestRecord.ABSENT) {
                max = Math.max(max, lagNanos);
                sumMs += lagNanos / 1e6;
            }
        }
        return Lateness.ofClient(max / 1e6, sumMs, windowSeconds, fewestGaps == Long.MAX_VALUE ? 1 : fewestGaps);
    }

    private static boolean reasoned(RequestRecord r) {
        return r.reasoning().firstReasoningNanos() != RequestRecord.ABSENT || r.reasoning().usageTokens() > 0;
    }

    /** Whether any measured answer of this repeat reasoned: a comparison then shows the reasoning figures. */
    public boolean reasoning() {
        return reasoning;
    }

    /** Whether the client fell behind its schedule in this run: its figures describe the machine as much as the server. */
    public boolean clientLimited() {
        return clientLimited;
    }

    /** Whether the simulator that served this run fell behind its own model: its figures describe this machine, not the profile. */
    public boolean simulatorBehind() {
        return simulatorBehind;
    }

    /** Whether its client fell behind, or the simulator that served it did: its lateness is then worth a note. */
    public boolean limited() {
        return clientLimited || simulatorBehind;
    }

    /** What the client's and the simulator's lateness can have added to this run's figures ({@link Lateness}). */
    public Lateness lateness() {
        return lateness;
    }

    /** This sample with {@code other} as its lateness (tests, and samples built without records). */
    RepeatSample withLateness(Lateness other) {
        return new RepeatSample(values, contributions, windowSeconds, sessions, ids, clientLimited, imported, reasoning,
                simulatorBehind, other, perRequest);
    }

    /** This sample, marked as served by a simulator that fell behind its model when {@code lag} says so. */
    RepeatSample servedWith(SimulatorLag lag) {
        return servedWith(lag, SimulatorDelays.NONE);
    }

    /**
     * This sample, marked as served by a simulator that fell behind its model when {@code lag} says so, with what
     * the simulator said about each request's own delay ({@code delays}; none: the run-wide bound for each).
     */
    RepeatSample servedWith(SimulatorLag lag, SimulatorDelays delays) {
        return new RepeatSample(values, contributions, windowSeconds, sessions, ids, clientLimited, imported, reasoning,
                lag.behind(), lateness.servedWith(lag), perRequest == null ? null : perRequest.servedWith(delays, ids));
    }

    /**
     * This sample with every per-request latency moved by {@code take} of each request's own lateness
     * ({@link RequestLateness}); null when it has no per-request lateness (built without records, or imported): the
     * run-wide bound then applies ({@link Lateness#truthAtBest}).
     */
    RepeatSample moved(RequestLateness.Take take) {
        if (perRequest == null || imported) {
            return null;
        }
        double[][] v = values.clone();
        for (Metric m : Metric.values()) {
            if (RequestLateness.bounds(m)) {
                v[m.ordinal()] = perRequest.moved(m, values[m.ordinal()], lateness.simulatorMs(), take);
            }
        }
        return new RepeatSample(v, contributions, windowSeconds, sessions, ids, clientLimited, imported, reasoning,
                simulatorBehind, lateness, null);
    }

    /**
     * Fills {@code totals} (NaN first) with each completed session's total, in milliseconds, at the index of
     * its last turn (as summary.json's {@code sessions.session_total_ms}); returns how many sessions the
     * records hold.
     */
    private static int sessionTotals(List<RequestRecord> measured, int turnsPerSession, double[] totals) {
        java.util.Arrays.fill(totals, Double.NaN);
        Map<String, SessionTrack> bySession = new HashMap<>();
        for (int i = 0; i < measured.size(); i++) {
            RequestRecord r = measured.get(i);
            if (r.session() != null) {
                bySession.computeIfAbsent(r.session(), k -> new SessionTrack()).add(r, i);
            }
        }
        int turns = SessionTrack.turns(turnsPerSession, bySession.values());
        for (SessionTrack t : bySession.values()) {
            if (t.completed(turns)) {
                totals[t.lastTurnIndex()] = t.totalNanos() / 1e6;
            }
        }
        return bySession.size();
    }

    private static boolean isTimeout(ErrorClass e) {
        return e == ErrorClass.TIMEOUT_CONNECT || e == ErrorClass.TIMEOUT_FIRST_TOKEN || e == ErrorClass.TIMEOUT_IDLE
                || e == ErrorClass.TIMEOUT_TOTAL;
    }

    /**
     * Whether {@code m} is not measurable for an answer that came in one lump (docs/metrics.md, "Streaming delivery"):
     * the gaps between its tokens are the client's reads, not the server's pace.
     */
    static boolean notMeasurableWhenBuffered(Metric m) {
        return m == Metric.TPOT || m == Metric.ITL_MEAN_PER_REQUEST || m == Metric.EFFECTIVE_TOKENS_PER_S;
    }

    /**
     * This sample of a run that did not stream: no answer's delivery is classified (one body is not a buffered stream),
     * so the delivery figures are undefined and a delivery criterion does not apply.
     */
    RepeatSample unstreamed() {
        double[][] v = values.clone();
        double[][] c = contributions.clone();
        double[] undefined = new double[size];
        java.util.Arrays.fill(undefined, Double.NaN);
        v[Metric.TOKENS_PER_EVENT.ordinal()] = undefined;
        v[Metric.TTFT_SHARE_OF_E2E.ordinal()] = undefined;
        c[Part.CLASSIFIED.ordinal()] = new double[size];
        c[Part.NOT_INCREMENTAL.ordinal()] = new double[size];
        c[Part.BUFFERED.ordinal()] = new double[size];
        return new RepeatSample(v, c, windowSeconds, sessions, ids, clientLimited, imported, reasoning, simulatorBehind,
                lateness, perRequest);
    }

    /** Answers whose delivery was classified, and of them those not incremental and those buffered. */
    public long[] deliveryCounts() {
        long[] out = new long[3];
        for (int i = 0; i < size; i++) {
            out[0] += (long) contributions[Part.CLASSIFIED.ordinal()][i];
            out[1] += (long) contributions[Part.NOT_INCREMENTAL.ordinal()][i];
            out[2] += (long) contributions[Part.BUFFERED.ordinal()][i];
        }
        return out;
    }

    /** Whether a user-cancelled request's value of {@code m} is real: what it received before the stop (as summary.json). */
    private static boolean receivedPart(Metric m) {
        return m == Metric.TTFT || m == Metric.TTFT_FROM_SCHEDULED || m == Metric.ITL_MEAN_PER_REQUEST;
    }

    /** The value of a per-request metric for a successful request, NaN when undefined. */
    static double perRequest(Metric m, RequestRecord r) {
        return switch (m) {
            case TTFT -> millis(r.ttftNanos());
            case TTFT_FROM_SCHEDULED -> millis(r.ttftFromScheduledNanos());
            case TIME_TO_FIRST_ANSWER -> r.firstAnswerOrTokenNanos() == RequestRecord.ABSENT || r.marks().sentNanos() == RequestRecord.ABSENT
                    ? Double.NaN : millis(r.firstAnswerOrTokenNanos() - r.marks().sentNanos());
            case E2E -> millis(r.e2eNanos());
            case E2E_FROM_SCHEDULED -> millis(r.e2eFromScheduledNanos());
            case TPOT -> r.tpotNanos() / 1e6;
            case ITL_MEAN_PER_REQUEST -> r.events().chunks() < 2 || r.marks().firstTokenNanos() == RequestRecord.ABSENT
                    || r.marks().lastTokenNanos() == RequestRecord.ABSENT
                    ? Double.NaN : (r.marks().lastTokenNanos() - r.marks().firstTokenNanos()) / 1e6 / (r.events().chunks() - 1);
            case QUEUE_WAIT -> r.marks().sentNanos() == RequestRecord.ABSENT ? Double.NaN : Math.max(0, r.queueWaitNanos()) / 1e6;
            case EFFECTIVE_TOKENS_PER_S -> r.effectiveTokensPerSecond();
            case TOKENS_PER_EVENT -> r.events().chunks() < 1 ? Double.NaN : r.tokensPerChunk();
            case TTFT_SHARE_OF_E2E -> r.marks().sentNanos() == RequestRecord.ABSENT || r.marks().firstTokenNanos() == RequestRecord.ABSENT
                    || r.marks().doneNanos() <= r.marks().sentNanos() ? Double.NaN
                    : (double) (r.marks().firstTokenNanos() - r.marks().sentNanos()) / (r.marks().doneNanos() - r.marks().sentNanos());
            case REASONING_TOKENS -> ReasoningFigures.reasoningTokens(r);
            case ANSWER_TOKENS -> Math.max(0, r.tokens().output() - ReasoningFigures.reasoningTokens(r));
            default -> throw new IllegalArgumentException(m.key() + " is not a per-request metric");
        };
    }

    private static double millis(long nanos) {
        return nanos == RequestRecord.ABSENT ? Double.NaN : Math.max(0, nanos) / 1e6;
    }

    /**
     * This sample as an imported side: every metric in {@code missing} (criteria keys the imported file does not
     * carry) undefined, so a criterion on it is inconclusive rather than judged on a stand-in, and never paired.
     * Reasoning and answer tokens too: no imported format carries them, and 0 would read as "did not reason".
     */
    RepeatSample imported(java.util.Collection<String> missing) {
        double[][] v = values.clone();
        double[][] c = contributions.clone();
        for (Metric m : Metric.values()) {
            if (!(missing.contains(m.key()) || m.reasoningOnly()) || m.scope() == Metric.Scope.DISTRIBUTION) {
                continue; // a pooled distribution is summary.json's, not a column here
            }
            double[] undefined = new double[size];
            java.util.Arrays.fill(undefined, Double.NaN);
            if (m.perRequest()) {
                v[m.ordinal()] = undefined;
            } else if (partOf(m) != null) {
                c[partOf(m).ordinal()] = undefined;
            }
        }
        return new RepeatSample(v, c, windowSeconds, sessions, ids, clientLimited, true, reasoning, simulatorBehind,
                lateness, null);
    }

    /** Whether this sample came from another tool's result (a fixed baseline: never paired). */
    boolean imported() {
        return imported;
    }

    private static Part partOf(Metric m) {
        return switch (m) {
            case THROUGHPUT_OUTPUT_TOKENS -> Part.OUTPUT_TOKENS;
            case THROUGHPUT_REQUESTS -> Part.COMPLETED;
            case GOODPUT_REQUESTS, GOODPUT_ATTAINMENT -> Part.GOOD;
            case ERROR_RATE -> Part.FAILED;
            case TIMEOUT_RATE -> Part.TIMED_OUT;
            case CACHE_HIT_RATE -> Part.CACHE_HIT;
            case DELIVERY_NOT_INCREMENTAL -> Part.NOT_INCREMENTAL;
            case DELIVERY_BUFFERED -> Part.BUFFERED;
            default -> null; // not a run metric built from contributions
        };
    }

    /** Measured requests (sent), failures included. */
    public int size() {
        return size;
    }

    /** Measured requests the client cancelled on purpose (user cancellations): neither completed nor failed. */
    public int cancelled() {
        int n = 0;
        for (double counted : contributions[Part.COUNTED.ordinal()]) {
            n += counted == 0 ? 1 : 0;
        }
        return n;
    }

    /** Agent sessions among the measured requests (0 for independent requests). */
    public int sessions() {
        return sessions;
    }

    /** The measured window in seconds. */
    public double windowSeconds() {
        return windowSeconds;
    }

    /** The id of the request at {@code request} (its index in the run's schedule). */
    long id(int request) {
        return ids[request];
    }

    double value(Metric m, int request) {
        return values[m.ordinal()][request];
    }

    double part(Part p, int request) {
        return contributions[p.ordinal()][request];
    }

    /** How many requests have a defined value of {@code m}. */
    public int defined(Metric m) {
        if (!m.perRequest()) {
            return size;
        }
        int count = 0;
        for (double v : values[m.ordinal()]) {
            if (!Double.isNaN(v)) {
                count++;
            }
        }
        return count;
    }
}
