package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReasoningRecordCodecTest {
    private static RequestRecord record(long firstReasoning, long firstAnswer, int reasoningChunks) {
        long a = RequestRecord.ABSENT;
        return new RequestRecord(3, 0, Phase.MEASURED, null, null, -1, 0, 1_000, 2_000, 5_000, 9_000, 10_000, 200, null,
                null, -1, 10, 10, TokenSource.USAGE, -1, 10, a, null, null, 0, a, -1, -1, a, a, a, firstReasoning,
                firstAnswer, reasoningChunks);
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
        RequestRecord counted = new RequestRecord(3, 0, Phase.MEASURED, null, null, -1, 0, 1_000, 2_000, 5_000, 9_000,
                10_000, 200, null, null, -1, 10, 10, TokenSource.USAGE, -1, 4, a, null, null, 0, a, -1, -1, a, a, a, 5_000,
                8_000, 2, 7);
        String line = RecordCodec.toJson(counted);
        assertThat(line).contains("\"reasoning_tokens\":7");
        assertThat(RecordCodec.fromJson(line)).isEqualTo(counted);
        RequestRecord estimated = record(5_000, 8_000, 6);
        assertThat(RecordCodec.toJson(estimated)).doesNotContain("reasoning_tokens");
        assertThat(RecordCodec.fromJson(RecordCodec.toJson(estimated)).usageReasoningTokens()).isEqualTo(-1);
    }
}
