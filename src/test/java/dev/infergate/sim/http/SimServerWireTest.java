package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.Delivery;
import dev.infergate.sim.profile.Faults;
import dev.infergate.sim.profile.OutputLength;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The bytes on the wire, read with the JDK client: SSE framing, errors, /tokenize, /health, delivery, faults. */
class SimServerWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Runs {@code test} against a server with the baseline profile changed by {@code change}. */
    static void withServer(UnaryOperator<SimProfile> change, ServerTest test) throws Exception {
        try (SimServer server = SimServer.start(change.apply(SimProfile.bundled("baseline")), "127.0.0.1", 0, 1)) {
            test.run(server, "http://127.0.0.1:" + server.port());
        }
    }

    interface ServerTest {
        void run(SimServer server, String root) throws Exception;
    }

    static HttpResponse<String> post(String url, String body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static List<String> dataLines(String body) {
        return body.lines().filter(l -> l.startsWith("data: ")).map(l -> l.substring(6)).toList();
    }

    static final String CHAT_STREAM = "{\"model\":\"sim-llama-8b\",\"messages\":[{\"role\":\"user\",\"content\":\"a b c d\"}],"
            + "\"max_tokens\":6,\"ignore_eos\":true,\"stream\":true,\"stream_options\":{\"include_usage\":true,"
            + "\"continuous_usage_stats\":true}}";

    @Test
    void requestIdHeader_becomesTheResponseId_asVllmDoes_unlessItIsNotAPlainToken() throws Exception {
        String body = "{\"model\":\"sim-llama-8b\",\"messages\":[{\"role\":\"user\",\"content\":\"a b\"}],\"max_tokens\":2}";
        withServer(p -> p, (server, root) -> {
            for (String[] c : new String[][] {{"infergate-3fa9-17", "chatcmpl-infergate-3fa9-17"},
                    {"has space", "chatcmpl-sim-"}, {"x".repeat(129), "chatcmpl-sim-"}}) {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(root + "/v1/chat/completions"))
                        .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json").header("X-Request-Id", c[0])
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(JSON.readTree(response.body()).get("id").asText()).as("id for header %s", c[0]).startsWith(c[1]);
            }
            assertThat(JSON.readTree(post(root + "/v1/chat/completions", body).body()).get("id").asText())
                    .startsWith("chatcmpl-sim-");
        });
    }

    @Test
    void chatStream_isFramedLikeVllm_withUsageOnEveryChunk() throws Exception {
        withServer(p -> p, (server, root) -> {
            HttpResponse<String> response = post(root + "/v1/chat/completions", CHAT_STREAM);

            assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                    v -> assertThat(v).startsWith("text/event-stream"));
            assertThat(response.body()).endsWith("data: [DONE]\n\n");
            assertThat(response.body().split("\n\n")).allMatch(e -> e.startsWith("data: "));
            List<String> data = dataLines(response.body());
            assertThat(data).hasSize(1 + 6 + 1 + 1); // role, 6 tokens, usage, [DONE]
            List<JsonNode> chunks = new ArrayList<>();
            for (String d : data.subList(0, data.size() - 1)) {
                chunks.add(JSON.readTree(d));
            }
            assertThat(chunks.get(0).at("/choices/0/delta/role").asText()).isEqualTo("assistant");
            assertThat(chunks).allMatch(c -> c.at("/usage/prompt_tokens").asInt() == 4);
            assertThat(chunks.get(6).at("/choices/0/finish_reason").asText()).isEqualTo("length");
            assertThat(chunks.get(7).at("/usage/completion_tokens").asInt()).isEqualTo(6);
            assertThat(chunks.get(7).at("/usage/prompt_tokens_details/cached_tokens").isInt()).isTrue();
        });
    }

    @Test
    void streamInterval_packsThatManyTokensPerEvent() throws Exception {
        withServer(p -> new SimProfile(p.name(), "", p.model(), p.maxModelLen(), p.maxNumSeqs(), p.maxNumBatchedTokens(),
                p.blockSize(), p.numGpuBlocks(), p.cost(), 4, p.delivery(), p.outputLength(), p.faults()), (server, root) -> {
            String body = "{\"prompt\":\"a b\",\"max_tokens\":10,\"ignore_eos\":true,\"stream\":true}";
            List<String> data = dataLines(post(root + "/v1/completions", body).body());

            assertThat(data.subList(0, data.size() - 1)).map(d -> JSON.readTree(d).at("/choices/0/text").asText()
                    .strip().split(" ").length).containsExactly(4, 4, 2);
        });
    }

    @Test
    void minTokens_andNaturalLength_decideTheAnswerLength() throws Exception {
        withServer(p -> new SimProfile(p.name(), "", p.model(), p.maxModelLen(), p.maxNumSeqs(), p.maxNumBatchedTokens(),
                p.blockSize(), p.numGpuBlocks(), p.cost(), 1, p.delivery(), new OutputLength(3, 0), p.faults()),
                (server, root) -> {
                    JsonNode natural = JSON.readTree(post(root + "/v1/completions",
                            "{\"prompt\":\"a b\",\"max_tokens\":50}").body());
                    JsonNode floored = JSON.readTree(post(root + "/v1/completions",
                            "{\"prompt\":\"a b\",\"max_tokens\":50,\"min_tokens\":10}").body());

                    assertThat(natural.at("/usage/completion_tokens").asInt()).isEqualTo(3);
                    assertThat(natural.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
                    assertThat(floored.at("/usage/completion_tokens").asInt()).isEqualTo(10);
                });
    }

    @Test
    void badRequests_getOpenAiErrorJsonWithTheRightStatus() throws Exception {
        withServer(p -> p, (server, root) -> {
            HttpResponse<String> notJson = post(root + "/v1/chat/completions", "{nope");
            HttpResponse<String> noMessages = post(root + "/v1/chat/completions", "{\"messages\":[]}");
            HttpResponse<String> optionsWithoutStream = post(root + "/v1/completions",
                    "{\"prompt\":\"a\",\"stream_options\":{\"include_usage\":true}}");
            HttpResponse<String> minAboveMax = post(root + "/v1/completions",
                    "{\"prompt\":\"a\",\"max_tokens\":2,\"min_tokens\":5}");
            HttpResponse<String> unknownPath = get(root + "/v1/nothing");

            for (HttpResponse<String> r : List.of(notJson, noMessages, optionsWithoutStream, minAboveMax)) {
                assertThat(r.statusCode()).isEqualTo(400);
                assertThat(JSON.readTree(r.body()).at("/error/type").asText()).isEqualTo("invalid_request_error");
            }
            assertThat(JSON.readTree(minAboveMax.body()).at("/error/param").asText()).isEqualTo("min_tokens");
            assertThat(unknownPath.statusCode()).isEqualTo(404);
        });
    }

    @Test
    void tokenize_health_andModels() throws Exception {
        withServer(p -> p, (server, root) -> {
            JsonNode prompt = JSON.readTree(post(root + "/tokenize", "{\"prompt\":\"one two  three\"}").body());
            JsonNode messages = JSON.readTree(post(root + "/tokenize",
                    "{\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},{\"role\":\"user\",\"content\":\"hi there you\"}]}").body());
            JsonNode models = JSON.readTree(get(root + "/v1/models").body());

            assertThat(prompt.get("count").asInt()).isEqualTo(3);
            assertThat(prompt.get("tokens")).hasSize(3);
            assertThat(prompt.get("max_model_len").asInt()).isEqualTo(32768);
            assertThat(messages.get("count").asInt()).isEqualTo(5);
            assertThat(get(root + "/health").statusCode()).isEqualTo(200);
            assertThat(models.at("/data/0/id").asText()).isEqualTo("sim-llama-8b");
            assertThat(models.at("/data/0/owned_by").asText()).contains("not a measurement");
        });
    }

    @Test
    void bufferedDelivery_sendsEveryEventInOneBurstAtTheEnd_incrementalSpreadsThem() throws Exception {
        String body = "{\"prompt\":\"a b\",\"max_tokens\":30,\"ignore_eos\":true,\"stream\":true}";
        double[] spreadShare = new double[2];
        withServer(p -> p, (server, root) -> spreadShare[0] = spreadShareOfLastEvent(root, body));
        withServer(p -> p.withDelivery(new Delivery.Buffered()), (server, root) -> spreadShare[1] = spreadShareOfLastEvent(root, body));

        // share of (headers -> last event) taken by (first event -> last event)
        assertThat(spreadShare[0]).as("incremental").isGreaterThan(0.5);
        assertThat(spreadShare[1]).as("buffered").isLessThan(0.2);
    }

    private static double spreadShareOfLastEvent(String root, String body) throws Exception {
        HttpResponse<Stream<String>> response = HTTP.send(HttpRequest.newBuilder(URI.create(root + "/v1/completions"))
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofLines());
        long headers = System.nanoTime();
        List<Long> arrivals = new ArrayList<>();
        response.body().filter(l -> l.startsWith("data: ")).forEach(l -> arrivals.add(System.nanoTime()));
        assertThat(arrivals).hasSize(31);
        long last = arrivals.get(arrivals.size() - 1);
        return (last - arrivals.get(0)) / (double) (last - headers);
    }

    @Test
    void faults_errorAndRateLimit() throws Exception {
        withServer(p -> p.withFaults(new Faults(1.0, null, null, 0, 0)), (server, root) -> {
            HttpResponse<String> r = post(root + "/v1/completions", "{\"prompt\":\"a\"}");
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(JSON.readTree(r.body()).at("/error/type").asText()).isEqualTo("server_error");
        });
        withServer(p -> p.withFaults(new Faults(0, new Faults.RateLimit(1.0, "3s"), null, 0, 0)), (server, root) -> {
            HttpResponse<String> r = post(root + "/v1/completions", "{\"prompt\":\"a\"}");
            assertThat(r.statusCode()).isEqualTo(429);
            assertThat(r.headers().firstValue("retry-after")).hasValue("3");
        });
    }

    @Test
    void faults_malformedEventAndResetMidstream() throws Exception {
        String body = "{\"prompt\":\"a b\",\"max_tokens\":8,\"ignore_eos\":true,\"stream\":true}";
        withServer(p -> p.withFaults(new Faults(0, null, null, 0, 1.0)), (server, root) -> {
            List<String> data = dataLines(post(root + "/v1/completions", body).body());
            long broken = data.stream().filter(d -> !d.equals("[DONE]")).filter(d -> {
                try {
                    JSON.readTree(d);
                    return false;
                } catch (IOException e) {
                    return true;
                }
            }).count();
            assertThat(broken).isEqualTo(1);
        });
        withServer(p -> p.withFaults(new Faults(0, null, null, 1.0, 0)), (server, root) -> {
            String received;
            try {
                received = post(root + "/v1/completions", body).body();
            } catch (IOException e) {
                received = "";
            }
            assertThat(received).doesNotContain("[DONE]");
        });
    }
}
