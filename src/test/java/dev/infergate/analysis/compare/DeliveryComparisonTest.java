package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Slo;
import dev.infergate.config.YamlNode;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeliveryComparisonTest {
    private static final Bootstrap BOOTSTRAP = new Bootstrap(500, 0.95, 3);

    /** An answer of {@code tokens} tokens that came in one event {@code ttftMs} after it was sent: buffered. */
    private static RequestRecord lump(long id, double startMs, double ttftMs, int tokens) {
        long scheduled = Math.round(startMs * Synthetic.MS);
        long first = scheduled + Math.round(ttftMs * Synthetic.MS);
        return RequestRecord.builder(id).scheduledNanos(scheduled).sentNanos(scheduled).headersNanos(scheduled)
                .firstTokenNanos(first).lastTokenNanos(first).doneNanos(first).status(200).inputTokens(100)
                .outputTokens(tokens).outputTokensSource(TokenSource.USAGE).cachedTokens(0).chunks(1).build();
    }

    private static RepeatSample streamed(int n) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(Synthetic.ok(i, i * 100.0, 50, 32, 8));
        }
        return RepeatSample.of(records, null);
    }

    private static RepeatSample buffered(int n) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(lump(i, i * 100.0, 300, 32));
        }
        return RepeatSample.of(records, null);
    }

    private static Criteria parse(String yaml) {
        return Criteria.parse(YamlNode.parse("c.yaml", yaml));
    }

    @Test
    void aBufferedAnswer_hasNoTpot_noMeanItl_noEffectiveSpeed_neverZero() {
        RequestRecord r = lump(0, 0, 300, 32);
        assertThat(r.tpotNanos()).as("one event: the gaps were never seen").isNaN();
        RepeatSample s = buffered(3);
        for (Metric m : List.of(Metric.TPOT, Metric.ITL_MEAN_PER_REQUEST, Metric.EFFECTIVE_TOKENS_PER_S)) {
            assertThat(s.defined(m)).as(m.key()).isZero();
        }
        assertThat(s.defined(Metric.TTFT)).as("the wait for the lump is its TTFT").isEqualTo(3);
        assertThat(s.deliveryCounts()).containsExactly(3, 3, 3);
        assertThat(streamed(3).deliveryCounts()).containsExactly(3, 0, 0);
    }

    @Test
    void aTpotObjective_doesNotApplyToABufferedAnswer_itsTtftAndE2eDecide() {
        Slo tpot = new Slo(null, Duration.ofMillis(5), null);
        assertThat(tpot.met(lump(0, 0, 300, 32))).as("no TPOT to miss").isTrue();
        Slo ttft = new Slo(Duration.ofMillis(200), Duration.ofMillis(5), null);
        assertThat(ttft.met(lump(0, 0, 300, 32))).as("the lump came after 300 ms").isFalse();
    }

    @Test
    void deliveryIncremental_failsABufferedCandidate_byName() {
        Criteria criteria = parse("delivery: incremental\n");
        assertThat(criteria.global()).containsExactly(Criteria.deliveryIncremental());
        Comparison.Result r = Comparison.run(Map.of("c", new Comparison.Pair(Sample.of(streamed(12), streamed(12),
                streamed(12)), Sample.of(buffered(12), buffered(12), buffered(12)))), criteria, BOOTSTRAP);
        Judgement j = r.conditions().get(0).judgements().get(0);
        assertThat(j.criterion().describe()).isEqualTo("delivery.not_incremental_share max 20%");
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.estimate().candidate()).isEqualTo(1.0);
        assertThat(j.estimate().baseline()).isEqualTo(0.0);
        assertThat(r.conditions().get(0).estimates()).extracting(Estimate::statistic)
                .contains(Statistic.value(Metric.DELIVERY_BUFFERED), Statistic.of(Metric.TOKENS_PER_EVENT, 50),
                        Statistic.of(Metric.TTFT_SHARE_OF_E2E, 50));
        Estimate tpot = r.conditions().get(0).estimates().stream()
                .filter(e -> e.statistic().equals(Statistic.of(Metric.TPOT, 95))).findFirst().orElseThrow();
        assertThat(tpot.candidate()).as("not measurable, never 0 and never an improvement").isNaN();
        assertThat(tpot.hasInterval()).isFalse();

        Comparison.Result same = Comparison.run(Map.of("c", new Comparison.Pair(Sample.of(streamed(12)),
                Sample.of(streamed(12)))), criteria, BOOTSTRAP);
        assertThat(same.conditions().get(0).judgements().get(0).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aSideWithoutDeliveryInformation_isUnknown_andTheCriterionIsNotJudged() {
        Criteria criteria = parse("delivery: incremental\n");
        Sample unknown = Sample.of(streamed(12).unstreamed());
        assertThat(SideDelivery.of(unknown).mode()).isEqualTo("unknown");
        Comparison.Result r = Comparison.run(Map.of("c", new Comparison.Pair(unknown, Sample.of(buffered(12)))), criteria,
                BOOTSTRAP);
        assertThat(r.conditions().get(0).judgements()).isEmpty();
        assertThat(r.verdict()).isEqualTo(Verdict.PASS);
        assertThat(SideDelivery.of(Sample.of(buffered(12))).describe())
                .isEqualTo("buffered (incremental 0 %, bursty 0 %, buffered 100 % of 12 answers)");
    }

    @Test
    void deliveryTakesIncrementalOrStreamed_andNamesBothWhenWrong() {
        assertThat(parse("delivery: streamed\n").global()).containsExactly(Criteria.deliveryStreamed());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("delivery: fast\n"))
                .hasMessageContaining("delivery takes incremental");
    }
}
