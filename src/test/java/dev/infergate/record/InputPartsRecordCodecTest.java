package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A record's images, audio clips and documents: written only when sent, read back, absent from older logs. */
class InputPartsRecordCodecTest {
    private static RequestRecord record(InputParts parts) {
        long a = RequestRecord.ABSENT;
        return new RequestRecord(3, 0, Phase.MEASURED, null, null, -1, 0, 1_000, 2_000, 5_000, 9_000, 10_000, 200, null,
                null, -1, 1_101, 10, TokenSource.USAGE, -1, 10, a, null, null, 0, a, -1, 100, a, a, a, a, a, 0, -1, parts);
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
        assertThat(new RequestRecord(3, 0, Phase.MEASURED, null, null, -1, 0, 1, 2, 3, 4, 5, 200, null, null, -1, 1, 1,
                TokenSource.USAGE, -1, 1, -1, null, null).inputParts()).isEqualTo(InputParts.NONE);
    }

    @Test
    void negativeCounts_areRefusedNamingThem() {
        assertThatThrownBy(() -> new InputParts(-1, 0, 0, 0, 0)).hasMessageContaining("images -1");
    }
}
