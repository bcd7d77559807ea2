package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.infergate.analysis.ServerFigures;
import dev.infergate.analysis.ServerMetricsSummary;
import dev.infergate.analysis.SimulatorDelays;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.attest.SimulatorAttestation;
import dev.infergate.attest.SimulatorKey;
import dev.infergate.attest.SimulatorKeys;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.http.EmissionTap;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's word on its own lateness (the simulator's series on /metrics, its per-request delays) is used only when
 * it proves, with the key this client holds, that it is infergate's simulator: a slow server that calls itself a late
 * simulator must not have its slowness taken off its figures.
 */
class UnprovenSimulatorTest {
    /** A page that says the engine lost 30 s to stalls and that every token was over 2.5 s late. */
    private static final String LYING_PAGE = "vllm:num_requests_running{model_name=\"m\"} 1\n"
            + "infergate_sim_engine_stall_seconds_total 30\n"
            + "infergate_sim_dispatch_lateness_seconds_bucket{le=\"0.001\"} 0\n"
            + "infergate_sim_dispatch_lateness_seconds_bucket{le=\"2.5\"} 0\n"
            + "infergate_sim_dispatch_lateness_seconds_bucket{le=\"+Inf\"} 500\n";

    @TempDir
    Path dir;

    @Test
    void aServerServingTheSimulatorsSeriesAndDelays_withoutTheKey_isNotBelieved() throws Exception {
        AtomicInteger delaysAsked = new AtomicInteger();
        HttpServer fake = fake(nonce -> null, delaysAsked);
        try {
            scrape(fake);
        } finally {
            fake.stop(0);
        }

        assertNotBelieved(delaysAsked);
    }

    @Test
    void aWrongAnswer_isRejected() throws Exception {
        AtomicInteger delaysAsked = new AtomicInteger();
        SimulatorKey ours = SimulatorKey.random();
        SimulatorKey theirs = SimulatorKey.random();
        HttpServer fake = fake(theirs::answer, delaysAsked);
        int port = fake.getAddress().getPort();
        SimulatorKeys.register(port, ours);
        try {
            scrape(fake);
        } finally {
            SimulatorKeys.unregister(port, ours);
            fake.stop(0);
        }

        assertNotBelieved(delaysAsked);
    }

    @Test
    void aServerAnsweringWithTheKeyTheClientHolds_isBelieved() throws Exception {
        AtomicInteger delaysAsked = new AtomicInteger();
        SimulatorKey key = SimulatorKey.random();
        HttpServer fake = fake(key::answer, delaysAsked);
        int port = fake.getAddress().getPort();
        SimulatorKeys.register(port, key);
        try {
            scrape(fake);
        } finally {
            SimulatorKeys.unregister(port, key);
            fake.stop(0);
        }

        assertThat(lines()).anySatisfy(l -> assertThat(l).contains("\"simulator\":{\"stalled_seconds\":30.0"))
                .noneSatisfy(l -> assertThat(l).contains("simulator_unproven"));
        assertThat(delaysAsked).hasValue(1);
        assertThat(SimulatorDelays.read(dir).endMs(7)).isEqualTo(2600.0);
        assertThat(SimulatorLag.read(dir).known()).isTrue();
    }

    @Test
    void theRealSimulator_provesItselfWithItsKey_andNotWithAnother() throws Exception {
        SimulatorKey key = SimulatorKey.random();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1, EmissionTap.NONE, key)) {
            URI metrics = URI.create("http://127.0.0.1:" + sim.port() + "/metrics");
            HttpClient http = HttpClient.newHttpClient();

            assertThat(SimulatorAttestation.proves(http, metrics, Map.of())).as("registered in-process by port").isTrue();
            assertThat(SimulatorAttestation.proves(http, metrics, Map.of(), Optional.of(key))).isTrue();
            assertThat(SimulatorAttestation.proves(http, metrics, Map.of(), Optional.of(SimulatorKey.random()))).isFalse();
            assertThat(SimulatorAttestation.proves(http, metrics, Map.of(), Optional.empty())).isFalse();
            Endpoint e = MetricsScraperTest.endpoint(sim.baseUrl(), Map.of());
            new MetricsScraper(metrics, e, Duration.ofSeconds(60), System.nanoTime(), dir).start().close();
        }
        assertThat(lines()).isNotEmpty().allSatisfy(l -> assertThat(l).contains("\"simulator\":{"));
    }

    private void assertNotBelieved(AtomicInteger delaysAsked) throws IOException {
        assertThat(lines()).isNotEmpty().noneSatisfy(l -> assertThat(l).contains("\"simulator\":"));
        assertThat(lines()).filteredOn(l -> l.contains("simulator_unproven")).hasSize(1);
        assertThat(delaysAsked).as("its per-request delays are not even asked for").hasValue(0);
        assertThat(dir.resolve(RunLog.SIMULATOR_DELAYS_FILE)).doesNotExist();
        assertThat(SimulatorDelays.read(dir).known()).isFalse();
        assertThat(SimulatorLag.read(dir).known()).isFalse();
        ServerFigures summary = ServerMetricsSummary.summarize(dir, 0, Long.MAX_VALUE);
        assertThat(summary.simulator()).isNull();
        assertThat(summary.simulatorUnproven()).isEqualTo(SimulatorAttestation.UNPROVEN)
                .contains("did not prove it is infergate's simulator: its own word is not used");
        assertThat(dev.infergate.json.Json.COMPACT.writeValueAsString(summary))
                .as("summary.json's server block says so").contains("\"simulator_unproven\":\"the server serves infergate-sim");
    }

    private void scrape(HttpServer fake) throws IOException {
        String base = "http://127.0.0.1:" + fake.getAddress().getPort();
        Endpoint e = MetricsScraperTest.endpoint(base + "/v1", Map.of());
        new MetricsScraper(URI.create(base + "/metrics"), e, Duration.ofSeconds(60), System.nanoTime(), dir)
                .fetchingSimulatorDelays("run-").start().close();
    }

    private List<String> lines() throws IOException {
        return Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE));
    }

    /** A server with the simulator's series and delays; {@code attest} answers a nonce (null: 404). */
    private static HttpServer fake(UnaryOperator<String> attest, AtomicInteger delaysAsked) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", x -> answer(x, 200, LYING_PAGE));
        server.createContext("/sim/request-delays", x -> {
            delaysAsked.incrementAndGet();
            answer(x, 200, "{\"id\":\"7\",\"first_token_ms\":2500.0,\"end_ms\":2600.0}\n");
        });
        server.createContext("/sim/attest", x -> {
            String query = x.getRequestURI().getQuery();
            String nonce = query == null ? "" : query.replaceFirst("^nonce=", "");
            String a = attest.apply(nonce);
            answer(x, a == null ? 404 : 200, a == null ? "not found" : a);
        });
        server.start();
        return server;
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }
}
