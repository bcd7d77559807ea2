package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.JsonLines;
import dev.infergate.metrics.SimulatorSelfReport;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * How far infergate's own simulator fell behind its model during one run, from the first and last scrapes of its
 * {@code /metrics} in the run's server_metrics.jsonl ({@link SimulatorSelfReport}): the model time its engine lost
 * to stalls, and how late its tokens reached their connections. A run during which the simulator fell behind
 * measured the machine it ran on, not its profile, and a client cannot see that from its side of the connection:
 * capacity probes are run again, and in a comparison its stalls and late tokens bound what the run's figures can
 * have gained ({@code compare.Lateness}; docs/acceptance.md, "Late clients and simulators: bounds, not vetoes"). Any other server reports neither: {@link #UNKNOWN}, never behind.
 *
 * @param stalledSeconds model time lost to stalls over the run; NaN when unknown
 * @param wallSeconds    the time between the two scrapes
 * @param lateTokens     tokens by lateness bound in seconds, cumulative, over the run; empty when unknown
 */
public record SimulatorLag(double stalledSeconds, double wallSeconds, TreeMap<Double, Double> lateTokens) {
    /** A run decides nothing when the simulator's engine lost more than this share of its time. */
    public static final double STALL_LIMIT_SHARE = 0.01;
    /** The limits of {@link #behind()}, for notes. */
    public static final String LIMITS = String.format(Locale.ROOT, "engine stalls over %.0f %% of the run or tokens late"
            + " p99 over %.0f ms", STALL_LIMIT_SHARE * 100, ClientLag.LIMIT_P99_MILLIS);
    /** The lag of a server that is not the simulator, or of a run without scrapes. */
    public static final SimulatorLag UNKNOWN = new SimulatorLag(Double.NaN, 0, new TreeMap<>());

    public SimulatorLag {
        lateTokens = new TreeMap<>(lateTokens);
    }

    /** The lag between two readings {@code wallSeconds} apart (a restarted simulator counts from zero). */
    public static SimulatorLag between(SimulatorSelfReport before, SimulatorSelfReport after, double wallSeconds) {
        double stalled = Double.isNaN(before.stalledSeconds()) || Double.isNaN(after.stalledSeconds()) ? Double.NaN
                : after.stalledSeconds() >= before.stalledSeconds() ? after.stalledSeconds() - before.stalledSeconds()
                : after.stalledSeconds();
        TreeMap<Double, Double> late = new TreeMap<>();
        if (!before.lateness().isEmpty() && !after.lateness().isEmpty()) {
            boolean restarted = total(after.lateness()) < total(before.lateness());
            after.lateness().forEach((le, count) -> late.put(le,
                    Math.max(0, count - (restarted ? 0 : before.lateness().getOrDefault(le, 0.0)))));
        }
        return new SimulatorLag(stalled, wallSeconds, late);
    }

    /** The lag over a run, from the first and the last scrape of its server_metrics.jsonl that carry the simulator's series. */
    public static SimulatorLag read(Path runDir) {
        Path file = runDir.resolve(RunLog.SERVER_METRICS_FILE);
        if (!Files.exists(file)) {
            return UNKNOWN;
        }
        java.util.List<JsonNode> scrapes = new java.util.ArrayList<>(); // those carrying the simulator's series
        JsonLines.forEach(file, json -> { // the torn last line of a killed run is skipped
            if (json.path("simulator").isObject()) {
                scrapes.add(json);
            }
        });
        if (scrapes.size() < 2) {
            return UNKNOWN;
        }
        JsonNode first = scrapes.get(0);
        JsonNode last = scrapes.get(scrapes.size() - 1);
        return between(SimulatorSelfReport.fromJson(first.get("simulator")), SimulatorSelfReport.fromJson(last.get("simulator")),
                (last.path("offset_ns").longValue() - first.path("offset_ns").longValue()) / 1e9);
    }

    /** Whether the simulator reported anything over the run. */
    public boolean known() {
        return !Double.isNaN(stalledSeconds) || total(lateTokens) > 0;
    }

    /** The share of the run's time the engine lost to stalls; NaN when unknown. */
    public double stalledShare() {
        return Double.isNaN(stalledSeconds) || !(wallSeconds > 0) ? Double.NaN : stalledSeconds / wallSeconds;
    }

    /** Tokens delivered over the run (0 when unknown). */
    public double tokens() {
        return total(lateTokens);
    }

    /**
     * The {@code q} quantile (0..1) of token lateness over the run, ms, as the upper bound of the bucket it falls
     * in (never understated below the next bound; +Inf reads as the largest finite bound); NaN when unknown or
     * when no token left.
     */
    public double lateQuantileMs(double q) {
        double total = total(lateTokens);
        if (!(total > 0)) {
            return Double.NaN;
        }
        NavigableMap<Double, Double> finite = lateTokens.headMap(Double.POSITIVE_INFINITY, false);
        double largestFinite = finite.isEmpty() ? Double.NaN : finite.lastKey();
        for (Map.Entry<Double, Double> e : lateTokens.entrySet()) {
            if (e.getValue() >= q * total) {
                return (e.getKey().isInfinite() ? largestFinite : e.getKey()) * 1000;
            }
        }
        return largestFinite * 1000;
    }

    /**
     * Whether the simulator fell behind its model in this run (a capacity probe is run again; a matrix repeat is
     * kept and noted, its lateness a bound on its verdicts): the engine lost more than {@link #STALL_LIMIT_SHARE} of the run, or its
     * tokens left late beyond the limit the client's own lag has ({@link ClientLag#LIMIT_P99_MILLIS} at p99): the
     * server is held to the same limit as the client.
     */
    public boolean behind() {
        return stalledShare() > STALL_LIMIT_SHARE || lateQuantileMs(0.99) > ClientLag.LIMIT_P99_MILLIS;
    }

    /**
     * summary.json's {@code server.simulator}: the run's lag as figures, or null for a server that is not the
     * simulator.
     */
    public Figures figures() {
        if (!known()) {
            return null;
        }
        return new Figures(Double.isNaN(stalledSeconds) ? null : Distribution.round(stalledSeconds * 1e3),
                Double.isNaN(stalledShare()) ? null : Distribution.round(stalledShare()),
                (long) tokens(), tokens() > 0 ? lateQuantileMs(0.5) : null, tokens() > 0 ? lateQuantileMs(0.99) : null, behind());
    }

    /**
     * The simulator's lag over a run, as summary.json's {@code server.simulator} block carries it.
     *
     * @param stalledMs    model time its engine lost to stalls; null when unknown
     * @param stalledShare that time over the run's; null when unknown
     * @param tokens       tokens it delivered
     * @param lateP50Ms    token lateness p50 (a bucket bound), null without tokens
     * @param lateP99Ms    token lateness p99 (a bucket bound), null without tokens
     * @param behind       over the limits ({@link #LIMITS}): the run decides nothing
     */
    @JsonPropertyOrder({"stalled_ms", "stalled_share", "tokens", "late_p50_ms", "late_p99_ms", "behind"})
    public record Figures(@JsonProperty("stalled_ms") Double stalledMs, @JsonProperty("stalled_share") Double stalledShare,
            long tokens, @JsonProperty("late_p50_ms") Double lateP50Ms, @JsonProperty("late_p99_ms") Double lateP99Ms,
            boolean behind) {}

    private static double total(TreeMap<Double, Double> cumulative) {
        return cumulative.isEmpty() ? 0 : cumulative.lastEntry().getValue();
    }
}
