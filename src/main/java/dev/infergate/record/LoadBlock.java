package dev.infergate.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * run.json's whole {@code load} block as a run writes it: the model's own description, then the limits and the
 * shard (the keys, in this order, that run.json has always had). Read back through {@link RunDocument.Load}.
 *
 * @param model          the load model's description, its keys first
 * @param requests       the measured requests asked for, or null when the run is limited by time
 * @param durationS      the measured seconds asked for, or null
 * @param warmupRequests the warm-up requests
 * @param warmupS        the warm-up seconds, or null
 * @param shard          {@code i/n}
 * @param cooldownS      the most seconds scheduled, unmeasured, after the measured time ({@code RunLimits}), or null
 *                       (omitted) for none
 */
public record LoadBlock(@JsonUnwrapped LoadDescription model,
        @JsonProperty(RunDocument.LOAD_REQUESTS) Long requests,
        @JsonProperty(RunDocument.LOAD_DURATION_S) Double durationS,
        @JsonProperty(RunDocument.LOAD_WARMUP_REQUESTS) long warmupRequests,
        @JsonProperty(RunDocument.LOAD_WARMUP_S) Double warmupS,
        @JsonProperty(RunDocument.LOAD_SHARD) String shard,
        @JsonProperty(RunDocument.LOAD_COOLDOWN_S) @JsonInclude(JsonInclude.Include.NON_NULL) Double cooldownS) {
    public LoadBlock {
        if (model == null || shard == null) {
            throw new IllegalArgumentException("model and shard must be set");
        }
    }
}
