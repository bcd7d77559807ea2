package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A record's images, audio clips and documents: written only when sent, read back, absent from older logs. */
class InputPartsRecordCodecTest {
    private static RequestRecord record(InputParts parts) {
        long a = RequestRecord.ABSENT;
        return RequestRecord.builder(3).sentNanos(1_000).headersNanos(2_000).firstTokenNanos(5_000)
                .lastTokenNanos(9_000).doneNanos(10_000).status(200).inputTokens(1_101).outputTokens(10)
                .outputTokensSource(TokenSource.USAGE).chunks(10).maxStallNanos(a).clientRetryDelayNanos(a)
                .intendedInputTokens(100).slotNanos(a).dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(a)
                .firstAnswerNanos(a).inputParts(parts).build();
    }

    @Test
    void imagesAudioAndDocuments_roundTrip() {
        RequestRecord r = record(new InputParts(2, 70_000, 1, 160_044, 0));
        String line = RecordCodec.toJson(r);
        assertThat(line).contains("\"images\":2", "\"image_bytes\":70000", "\"audio_clips\":1", "\"audio_bytes\":160044")
                .doesNotContain("documents");
        assertThat(RecordCodec.fromJson(line)).isEqualTo(r);
        RequestRecord rerank = record(new InputParts(0, 0, 0, 0, 8));
        assertThat(RecordCodec.toJson(rerank)).contains("\"documents\":8").doesNotContain("images", "audio");
        assertThat(RecordCodec.fromJson(RecordCodec.toJson(rerank)).inputParts().documents()).isEqualTo(8);
    }

    @Test
    void aTextOnlyRecord_writesTheLineItAlwaysDid_andAnOlderLineReadsAsTextOnly() {
        RequestRecord plain = record(InputParts.NONE);
        String line = RecordCodec.toJson(plain);
        assertThat(line).doesNotContain("images", "audio", "documents");
        String older = "{\"id\":1,\"worker\":0,\"phase\":\"measured\",\"outcome\":\"ok\",\"status\":200,\"scheduled_ns\":5,"
                + "\"sent_ns\":6,\"first_token_ns\":9,\"done_ns\":12,\"input_tokens\":10,\"output_tokens\":3,"
                + "\"output_tokens_source\":\"usage\",\"chunks\":3}";
        assertThat(RecordCodec.fromJson(older).inputParts()).isEqualTo(InputParts.NONE);
        assertThat(RequestRecord.builder(3).sentNanos(1).headersNanos(2).firstTokenNanos(3).lastTokenNanos(4)
                .doneNanos(5).status(200).inputTokens(1).outputTokens(1).outputTokensSource(TokenSource.USAGE)
                .chunks(1).build().inputParts()).isEqualTo(InputParts.NONE);
    }

    @Test
    void negativeCounts_areRefusedNamingThem() {
        assertThatThrownBy(() -> new InputParts(-1, 0, 0, 0, 0)).hasMessageContaining("images -1");
    }
}
