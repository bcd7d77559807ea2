package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.Capacity;
import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.client.Api;
import dev.infergate.client.Timeouts;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.PrefixMode;
import java.util.List;
import java.util.Map;

/**
 * The plan {@code infergate capacity} runs, built from typed values (its options) rather than a plan file: only the
 * capacity step, on one endpoint, every other value a plan file's default. The capacity values are checked by
 * {@link Capacity}'s constructor, as a plan file's are, so both are refused with the same sentence.
 */
public final class CapacityPlan {
    private CapacityPlan() {}

    /**
     * A plan whose baseline is {@code side} (the candidate is the same URL, never measured: {@code capacity} probes
     * the baseline alone) and whose only step is {@code capacity}; an embeddings side is judged as embeddings are
     * ({@link EmbeddingsPlan#judgedAsEmbeddings}: the SLO's e2e target alone, which must be set).
     *
     * @throws IllegalArgumentException when an embeddings side has no e2e target
     */
    public static AcceptPlan of(Side side, Slo slo, Capacity capacity, Timeouts timeouts, long seed) {
        boolean generates = Api.parse(side.api()).generates();
        if (!generates && slo.e2e() == null) {
            throw new IllegalArgumentException("the capacity of embeddings needs an e2e target: ttft and tpot do not apply"
                    + " (no output tokens)");
        }
        AcceptPlan plan = new AcceptPlan(side, new Side(side.url(), null, side.api(), Map.of()), PlanReader.DEFAULT_WORKLOADS,
                List.of(PrefixMode.values()), PlanReader.DEFAULT_LOADS, PlanReader.DEFAULT_REPEATS, PlanReader.DEFAULT_REQUESTS,
                PlanReader.DEFAULT_WARMUP, seed, slo, Criteria.DEFAULT, capacity, null, timeouts,
                PlanReader.DEFAULT_DRAIN_TIMEOUT, "auto", null, List.of(), Comparison.DEFAULT_RUN_TO_RUN_ALLOWANCE, null,
                MediaShape.NONE);
        return generates ? plan : EmbeddingsPlan.judgedAsEmbeddings(plan, false, false);
    }
}
