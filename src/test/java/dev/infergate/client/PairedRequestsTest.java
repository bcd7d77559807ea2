package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.ErrorClass;
import dev.infergate.workload.RequestSpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rerank and score requests: the input cut into a query and documents, the bodies in vLLM's forms, the answers judged. */
class PairedRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MS = 1_000_000L;

    private static Endpoint endpoint(Api api, int documents) {
        return new Endpoint(URI.create("http://127.0.0.1:1/v1"), api, "m", true, Map.of(), null, false, false,
                Duration.ofSeconds(1)).withDocuments(documents);
    }

    private static JsonNode body(Api api, int documents, String prompt) throws Exception {
        RequestSpec spec = new RequestSpec(0, prompt, null, prompt.split(" ").length, 16, null, 0, "synthetic");
        return JSON.readTree(new String(RequestEncoder.encode(spec, endpoint(api, documents), true), StandardCharsets.UTF_8));
    }

    @Test
    void split_cutsTheWordsIntoAQueryAndEqualDocuments_keepingEveryWordOnce() {
        PairedInput input = PairedInput.split("a b c d e f g h i j k", 4);
        assertThat(input.query()).isEqualTo("a b c");
        assertThat(input.documents()).containsExactly("d e", "f g", "h i", "j k");
    }

    @Test
    void split_ofFewerWordsThanParts_givesEveryPartAWord() {
        PairedInput input = PairedInput.split("alpha", 3);
        assertThat(input.query()).isEqualTo("alpha");
        assertThat(input.documents()).hasSize(3).allSatisfy(d -> assertThat(d).isNotBlank());
    }

    @Test
    void split_refusesNoDocuments() {
        assertThatThrownBy(() -> PairedInput.split("a b", 0)).hasMessageContaining("documents (0)");
        assertThatThrownBy(() -> endpoint(Api.RERANK, 0)).hasMessageContaining("documents per request (0)");
    }

    @Test
    void rerankBody_hasQueryAndDocuments_andNothingAboutGeneration() throws Exception {
        JsonNode body = body(Api.RERANK, 2, "q1 q2 d1 d2 e1 e2");
        assertThat(body.path("model").asText()).isEqualTo("m");
        assertThat(body.path("query").asText()).isEqualTo("q1 q2");
        assertThat(JSON.convertValue(body.path("documents"), List.class)).containsExactly("d1 d2", "e1 e2");
        assertThat(body.has("max_tokens")).isFalse();
        assertThat(body.has("stream")).as("never streamed").isFalse();
        assertThat(body.has("ignore_eos")).isFalse();
    }

    @Test
    void scoreBody_hasText1AgainstAListText2() throws Exception {
        JsonNode body = body(Api.SCORE, 3, "q d1 d2 d3");
        assertThat(body.path("text_1").asText()).isEqualTo("q");
        assertThat(JSON.convertValue(body.path("text_2"), List.class)).containsExactly("d1", "d2", "d3");
        assertThat(body.has("query")).isFalse();
    }

    @Test
    void rerankAndScore_areNeverStreamed_andTheDocumentsReachRunJson() {
        Endpoint e = endpoint(Api.RERANK, 5);
        assertThat(e.stream()).isFalse();
        assertThat(e.api().generates()).isFalse();
        assertThat(dev.infergate.json.Json.COMPACT.valueToTree(e.describe()).path("documents").asInt()).isEqualTo(5);
        assertThat(dev.infergate.json.Json.COMPACT.valueToTree(endpoint(Api.CHAT, 5).describe()).has("documents")).isFalse();
        assertThat(Api.parse("score")).isEqualTo(Api.SCORE);
    }

    private static StreamResult answer(Api api, int status, String body) {
        StreamTimeline t = new StreamTimeline(api, false, false, Timeouts.DEFAULT_MAX_BODY_BYTES, Timeouts.DEFAULT_MAX_EVENT_BYTES);
        t.onSent(100 * MS);
        t.onHeaders(status, 150 * MS);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        t.onBytes(bytes, 0, bytes.length, 180 * MS);
        t.onEnd(180 * MS);
        return t.result();
    }

    @Test
    void rerankAnswer_succeedsWithoutOutput_takingInputTokensFromTotalTokens() {
        StreamResult r = answer(Api.RERANK, 200, "{\"id\":\"rerank-1\",\"model\":\"m\",\"usage\":{\"total_tokens\":42},"
                + "\"results\":[{\"index\":1,\"document\":{\"text\":\"b\"},\"relevance_score\":0.9},"
                + "{\"index\":0,\"document\":{\"text\":\"a\"},\"relevance_score\":0.1}]}");
        assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
        assertThat(r.usage().promptTokens()).isEqualTo(42);
        assertThat(r.usage().completionTokens()).isZero();
        assertThat(r.marks().firstTokenNanos()).isEqualTo(StreamResult.ABSENT);
        assertThat(r.marks().doneNanos()).isEqualTo(180 * MS);
    }

    @Test
    void scoreAnswer_takesPromptTokens() {
        StreamResult r = answer(Api.SCORE, 200, "{\"id\":\"score-1\",\"object\":\"list\",\"data\":[{\"index\":0,"
                + "\"object\":\"score\",\"score\":0.5}],\"usage\":{\"prompt_tokens\":7,\"total_tokens\":7}}");
        assertThat(r.succeeded()).isTrue();
        assertThat(r.usage().promptTokens()).isEqualTo(7);
    }

    @Test
    void anAnswerWithoutScores_isMalformed_andSaysSo() {
        StreamResult r = answer(Api.RERANK, 200, "{\"id\":\"x\",\"results\":[]}");
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.MALFORMED);
        assertThat(r.outcome().errorDetail()).startsWith("a 2xx answer without scores");
        StreamResult chat = answer(Api.SCORE, 200, "{\"choices\":[{\"message\":{\"content\":\"hi\"}}]}");
        assertThat(chat.outcome().failure()).as("a chat answer is not a score").isEqualTo(ErrorClass.MALFORMED);
        assertThat(answer(Api.RERANK, 200, "not json").outcome().failure()).isEqualTo(ErrorClass.MALFORMED);
    }

    @Test
    void anErrorAnswer_isClassifiedByItsStatusOrItsErrorObject() {
        assertThat(answer(Api.RERANK, 400, "{\"object\":\"error\",\"message\":\"bad\"}").outcome().failure())
                .isEqualTo(ErrorClass.forStatus(400));
        StreamResult r = answer(Api.RERANK, 200, "{\"object\":\"error\",\"message\":\"model is not a reranker\"}");
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).contains("model is not a reranker");
    }
}
