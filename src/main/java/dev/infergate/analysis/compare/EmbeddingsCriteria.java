package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Acceptance criteria for an API without output tokens (embeddings). Such a request has no first token, no gaps and
 * no TPOT, so the metrics built from them have no values on either side: a criterion on one could never pass or
 * fail, only stay inconclusive. Plans refuse such criteria with a message ({@link #notApplicable}), and the default
 * judges what an embeddings endpoint does: latency, request throughput and errors.
 */
public final class EmbeddingsCriteria {
    /** The metrics that need output tokens. */
    private static final Set<Metric> NEED_OUTPUT = EnumSet.of(Metric.TTFT, Metric.TTFT_FROM_SCHEDULED, Metric.ITL,
            Metric.TPOT, Metric.MAX_STALL, Metric.ITL_MEAN_PER_REQUEST, Metric.EFFECTIVE_TOKENS_PER_S,
            Metric.CHUNKS_PER_REQUEST, Metric.THROUGHPUT_OUTPUT_TOKENS, Metric.TIME_TO_FIRST_ANSWER,
            Metric.REASONING_TOKENS, Metric.ANSWER_TOKENS);

    /**
     * The criteria used for embeddings when none are given: E2E at most 10 % worse at p95 and p99, request throughput
     * at most 5 % lower, at most 0.5 % errors (the default criteria's bounds, on what embeddings have).
     */
    public static final Criteria DEFAULT = new Criteria(List.of(
            new Criterion(Statistic.of(Metric.E2E, 95), Bound.MAX_REGRESSION, 0.10),
            new Criterion(Statistic.of(Metric.E2E, 99), Bound.MAX_REGRESSION, 0.10),
            new Criterion(Statistic.value(Metric.THROUGHPUT_REQUESTS), Bound.MAX_REGRESSION, 0.05),
            new Criterion(Statistic.value(Metric.ERROR_RATE), Bound.MAX, 0.005)), Map.of(), Map.of());

    private EmbeddingsCriteria() {}

    /** Whether {@code metric} has values for requests without output tokens. */
    public static boolean applies(Metric metric) {
        return !NEED_OUTPUT.contains(metric);
    }

    /** The criteria, in any scope, on metrics that need output tokens, as written ({@code ttft.p95 max_regression 10%}). */
    public static List<String> notApplicable(Criteria criteria) {
        List<Criterion> all = new ArrayList<>(criteria.global());
        criteria.workloads().values().forEach(all::addAll);
        criteria.conditions().values().forEach(all::addAll);
        return all.stream().filter(c -> !applies(c.statistic().metric())).map(Criterion::describe).distinct().toList();
    }
}
