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
            List<String> lines = Files.readAllLines(dir.resolve(RunLog.SERVER_METRICS_FILE));
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
}
