package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import org.junit.jupiter.api.Test;

class TimeToFirstAnswerTest {
    private static RequestRecord record(long firstReasoning, long firstAnswer, int reasoningChunks) {
        long a = RequestRecord.ABSENT;
        return RequestRecord.builder(0).sentNanos(1_000_000).headersNanos(2_000_000).firstTokenNanos(5_000_000)
                .lastTokenNanos(9_000_000).doneNanos(10_000_000).status(200).inputTokens(10).outputTokens(10)
                .outputTokensSource(TokenSource.USAGE).chunks(10).maxStallNanos(a).clientRetryDelayNanos(a)
                .slotNanos(a).dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(firstReasoning)
                .firstAnswerNanos(firstAnswer).reasoningChunks(reasoningChunks).build();
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
