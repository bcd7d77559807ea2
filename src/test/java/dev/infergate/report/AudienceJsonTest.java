package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.compare.Bound;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.json.Json;
import org.junit.jupiter.api.Test;

/** An audience's criterion entry in acceptance.json and comparison.json: keys, order and rounding (docs/results.md). */
class AudienceJsonTest {
    private static Judgement judgement(double deltaLow, long samplesToSettle) {
        Statistic ttft = Statistic.parse("ttft.p50");
        Estimate e = new Estimate(ttft, 100, 112.3456789, 0.1234567891, deltaLow, 0.2, 105, 120, 50, 50, 2, 2, 0.95, false);
        return new Judgement(new Criterion(ttft, Bound.MAX_REGRESSION, 0.10), e, Verdict.INCONCLUSIVE, samplesToSettle,
                "needs more");
    }

    @Test
    void aJudgedCriterion_isWrittenWithItsConditionFirst_roundedDeltaAndInterval() throws Exception {
        String json = Json.COMPACT.writeValueAsString(AudienceJson.judged("chat/fresh", judgement(0.05, 400)));

        assertThat(json).isEqualTo("{\"condition\":\"chat/fresh\",\"criterion\":\"ttft.p50 max_regression 10%\","
                + "\"statistic\":\"ttft.p50\",\"bound\":\"max_regression\",\"threshold\":0.1,\"verdict\":\"inconclusive\","
                + "\"samples_to_settle\":400,\"note\":\"needs more\",\"delta\":0.123457,\"delta_ci\":[0.05,0.2]}");
    }

    @Test
    void withoutAnIntervalOrSamplesToSettle_thoseKeysAreNull_notLeftOut() throws Exception {
        String json = Json.COMPACT.writeValueAsString(AudienceJson.judged("chat/fresh", judgement(Double.NaN, 0)));

        assertThat(json).contains("\"samples_to_settle\":null").endsWith("\"delta_ci\":null}");
    }
}
