package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsScraperTest {
    @TempDir
    Path dir;

    static Endpoint endpoint(String baseUrl, Map<String, String> headers) {
        return new Endpoint(URI.create(baseUrl), Api.CHAT, "m", true, headers, null, false, false, Duration.ofSeconds(5));
    }

    @Test
    void scraper_writesABaselineLineAtStart_periodicLines_andAFinalOneAtClose() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Endpoint e = endpoint(server.baseUrl(), Map.of());
            long origin = System.nanoTime();
            MetricsScraper scraper = new MetricsScraper(URI.create(e.rootUrl("/metrics")), e, Duration.ofMillis(100), origin, dir);
            scraper.start();
            assertThat(Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE))).hasSize(1);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (scraper.scrapes() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            scraper.close();
            // a scrape slower than the interval on a busy machine adds one "skipped" note: not a scrape
            List<String> lines = Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE)).stream()
                    .filter(l -> !l.contains("\"skipped\"")).toList();
            assertThat(lines).hasSizeGreaterThanOrEqualTo(5)
                    .allSatisfy(l -> assertThat(l).startsWith("{\"offset_ns\":").contains("\"engine\":\"vllm\"", "\"running_requests\":"));
            assertThat(scraper.errors()).isZero();
        }
    }

    @Test
    void unreachableServer_isWrittenAsErrorLines_neverThrows() throws Exception {
        Endpoint e = endpoint("http://127.0.0.1:1/v1", Map.of());
        try (MetricsScraper scraper = new MetricsScraper(URI.create("http://127.0.0.1:1/metrics"), e, Duration.ofMillis(200),
                System.nanoTime(), dir).start()) {
            assertThat(scraper.errors()).isEqualTo(1);
        }
        assertThat(Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE))).allSatisfy(l -> assertThat(l).contains("\"error\":"));
    }

    @Test
    void aScrapeThatOutlastsItsInterval_isLeftToFinish_andNotedOnce() throws Exception {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger answeredWhole = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch slowDone = new java.util.concurrent.CountDownLatch(1);
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.createContext("/metrics", exchange -> {
            int n = asked.incrementAndGet();
            byte[] page = "vllm:num_requests_running{model_name=\"m\"} 1\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            try {
                if (n == 2) { // a long prefill holds the server's metrics task: 8 intervals
                    Thread.sleep(800);
                }
                exchange.sendResponseHeaders(200, page.length);
                exchange.getResponseBody().write(page);
                exchange.close();
                answeredWhole.incrementAndGet(); // the client was still there: its work was not thrown away
            } catch (java.io.IOException | InterruptedException e) {
                exchange.close();
            } finally {
                if (n == 2) {
                    slowDone.countDown();
                }
            }
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            Endpoint e = endpoint(base + "/v1", Map.of());
            MetricsScraper scraper = new MetricsScraper(URI.create(base + "/metrics"), e, Duration.ofMillis(100),
                    System.nanoTime(), dir).start();
            assertThat(slowDone.await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (scraper.scrapes() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            scraper.close();
            assertThat(scraper.skipped()).isPositive();
            assertThat(scraper.errors()).isZero();
            assertThat(answeredWhole.get()).isEqualTo(asked.get()); // no scrape was cut off under the server
            List<String> lines = Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE));
            assertThat(lines.stream().filter(l -> l.contains("\"skipped\"")).count()).isEqualTo(1);
            assertThat(lines.stream().filter(l -> l.contains("\"values\"")).count()).isEqualTo(scraper.scrapes());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aServerWithoutMetrics_isAskedOnce_notEveryInterval() throws Exception {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            asked.incrementAndGet();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            MetricsScraper scraper = new MetricsScraper(URI.create(base + "/metrics"), endpoint(base + "/v1", Map.of()),
                    Duration.ofHours(1), System.nanoTime(), dir).start();
            for (int tick = 0; tick < 5; tick++) {
                scraper.scrapeOnce(); // the ticks of a long run
            }
            scraper.close();
            assertThat(asked.get()).as("one 404, then no more requests").isEqualTo(1);
            assertThat(Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE))).singleElement().asString()
                    .contains("\"error\":\"IOException: HTTP 404: the server has no /metrics, so it is not asked again");
        } finally {
            server.stop(0);
        }
    }
}
