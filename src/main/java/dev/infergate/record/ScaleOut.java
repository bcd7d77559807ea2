package dev.infergate.record;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * run.json's {@code scale_out} block: what a fleet's merge (scale/FleetMerge) adds to the merged run, read back by
 * the summary and the console. Written and read by this one record, keys in this order; a key a reader does not know
 * is ignored on reading (the whole document is kept by {@link RunDocument}).
 *
 * @param workers       the fleet's workers, or null in a block that does not say
 * @param fleet         the fleet's name ({@code 2 local processes}, a Kubernetes Job), or null
 * @param startAt       the published start instant as text, or null when the fleet was stopped before it
 * @param startLeadS    how far ahead of the barrier the start was published, seconds, or null
 * @param startSpreadMs the largest minus the smallest worker start offset, milliseconds, or null when none was measured
 * @param shards        each worker's entry, in shard order
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ScaleOut(Integer workers, String fleet, @JsonProperty("start_at") String startAt,
        @JsonProperty("start_lead_s") Double startLeadS, @JsonProperty("start_spread_ms") Double startSpreadMs,
        List<Shard> shards) {
    public ScaleOut {
        shards = shards == null ? List.of() : List.copyOf(shards);
    }

    /**
     * One worker of the fleet.
     *
     * @param shard         the shard's number
     * @param state         {@code complete}, {@code partial} or {@code missing} (analysis.ShardRule), or null
     * @param exitCode      the worker's exit code, or null when it was still running or lost at the end
     * @param startOffsetMs its start offset from the published instant, milliseconds, or null
     * @param client        its own client figures, as summary.json's {@code client} block (analysis.ClientLag; a JSON
     *                      tree because record does not import analysis), or null when it left no results
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Shard(Integer shard, String state, @JsonProperty("exit_code") Integer exitCode,
            @JsonProperty("start_offset_ms") Double startOffsetMs, JsonNode client) {}
}
