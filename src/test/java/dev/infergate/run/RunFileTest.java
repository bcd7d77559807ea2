package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import dev.infergate.analysis.Slo;
import dev.infergate.analysis.Summarizer;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFileTest {
    private static final Endpoint ENDPOINT = new Endpoint(URI.create("http://127.0.0.1:1/v1"), Api.CHAT, "m", true,
            Map.of("Authorization", "Bearer secret"), null, false, false, Duration.ofSeconds(10));
    private static final Preflight.Result SERVER = new Preflight.Result("m", List.of("m"), true, null, null);

    @TempDir
    Path dir;

    private RunFile measured(ClientWarmup.Result warmup) {
        return new RunFile(Instant.parse("2026-12-04T07:00:00Z"), ENDPOINT, "ig-1-", Map.of("gpu", "H100"),
                RunFile.describeLoad(new ClosedLoop(4, Duration.ZERO), new RunLimits(100, null, 10, null, Duration.ofSeconds(30)),
                        Shard.ALL),
                new dev.infergate.workload.MapWorkloadDescription(Map.of("kind", "synthetic")), SERVER,
                new RunFile.Measured("dev", Slo.NONE, Timeouts.DEFAULT, null, null, "chat", 3, warmup), null);
    }

    @Test
    void aRunStartsWithEndedAtNull_andEndsWithTheSameKeysInTheSameOrder_plusThePartialReason() throws Exception {
        RunFile start = measured(new ClientWarmup.Result(10, 0, 0.5, 0.25));
        start.write(dir);
        Map<String, Object> written = RunDocument.read(dir).document();
        assertThat(written).containsEntry(RunLog.ENDED_AT, null).containsEntry("schema", RunFile.SCHEMA)
                .containsEntry("prefix_warmup_requests", 3).containsEntry("condition", "chat")
                .containsKey("client_warmup").doesNotContainKey("partial");
        assertThat(written.keySet()).startsWith("schema", "tool", "started_at", RunLog.ENDED_AT);
        assertThat(written.toString()).doesNotContain("secret");

        start.ended(Instant.parse("2026-12-04T07:05:00Z"), "interrupted").write(dir);
        Map<String, Object> ended = RunDocument.read(dir).document();
        assertThat(ended).containsEntry(RunLog.ENDED_AT, "2026-12-04T07:05:00Z").containsEntry("partial", true)
                .containsEntry("partial_reason", "interrupted");
        assertThat(List.copyOf(ended.keySet()).subList(0, written.size())).containsExactlyElementsOf(written.keySet());
        assertThat(ended.keySet()).endsWith("partial", "partial_reason");
    }

    @Test
    void aRunThatRanToItsEnd_isNotPartial() {
        Map<String, Object> m = measured(null).ended(Instant.EPOCH, null).toMap();
        assertThat(m).containsEntry(RunLog.ENDED_AT, "1970-01-01T00:00:00Z").doesNotContainKeys("partial", "client_warmup");
        assertThat(m).containsEntry("server_metrics_url", null);
        assertThat(m.get("load")).asInstanceOf(MAP)
                .containsEntry("mode", "closed").containsEntry("requests", 100L).containsEntry("warmup_requests", 10L);
    }

    @Test
    void keyOrder_isTheSameInEveryJvm_toolAsDeclared_unorderedMapsSortedByKey() throws Exception {
        RunFile probe = new RunFile(Instant.EPOCH, ENDPOINT, "p-", Map.of("zone", "b", "gpu", "H100", "model", "m"),
                Map.of("mode", "probe", "rounds", 3, "concurrency", 1), new dev.infergate.workload.MapWorkloadDescription(Map.of("kind", "probe", "input_tokens", 64)), SERVER,
                new RunFile.Measured("dev", Slo.NONE, Timeouts.DEFAULT, null, null, null, 0, null), null);

        String json = Summarizer.JSON.writeValueAsString(probe.toMap()).replaceAll("\\s", "");

        assertThat(json).contains("\"tool\":{\"name\":\"infergate\",\"version\":\"dev\"}")
                .contains("\"labels\":{\"gpu\":\"H100\",\"model\":\"m\",\"zone\":\"b\"}")
                .contains("\"load\":{\"concurrency\":1,\"mode\":\"probe\",\"rounds\":3}")
                .contains("\"workload\":{\"input_tokens\":64,\"kind\":\"probe\"}");
    }

    @Test
    void anEndedRun_recordsItsCpuByPhase_inSecondsRoundedToTheMs() {
        ClientCpu cpu = ClientCpu.of(1_234_567_890L, 2_000_000_000L, 2_100_000_000L, 9_100_400_000L, 5_000_000_000L, 25_000_000_000L);
        assertThat(measured(null).ended(Instant.EPOCH, null, cpu).document().clientCpu()) // written and read by one record
                .isEqualTo(new RunDocument.ClientCpuSeconds(1.235, 0.765, 7.0, 20.0));
        assertThat(measured(null).ended(Instant.EPOCH, null, cpu.withMachine(0.93456)).document().clientCpu())
                .as("the whole machine's CPU over the load, beside the client's own")
                .isEqualTo(new RunDocument.ClientCpuSeconds(1.235, 0.765, 7.0, 20.0, 0.935, Runtime.getRuntime().availableProcessors()));
        assertThat(measured(null).toMap()).doesNotContainKey("client_cpu");
        assertThatThrownBy(() -> new ClientCpu(1, -0.5, 0, 0)).hasMessageContaining("warmupSeconds (-0.5)");
    }

    @Test
    void anEndedRun_recordsWhatItsConnectionsMet_andItIsReadBackTyped() {
        Map<String, Object> connections = new java.util.LinkedHashMap<>();
        connections.put("connections_opened", 8);
        connections.put("client_retries", 1);
        connections.put("event_loops", 2);
        connections.put("held_at_connection_limit", 0);
        connections.put("held_on_full_loop", 0);
        connections.put("waited_for_busy_connection", 3);
        Map<String, Object> m = measured(null).ended(Instant.EPOCH, null, null, connections).toMap();
        assertThat(m.get("connections")).isEqualTo(connections);
        dev.infergate.record.RunDocument.Connections read = dev.infergate.record.RunDocument.of(m).connections();
        assertThat(read).isEqualTo(new dev.infergate.record.RunDocument.Connections(2, 0L, 0L, 3L, 1L, 8L));
        assertThat(measured(null).toMap()).doesNotContainKey("connections");
    }

    @Test
    void aProbe_hasNoToolNoEndNoRunSettings() {
        RunFile probe = new RunFile(Instant.EPOCH, ENDPOINT, "p-", Map.of(), Map.of("mode", "probe"),
                new dev.infergate.workload.MapWorkloadDescription(Map.of("kind", "probe")), SERVER, null, null);
        assertThat(probe.toMap()).doesNotContainKeys("tool", RunLog.ENDED_AT, "slo", "timeouts", "server_metrics_url")
                .containsKeys("schema", "started_at", "request_id_prefix", "labels", "load", "workload", "server");
        assertThatThrownBy(() -> probe.ended(Instant.EPOCH, null)).hasMessage("only a measured run records its end");
    }
}
