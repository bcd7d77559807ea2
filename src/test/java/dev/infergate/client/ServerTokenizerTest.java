package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
