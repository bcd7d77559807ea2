package dev.infergate.sim.http;

import static dev.infergate.sim.http.SimServerWireTest.dataLines;
import static dev.infergate.sim.http.SimServerWireTest.post;
import static dev.infergate.sim.http.SimServerWireTest.withServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The simulator's /v1/responses and /v1/embeddings on the wire. */
class SimMoreApisWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void responsesStream_hasTypedEventsInOrder_oneDeltaPerToken_andEndsWithUsage() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            HttpResponse<String> r = post(root + "/v1/responses", "{\"model\":\"sim-llama-8b\",\"input\":\"a b c d\","
                    + "\"max_output_tokens\":5,\"ignore_eos\":true,\"stream\":true,\"reasoning_tokens\":2}");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
            List<String> types = new ArrayList<>();
            List<JsonNode> events = new ArrayList<>();
            for (String data : dataLines(r.body())) {
                JsonNode e = JSON.readTree(data);
                events.add(e);
                types.add(e.path("type").asText());
            }
            assertThat(r.body()).doesNotContain("[DONE]").contains("event: response.created\ndata: ");
            assertThat(types.get(0)).isEqualTo("response.created");
            assertThat(types.stream().filter(t -> t.equals("response.reasoning_text.delta"))).hasSize(2);
            assertThat(types.stream().filter(t -> t.equals("response.output_text.delta"))).hasSize(3);
            assertThat(types.indexOf("response.output_text.delta")).isGreaterThan(types.lastIndexOf("response.reasoning_text.delta"));
            assertThat(types.get(types.size() - 1)).as("cut by max_output_tokens").isEqualTo("response.incomplete");
            for (int i = 0; i < events.size(); i++) {
                assertThat(events.get(i).path("sequence_number").asInt()).isEqualTo(i);
            }
            JsonNode last = events.get(events.size() - 1).path("response");
            assertThat(last.path("incomplete_details").path("reason").asText()).isEqualTo("max_output_tokens");
            assertThat(last.path("usage").path("input_tokens").asInt()).isEqualTo(4);
            assertThat(last.path("usage").path("output_tokens").asInt()).isEqualTo(5);
            assertThat(last.path("usage").path("output_tokens_details").path("reasoning_tokens").asInt()).isEqualTo(2);
            assertThat(last.path("output")).hasSize(2);
        });
    }

    @Test
    void responsesWhole_isAResponseObject_andStreamOptionsAreRefused() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            HttpResponse<String> r = post(root + "/v1/responses", "{\"instructions\":\"be brief\",\"input\":[{\"role\":\"user\","
                    + "\"content\":[{\"type\":\"input_text\",\"text\":\"a b c\"}]}],\"max_output_tokens\":3,\"ignore_eos\":true}");
            JsonNode body = JSON.readTree(r.body());
            assertThat(body.path("object").asText()).isEqualTo("response");
            assertThat(body.path("usage").path("input_tokens").asInt()).as("instructions and input").isEqualTo(5);
            assertThat(body.path("output").get(0).path("type").asText()).isEqualTo("message");
            HttpResponse<String> bad = post(root + "/v1/responses", "{\"input\":\"a\",\"stream\":true,"
                    + "\"stream_options\":{\"include_usage\":true}}");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(bad.body()).path("error").path("param").asText()).isEqualTo("stream_options");
        });
    }

    @Test
    void embeddings_answerAUnitVector_sameForTheSameInput_withPromptTokenUsage() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            JsonNode first = JSON.readTree(post(root + "/v1/embeddings", "{\"input\":\"a b c d e\"}").body());
            JsonNode again = JSON.readTree(post(root + "/v1/embeddings", "{\"input\":[\"a b c d e\"]}").body());
            JsonNode vector = first.path("data").get(0).path("embedding");
            assertThat(vector).hasSize(EmbeddingFormat.DIMENSIONS);
            double norm = 0;
            for (JsonNode v : vector) {
                norm += v.asDouble() * v.asDouble();
            }
            assertThat(norm).isCloseTo(1.0, offset(1e-4));
            assertThat(again.path("data").get(0).path("embedding")).isEqualTo(vector);
            assertThat(first.path("usage").path("prompt_tokens").asInt()).isEqualTo(5);
            HttpResponse<String> streamed = post(root + "/v1/embeddings", "{\"input\":\"a\",\"stream\":true}");
            assertThat(streamed.statusCode()).isEqualTo(400);
            assertThat(post(root + "/v1/embeddings", "{\"input\":\"\"}").statusCode()).isEqualTo(400);
        });
    }
}
