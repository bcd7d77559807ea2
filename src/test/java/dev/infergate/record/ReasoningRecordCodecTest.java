package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReasoningRecordCodecTest {
    private static RequestRecord record(long firstReasoning, long firstAnswer, int reasoningChunks) {
        long a = RequestRecord.ABSENT;
        return RequestRecord.builder(3).sentNanos(1_000).headersNanos(2_000).firstTokenNanos(5_000)
                .lastTokenNanos(9_000).doneNanos(10_000).status(200).inputTokens(10).outputTokens(10)
                .outputTokensSource(TokenSource.USAGE).chunks(10).maxStallNanos(a).clientRetryDelayNanos(a)
                .slotNanos(a).dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(firstReasoning)
                .firstAnswerNanos(firstAnswer).reasoningChunks(reasoningChunks).build();
    }

    @Test
    void reasoningMarks_roundTrip_andAreLeftOutOfRecordsWithoutReasoning() {
        RequestRecord reasoning = record(5_000, 8_000, 6);
        String line = RecordCodec.toJson(reasoning);
        assertThat(line).contains("\"first_reasoning_ns\":5000", "\"first_answer_ns\":8000", "\"reasoning_chunks\":6");
        assertThat(RecordCodec.fromJson(line)).isEqualTo(reasoning);
        RequestRecord plain = record(RequestRecord.ABSENT, RequestRecord.ABSENT, 0);
        String plainLine = RecordCodec.toJson(plain);
        assertThat(plainLine).doesNotContain("reasoning", "first_answer");
        assertThat(RecordCodec.fromJson(plainLine)).isEqualTo(plain);
    }

    @Test
    void theServersReasoningTokenCount_roundTrips_andIsAbsentWhenNotSent() {
        long a = RequestRecord.ABSENT;
        RequestRecord counted = RequestRecord.builder(3).sentNanos(1_000).headersNanos(2_000).firstTokenNanos(5_000)
                .lastTokenNanos(9_000).doneNanos(10_000).status(200).inputTokens(10).outputTokens(10)
                .outputTokensSource(TokenSource.USAGE).chunks(4).maxStallNanos(a).clientRetryDelayNanos(a)
                .slotNanos(a).dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(5_000).firstAnswerNanos(8_000)
                .reasoningChunks(2).usageReasoningTokens(7).build();
        String line = RecordCodec.toJson(counted);
        assertThat(line).contains("\"reasoning_tokens\":7");
        assertThat(RecordCodec.fromJson(line)).isEqualTo(counted);
        RequestRecord estimated = record(5_000, 8_000, 6);
        assertThat(RecordCodec.toJson(estimated)).doesNotContain("reasoning_tokens");
        assertThat(RecordCodec.fromJson(RecordCodec.toJson(estimated)).reasoning().usageTokens()).isEqualTo(-1);
    }
}
