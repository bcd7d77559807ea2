package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Reasoning in a comparison: time to the first answer and reasoning and answer tokens, shown and judged only where answers reasoned. */
class ReasoningComparisonTest {
    private static final long MS = Synthetic.MS;

    /**
     * A completed request of {@code reasoning} reasoning tokens then {@code answer} answer tokens, one token an event 10 ms
     * apart after a 50 ms wait; {@code usage} whether the server's usage details carried the reasoning count.
     */
    private static RequestRecord reasoned(long id, int reasoning, int answer, boolean usage) {
        long sent = id * 1000 * MS;
        long first = sent + 50 * MS;
        long firstAnswer = first + reasoning * 10L * MS;
        long last = first + (reasoning + answer - 1) * 10L * MS;
        long a = RequestRecord.ABSENT;
        return RequestRecord.builder(id).scheduledNanos(sent).sentNanos(sent).headersNanos(sent)
                .firstTokenNanos(first).lastTokenNanos(last).doneNanos(last).status(200).inputTokens(100)
                .outputTokens(reasoning + answer).outputTokensSource(TokenSource.USAGE).cachedTokens(0)
                .chunks(reasoning + answer).maxStallNanos(10 * MS).clientRetryDelayNanos(a).slotNanos(a)
                .dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(reasoning > 0 ? first : a)
                .firstAnswerNanos(reasoning > 0 ? firstAnswer : a).reasoningChunks(reasoning)
                .usageReasoningTokens(usage ? reasoning : -1).build();
    }

    /** {@code n} requests whose reasoning is {@code meanReasoning} give or take 20 %, answers 40 give or take 10. */
    private static Sample side(long seed, int n, int meanReasoning) {
        SplittableRandom random = new SplittableRandom(seed);
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int reasoning = (int) Math.round(meanReasoning * (0.8 + 0.4 * random.nextDouble()));
            records.add(reasoned(i, reasoning, 30 + random.nextInt(21), true));
        }
        return Sample.of(RepeatSample.of(records, null));
    }

    private static Estimate estimate(Comparison.ConditionResult c, String key) {
        return c.estimates().stream().filter(e -> e.statistic().key().equals(key)).findFirst().orElse(null);
    }

    @Test
    void reasoningAndAnswerTokens_comeFromTheUsageDetails_elseTheShareOfReasoningEvents() {
        RequestRecord usage = reasoned(0, 30, 10, true);
        assertThat(RepeatSample.perRequest(Metric.REASONING_TOKENS, usage)).isEqualTo(30.0);
        assertThat(RepeatSample.perRequest(Metric.ANSWER_TOKENS, usage)).isEqualTo(10.0);
        assertThat(RepeatSample.perRequest(Metric.TIME_TO_FIRST_ANSWER, usage)).isEqualTo(350.0);
        RequestRecord events = reasoned(0, 30, 10, false);
        assertThat(RepeatSample.perRequest(Metric.REASONING_TOKENS, events)).isEqualTo(30.0);
        RequestRecord plain = reasoned(0, 0, 12, false);
        assertThat(RepeatSample.perRequest(Metric.REASONING_TOKENS, plain)).isZero();
        assertThat(RepeatSample.perRequest(Metric.ANSWER_TOKENS, plain)).isEqualTo(12.0);
        assertThat(RepeatSample.of(List.of(plain), null).reasoning()).isFalse();
        assertThat(RepeatSample.of(List.of(plain, events), null).reasoning()).isTrue();
        assertThat(Metric.byKey("reasoning_tokens")).isEqualTo(Metric.REASONING_TOKENS);
        assertThat(Metric.byKey("answer_tokens")).isEqualTo(Metric.ANSWER_TOKENS);
    }

    @Test
    void aCandidateThatReasonsLonger_showsTheDelta_andACriterionOnItRejects() {
        Criteria criteria = Criteria.parse("c.yaml", "reasoning_tokens.p50: {max_regression: 10%}\n");

        Comparison.ConditionResult c = Comparison.run(Map.of("x", new Comparison.Pair(side(1, 200, 100), side(2, 200, 130))),
                criteria, new Bootstrap(300, 0.95, 5), 0).conditions().get(0);

        assertThat(c.estimates()).extracting(e -> e.statistic().key()).containsSubsequence("time_to_first_answer.p50",
                "time_to_first_answer.p95", "reasoning_tokens.p50", "reasoning_tokens.mean", "answer_tokens.p50",
                "answer_tokens.mean");
        Estimate reasoning = estimate(c, "reasoning_tokens.p50");
        assertThat(reasoning.delta()).isBetween(0.2, 0.4);
        assertThat(reasoning.deltaLow()).as("the interval excludes 0").isGreaterThan(0);
        assertThat(Math.abs(estimate(c, "answer_tokens.mean").delta())).isLessThan(0.1);
        assertThat(estimate(c, "time_to_first_answer.p50").delta()).as("thinking takes longer").isGreaterThan(0.1);
        assertThat(c.judgements()).singleElement().extracting(Judgement::verdict).isEqualTo(Verdict.FAIL);
        assertThat(c.verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void anImportedSide_hasNoReasoningCounts_ratherThanZero() {
        RepeatSample imported = RepeatSample.of(List.of(reasoned(0, 0, 12, false), reasoned(1, 0, 14, false)), null)
                .imported(List.of());
        assertThat(imported.defined(Metric.REASONING_TOKENS)).isZero();
        assertThat(imported.defined(Metric.ANSWER_TOKENS)).isZero();
        assertThat(imported.defined(Metric.TTFT)).isEqualTo(2);
    }

    @Test
    void oneSideReasoning_isEnoughToShowTheFigures() {
        List<RequestRecord> plain = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            plain.add(reasoned(i, 0, 40, false));
        }
        Comparison.ConditionResult c = Comparison.run(Map.of("x", new Comparison.Pair(Sample.of(RepeatSample.of(plain, null)),
                side(3, 50, 100))), Criteria.DEFAULT, new Bootstrap(100, 0.95, 5)).conditions().get(0);
        assertThat(estimate(c, "reasoning_tokens.mean").baseline()).isZero();
        assertThat(estimate(c, "reasoning_tokens.mean").candidate()).isGreaterThan(50);
    }

    @Test
    void conditionsWithoutReasoning_neitherShowNorJudgeTheReasoningFigures() {
        SplittableRandom random = new SplittableRandom(3);
        Sample requests = Sample.of(Synthetic.lognormal(random, 200, 100, 0.3, 1, 0));
        Criteria criteria = Criteria.parse("c.yaml", "reasoning_tokens.p50: {max_regression: 10%}\nttft.p95: {max_regression: 50%}\n");

        Comparison.ConditionResult c = Comparison.run(Map.of("x", new Comparison.Pair(requests, requests)), criteria,
                new Bootstrap(200, 0.95, 5)).conditions().get(0);

        assertThat(c.estimates()).extracting(e -> e.statistic().metric())
                .doesNotContain(Metric.TIME_TO_FIRST_ANSWER, Metric.REASONING_TOKENS, Metric.ANSWER_TOKENS);
        assertThat(c.judgements()).extracting(j -> j.criterion().statistic().key()).containsExactly("ttft.p95");
    }

    @Test
    void tokenCriteria_areCounts() {
        Criterion c = Criteria.parse("c.yaml", "answer_tokens.mean: {max: 300}\n").global().get(0);
        assertThat(c.threshold()).isEqualTo(300.0);
        assertThat(c.describe()).isEqualTo("answer_tokens.mean max 300");
    }
}
