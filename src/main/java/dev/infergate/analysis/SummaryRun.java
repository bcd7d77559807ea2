package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.record.RunDocument;
import java.util.List;

/**
 * summary.json's {@code run} block, typed: run.json as recorded ({@link RunDocument}) and the keys the summary adds to
 * it. Written by {@link #json()}: run.json's keys in file order (unknown ones too: files of older versions and imports
 * carry keys this version does not know), then the summary's own.
 *
 * @param document      run.json, typed (its {@code scale_out} block, written by a fleet merge, read by {@link #scaleOut()})
 * @param durationS     the measured window, seconds (rounded as every figure), or null when not known
 * @param partial       whether the run stopped before its schedule ended (see {@link Completeness})
 * @param partialReason why, or null when whole (or when a block read back does not say)
 * @param tornLastLine  the number of the torn last line of requests.jsonl that was skipped, or null when none was
 */
public record SummaryRun(RunDocument document, Double durationS, boolean partial, String partialReason,
        Long tornLastLine) {
    public SummaryRun {
        if (document == null) {
            throw new IllegalArgumentException("document must not be null");
        }
    }

    /** The block of a summary built from {@code document}: its window and, when partial, why ({@code reason} non-null). */
    public static SummaryRun of(RunDocument document, double durationS, String reason, Long tornLastLine) {
        return new SummaryRun(document, durationS, reason != null, reason, tornLastLine);
    }

    /**
     * A merged fleet run's {@code scale_out} block (scale/FleetMerge).
     *
     * @param fleet         the fleet's name, or null
     * @param startAt       the agreed start instant as text, or null
     * @param startSpreadMs the spread of the workers' start offsets, milliseconds, or null when none was measured
     * @param shards        each worker's entry, in shard order
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ScaleOut(String fleet, @JsonProperty("start_at") String startAt,
            @JsonProperty("start_spread_ms") Double startSpreadMs, List<Shard> shards) {
        public ScaleOut {
            shards = shards == null ? List.of() : List.copyOf(shards);
        }
    }

    /**
     * One worker of a fleet run.
     *
     * @param shard         the shard's number
     * @param state         complete, partial or missing, or null
     * @param startOffsetMs its start offset from the agreed instant, milliseconds, or null
     * @param client        its client-lag figures, or null when it left no results
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Shard(Integer shard, String state, @JsonProperty("start_offset_ms") Double startOffsetMs,
            ShardClient client) {
        /** The worker's client-lag p99, milliseconds, or null when it left none. */
        public Double clientLagP99Ms() {
            return client == null || client.lagMs() == null ? null : client.lagMs().p99();
        }
    }

    /** A worker's {@code client} block, as summary.json's: of its client-lag figures, the p99 read here. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ShardClient(@JsonProperty("lag_ms") LagMs lagMs) {}

    /** A worker's client-lag quantiles, milliseconds: the p99, or null when it had no samples. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LagMs(@JsonProperty(Percentiles.P99) Double p99) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record ScaleOutKey(@JsonProperty("scale_out") ScaleOut scaleOut) {}

    /** The scale-out block of a merged fleet run (run.json's {@code scale_out}), or null for any other run. */
    public ScaleOut scaleOut() {
        return Summarizer.JSON.convertValue(document.document(), ScaleOutKey.class).scaleOut();
    }

    /**
     * The JSON shape: run.json as it is without its schema (copied whole: a JSON edge, since run.json may carry keys this
     * version does not know), then the window, whether partial and why, and the torn line; a key run.json already has
     * keeps its place.
     */
    @JsonValue
    public ObjectNode json() {
        ObjectNode block = Summarizer.JSON.valueToTree(document.document());
        block.remove("schema");
        if (durationS != null) {
            block.put("duration_s", durationS.doubleValue());
        }
        block.put("partial", partial);
        if (partialReason != null) {
            block.put("partial_reason", partialReason);
        }
        if (tornLastLine != null) {
            block.put("torn_last_line", tornLastLine.longValue());
        }
        return block;
    }
}
