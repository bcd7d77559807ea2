package dev.infergate.sim.http;

import static dev.infergate.sim.http.SimServerWireTest.post;
import static dev.infergate.sim.http.SimServerWireTest.withServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The simulator's rerank and score endpoints on the wire, in vLLM's request and answer forms. */
class SimScoringWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RERANK = "{\"model\":\"sim-llama-8b\",\"query\":\"q1 q2\",\"documents\":[\"a b c\",\"d e\",\"f\"]}";

    @Test
    void rerank_answersEveryDocumentBestFirst_withItsText_andUsageOfEveryPair() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            for (String path : List.of("/rerank", "/v1/rerank", "/v2/rerank")) {
                HttpResponse<String> r = post(root + path, RERANK);
                assertThat(r.statusCode()).as(path).isEqualTo(200);
                JsonNode body = JSON.readTree(r.body());
                assertThat(body.path("id").asText()).startsWith("rerank-");
                assertThat(body.path("model").asText()).isEqualTo("sim-llama-8b");
                // each (query, document) pair is read whole: 2+3, 2+2, 2+1 words
                assertThat(body.path("usage").path("total_tokens").asInt()).isEqualTo(12);
                JsonNode results = body.path("results");
                assertThat(results).hasSize(3);
                List<Integer> indices = new ArrayList<>();
                double previous = 1;
                for (JsonNode result : results) {
                    double score = result.path("relevance_score").asDouble();
                    assertThat(score).isBetween(0.0, previous);
                    previous = score;
                    int index = result.path("index").asInt();
                    indices.add(index);
                    assertThat(result.path("document").path("text").asText()).isEqualTo(List.of("a b c", "d e", "f").get(index));
                }
                assertThat(indices).containsExactlyInAnyOrder(0, 1, 2);
            }
        });
    }

    @Test
    void rerank_topN_cutsTheResults_andTheSamePairScoresTheSame() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            JsonNode all = JSON.readTree(post(root + "/v1/rerank", RERANK).body()).path("results");
            JsonNode top = JSON.readTree(post(root + "/v1/rerank", RERANK.replace("}", ",\"top_n\":1,\"return_documents\":false}"))
                    .body()).path("results");
            assertThat(top).hasSize(1);
            assertThat(top.get(0).path("index")).isEqualTo(all.get(0).path("index"));
            assertThat(top.get(0).path("relevance_score")).isEqualTo(all.get(0).path("relevance_score"));
            assertThat(top.get(0).has("document")).isFalse();
        });
    }

    @Test
    void score_answersOneScorePerPairInOrder_oneAgainstManyOrPairwise() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            for (String path : List.of("/score", "/v1/score")) {
                JsonNode body = JSON.readTree(post(root + path, "{\"text_1\":\"q\",\"text_2\":[\"a b\",\"c\"]}").body());
                assertThat(body.path("object").asText()).isEqualTo("list");
                assertThat(body.path("data")).hasSize(2);
                assertThat(body.path("data").get(1).path("index").asInt()).isEqualTo(1);
                assertThat(body.path("data").get(1).path("object").asText()).isEqualTo("score");
                assertThat(body.path("usage").path("prompt_tokens").asInt()).isEqualTo(5);
            }
            JsonNode pairwise = JSON.readTree(post(root + "/v1/score", "{\"text_1\":[\"q\",\"r s\"],\"text_2\":[\"a\",\"b\"]}").body());
            assertThat(pairwise.path("usage").path("prompt_tokens").asInt()).isEqualTo(5);
        });
    }

    @Test
    void malformedRequests_areRefusedWith400_namingTheField() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            HttpResponse<String> noQuery = post(root + "/v1/rerank", "{\"documents\":[\"a\"]}");
            assertThat(noQuery.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(noQuery.body()).path("error").path("param").asText()).isEqualTo("query");
            assertThat(post(root + "/v1/rerank", "{\"query\":\"q\",\"documents\":[]}").statusCode()).isEqualTo(400);
            assertThat(post(root + "/v1/rerank", "{\"query\":\"q\",\"documents\":[{\"text\":\"a\"}]}").statusCode()).isEqualTo(400);
            assertThat(post(root + "/v1/score", "{\"text_1\":[\"a\",\"b\"],\"text_2\":[\"c\",\"d\",\"e\"]}").statusCode())
                    .isEqualTo(400);
            assertThat(post(root + "/v1/rerank", "{\"model\":\"other\",\"query\":\"q\",\"documents\":[\"a\"]}").statusCode())
                    .isEqualTo(404);
        });
    }
}
