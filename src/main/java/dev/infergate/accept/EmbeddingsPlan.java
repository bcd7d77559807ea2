package dev.infergate.accept;

import dev.infergate.analysis.compare.EmbeddingsCriteria;
import dev.infergate.client.Api;
import dev.infergate.config.YamlNode;
import java.util.List;

/**
 * What an acceptance plan means when its sides are embeddings endpoints ({@code api: embeddings}): there are no
 * output tokens, so TTFT, TPOT and ITL have no values. The SLO keeps only its e2e target (goodput and capacity
 * judge latency alone), the default criteria are {@link EmbeddingsCriteria#DEFAULT}, and a plan that asks for
 * what cannot apply is refused with a message naming it: criteria on token times, capacity without an e2e
 * target, a quality check (there are no answers to grade), or one side embeddings and the other not. (A quality
 * check on an {@code api: responses} side is refused too: the quality step speaks chat and completions only.)
 */
final class EmbeddingsPlan {
    private EmbeddingsPlan() {}

    /** {@code plan} unchanged when both sides generate; adapted to embeddings when neither does; else an error. */
    static AcceptPlan adapt(YamlNode root, AcceptPlan plan) {
        boolean baseline = Api.parse(plan.baseline().api()).generates();
        boolean candidate = Api.parse(plan.candidate().api()).generates();
        if (baseline != candidate) {
            throw root.error("compares embeddings with a generating API (baseline api: " + plan.baseline().api()
                    + ", candidate api: " + plan.candidate().api() + "); both sides must be embeddings, or both chat, "
                    + "completions or responses");
        }
        if (baseline) {
            if (plan.quality() != null && (plan.baseline().api().equals(Api.RESPONSES.key())
                    || plan.candidate().api().equals(Api.RESPONSES.key()))) {
                throw root.get("quality").error("grades answers over chat or completions only, not api: responses;"
                        + " remove quality: or check quality with a chat side");
            }
            return plan;
        }
        if (plan.capacity() != null && plan.slo().e2e() == null) {
            throw root.error("the capacity step of embeddings needs an e2e target: ttft and tpot do not apply (no output"
                    + " tokens); add slo: {e2e: 500ms} or set capacity: {enabled: false}");
        }
        if (plan.quality() != null) {
            throw root.error("quality does not apply to embeddings (there are no answers to grade); remove quality:");
        }
        boolean given = root.get("criteria") != null || root.get("audiences") != null;
        List<String> notApplicable = EmbeddingsCriteria.notApplicable(given ? plan.criteria() : EmbeddingsCriteria.DEFAULT);
        if (!notApplicable.isEmpty()) {
            YamlNode at = root.get("criteria") != null ? root.get("criteria") : root.get("audiences");
            throw at.error(String.join(", ", notApplicable) + ": not applicable to embeddings (no output tokens, so no"
                    + " TTFT, TPOT or ITL); judge e2e, throughput.requests_per_s or errors.rate");
        }
        return judgedAsEmbeddings(plan, given, root.get("audiences") != null);
    }

    /**
     * {@code plan}, whose sides are both embeddings, as embeddings are judged: the SLO's e2e target alone, the
     * criteria given ({@code criteriaGiven}) or else {@link EmbeddingsCriteria#DEFAULT}, and its audiences only when
     * they were given (none: one audience of those criteria). A plan read from a file and {@code capacity}'s plan,
     * built from options, both come through here.
     */
    static AcceptPlan judgedAsEmbeddings(AcceptPlan plan, boolean criteriaGiven, boolean audiencesGiven) {
        return new AcceptPlan(plan.baseline(), plan.candidate(), plan.workloads(), plan.prefixes(), plan.loads(),
                plan.repeats(), plan.requests(), plan.warmupRequests(), plan.seed(), plan.slo().applicable(false),
                criteriaGiven ? plan.criteria() : EmbeddingsCriteria.DEFAULT, plan.capacity(), plan.burst(), plan.timeouts(),
                plan.drainTimeout(), plan.tokenizer(), plan.quality(), audiencesGiven ? plan.audiences() : List.of(),
                plan.runToRunAllowance(), plan.sweep(), plan.media());
    }
}
