package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import org.junit.jupiter.api.Test;

class TimeToFirstAnswerTest {
    private static RequestRecord record(long firstReasoning, long firstAnswer, int reasoningChunks) {
        long a = RequestRecord.ABSENT;
        return new RequestRecord(0, 0, Phase.MEASURED, null, null, -1, 0, 1_000_000, 2_000_000, 5_000_000, 9_000_000,
                10_000_000, 200, null, null, -1, 10, 10, TokenSource.USAGE, -1, 10, a, null, null, 0, a, -1, -1, a, a, a,
                firstReasoning, firstAnswer, reasoningChunks);
    }

    @Test
    void timeToFirstAnswer_isTheFirstAnswerEventAfterReasoning_andTtftWithoutReasoning() {
        assertThat(Metric.byKey("time_to_first_answer")).isEqualTo(Metric.TIME_TO_FIRST_ANSWER);
        RequestRecord reasoning = record(5_000_000, 8_000_000, 6);
        assertThat(RepeatSample.perRequest(Metric.TTFT, reasoning)).isEqualTo(4.0);
        assertThat(RepeatSample.perRequest(Metric.TIME_TO_FIRST_ANSWER, reasoning)).isEqualTo(7.0);
        RequestRecord plain = record(RequestRecord.ABSENT, RequestRecord.ABSENT, 0);
        assertThat(RepeatSample.perRequest(Metric.TIME_TO_FIRST_ANSWER, plain)).isEqualTo(4.0);
        assertThat(RepeatSample.perRequest(Metric.TIME_TO_FIRST_ANSWER, record(5_000_000, RequestRecord.ABSENT, 10))).isNaN();
    }
}
