package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.infergate.record.RunDocument;
import java.util.List;
import java.util.Map;

/**
 * The typed view of summary.json's {@code run} block: run.json's keys ({@link RunDocument}) and the keys the summary
 * and a scale-out merge add to them. {@link Summary#run()} stays the JSON tree it writes (run.json's own content,
 * unknown keys included, copied as it is); readers read this instead of its keys.
 *
 * @param document     run.json's keys, typed
 * @param tornLastLine the number of the torn last line of requests.jsonl that was skipped, or null when none was
 * @param scaleOut     the scale-out block of a merged fleet run, or null for any other run
 */
public record SummaryRun(RunDocument document, Long tornLastLine, ScaleOut scaleOut) {
    public SummaryRun {
        if (document == null) {
            throw new IllegalArgumentException("document must not be null");
        }
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
    private record Added(@JsonProperty("torn_last_line") Long tornLastLine, @JsonProperty("scale_out") ScaleOut scaleOut) {}

    /** The typed view of a summary's run block. */
    public static SummaryRun of(Summary summary) {
        return of(summary.run());
    }

    /** The typed view of a run block read as JSON (summary.json's {@code run}). */
    public static SummaryRun of(Map<String, Object> run) {
        Added added = Summarizer.JSON.convertValue(run, Added.class);
        return new SummaryRun(RunDocument.of(run), added.tornLastLine(), added.scaleOut());
    }
}
