package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentFactorsTest {
    @Test
    void theDemosOneChange_isItsOnlyFactor_infergatesOwnBookkeepingIsTheClients() {
        // the keys that differed between the demo's two sides (demo --quick, Dec 6): one label and infergate's own
        // warm-up, CPU and timing
        Map<String, String> base = Map.of("labels.kv_cache", "bf16", "client_warmup.requests", "400",
                "client_warmup.wall_s", "1.081", "client_cpu.startup_s", "2.65", "client_cpu.load_s", "1.96",
                "started_at", "a", "base_url", "http://127.0.0.1:1/v1", "request_id_prefix", "x-",
                "server_metrics_url", "http://127.0.0.1:1/metrics", "labels.engine", "infergate-sim");
        Map<String, String> cand = Map.of("labels.kv_cache", "fp8", "client_warmup.requests", "16",
                "client_warmup.wall_s", "0.151", "client_cpu.startup_s", "6.4", "client_cpu.load_s", "0.56",
                "started_at", "b", "base_url", "http://127.0.0.1:2/v1", "request_id_prefix", "y-",
                "server_metrics_url", "http://127.0.0.1:2/metrics", "labels.engine", "infergate-sim");
        List<Environment.Difference> diff = Environment.diff(List.of(base, cand));
        assertThat(diff).hasSize(9);
        assertThat(Environment.factors(diff)).containsExactly("labels.kv_cache");
        assertThat(Environment.isFactor("labels.engine")).as("a label that differs is a factor").isTrue();
        assertThat(Environment.isFactor("server.server_version")).isTrue();
    }
}
