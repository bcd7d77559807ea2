package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.ConstantRateSchedule;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.WorkloadDefinition;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPlanTest {
    private static WorkloadDefinition workload(String input) {
        return WorkloadDefinition.builder().inputTokens(LengthDistribution.parse(input))
                .outputTokens(LengthDistribution.parse("4")).build();
    }

    @Test
    void withWorkloadAndLoad_keepsEveryOtherSetting_includingTheScrapedPages() {
        Endpoint endpoint = new Endpoint(URI.create("http://127.0.0.1:19700/v1"), Api.CHAT, "m", true, Map.of(), null, false,
                false, Duration.ofSeconds(5));
        RunPlan plan = new RunPlan(endpoint, workload("16"), "cl100k_base", new ClosedLoop(2, Duration.ZERO),
                new RunLimits(10, null, 1, null, Duration.ofSeconds(3)), Shard.ALL, Timeouts.DEFAULT, Slo.NONE,
                Map.of("gpu", "H100"), "c1", Path.of("out"), true, 5, 2, "MY_KEY", true,
                URI.create("http://127.0.0.1:19701/metrics"), URI.create("http://127.0.0.1:19702/metrics"));
        WorkloadDefinition otherWorkload = workload("32");
        OpenLoop otherLoad = new OpenLoop(new ConstantRateSchedule(3), 0);

        RunPlan copy = plan.withWorkloadAndLoad(otherWorkload, otherLoad);

        assertThat(copy).isEqualTo(new RunPlan(endpoint, otherWorkload, "cl100k_base", otherLoad, plan.limits(), Shard.ALL,
                Timeouts.DEFAULT, Slo.NONE, Map.of("gpu", "H100"), "c1", Path.of("out"), true, 5, 2, "MY_KEY", true,
                plan.serverMetrics(), plan.gpuMetrics()));
        assertThat(copy.gpuMetrics()).isEqualTo(URI.create("http://127.0.0.1:19702/metrics"));
    }
}
