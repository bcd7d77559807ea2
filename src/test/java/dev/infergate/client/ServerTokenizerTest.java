package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import dev.infergate.testing.EngineServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerTokenizerTest {
    @Test
    void countsWithTheServersTokenizer_overManyKeepAliveCalls() {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Endpoint endpoint = new Endpoint(URI.create(sim.baseUrl()), Api.CHAT, "sim-llama-8b", true, Map.of(), null,
                    false, false, Duration.ofSeconds(5));
            try (HttpExecutor http = new HttpExecutor(endpoint, 4, 1)) {
                ServerTokenizer tokenizer = ServerTokenizer.detect(http);
                assertThat(tokenizer).isNotNull();
                assertThat(tokenizer.name()).isEqualTo("server:sim-llama-8b");
                // the simulator counts one token per word; 300 calls reuse pooled connections
                for (int i = 0; i < 300; i++) {
                    assertThat(tokenizer.count("word ".repeat(i % 7))).isEqualTo(i % 7);
                }
            }
        }
    }

    @Test
    void detect_returnsNullWithoutATokenizeEndpoint() throws Exception {
        try (dev.infergate.testing.ReplayServer server = dev.infergate.testing.ReplayServer.scripted(
                dev.infergate.testing.Script.json(404, "{\"error\":\"not found\"}"))) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl() + "/v1"), Api.CHAT, "m", true, Map.of(), null,
                    false, false, Duration.ofSeconds(5));
            try (HttpExecutor http = new HttpExecutor(endpoint, 4, 1)) {
                assertThat(ServerTokenizer.detect(http)).isNull();
            }
        }
    }

    @ParameterizedTest(name = "{0} is read as {1}")
    @CsvSource({"VLLM, VLLM_SGLANG", "SGLANG, VLLM_SGLANG", "LLAMA_CPP, LLAMA_CPP", "TGI, TGI"})
    void detect_recognisesEachEnginesDialect_andCountsInIt(EngineServer.TokenizeDialect engine,
            ServerTokenizer.Dialect expected) throws Exception {
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_IDLE, Duration.ofSeconds(5), engine, 0, 4);
                HttpExecutor http = new HttpExecutor(endpoint(server.baseUrl()), 4, 1)) {
            ServerTokenizer tokenizer = ServerTokenizer.detect(http);
            assertThat(tokenizer).isNotNull();
            assertThat(tokenizer.dialect()).isEqualTo(expected);
            assertThat(tokenizer.count("one two three")).isEqualTo(3); // the engine server counts words
        }
    }

    @Test
    void detect_takesLlamaServersEmptyAnswerToThePromptFormAsNo_notAsZeroTokens() throws Exception {
        // llama-server answers {"model","prompt"} with {"tokens": []} and HTTP 200: the content form must be tried
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_AFTER_STREAM, Duration.ofSeconds(5),
                EngineServer.TokenizeDialect.LLAMA_CPP, 0, 4);
                HttpExecutor http = new HttpExecutor(endpoint(server.baseUrl()), 4, 1)) {
            ServerTokenizer tokenizer = ServerTokenizer.detect(http);
            assertThat(tokenizer).isNotNull();
            assertThat(tokenizer.dialect()).isEqualTo(ServerTokenizer.Dialect.LLAMA_CPP);
            assertThat(tokenizer.count("a b c d e")).isEqualTo(5);
        }
    }

    @Test
    void detect_returnsNullWhenNoDialectAnswers() throws Exception {
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_IDLE, Duration.ofSeconds(5),
                EngineServer.TokenizeDialect.NONE, 0, 4);
                HttpExecutor http = new HttpExecutor(endpoint(server.baseUrl()), 4, 1)) {
            assertThat(ServerTokenizer.detect(http)).isNull();
        }
    }

    private static Endpoint endpoint(String baseUrl) {
        return new Endpoint(URI.create(baseUrl + "/v1"), Api.CHAT, "engine-model", true, Map.of(), null, false, false,
                Duration.ofSeconds(5));
    }
}
