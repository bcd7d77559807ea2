package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientLimitCausesTest {
    private static RunDocument run(Map<String, Object> connections, Map<String, Object> cpu) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("api", "chat");
        if (connections != null) {
            doc.put("connections", connections);
        }
        if (cpu != null) {
            doc.put("client_cpu", cpu);
        }
        return RunDocument.of(doc);
    }

    private static Map<String, Object> connections(int loops, long atLimit, long onFullLoop, long waited) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client_retries", 3);
        m.put("event_loops", loops);
        m.put("held_at_connection_limit", atLimit);
        m.put("held_on_full_loop", onFullLoop);
        m.put("waited_for_busy_connection", waited);
        return m;
    }

    private static Map<String, Object> cpu(double loadS, double wallS) {
        return Map.of("startup_s", 1.0, "warmup_s", 0.5, "load_s", loadS, "load_wall_s", wallS);
    }

    @Test
    void waitsForConnections_areNamedTheConnectionLimit_notCpu() {
        List<ClientLimitCauses.Cause> causes = ClientLimitCauses.of(run(connections(2, 4, 0, 3), cpu(1.0, 10.0)));
        assertThat(causes).extracting(ClientLimitCauses.Cause::name).containsExactly("connection limit");
        assertThat(causes.get(0).evidence()).contains("7 requests waited");
    }

    @Test
    void requestsHeldOnAFullLoop_areNamedTheEventLoop() {
        assertThat(ClientLimitCauses.of(run(connections(2, 0, 5, 5), null)))
                .extracting(ClientLimitCauses.Cause::name).containsExactly("event loop", "connection limit");
    }

    @Test
    void busyCores_areNamedCpu() {
        List<ClientLimitCauses.Cause> causes = ClientLimitCauses.of(run(connections(2, 0, 0, 0), cpu(17.0, 10.0)));
        assertThat(causes).extracting(ClientLimitCauses.Cause::name).containsExactly("CPU");
        assertThat(causes.get(0).evidence()).isEqualTo("1.70 cores busy on average for 2 event loops");
    }

    @Test
    void retries_andAnIdleClient_nameNoClientCause() {
        RunDocument r = run(connections(4, 0, 0, 0), cpu(2.0, 10.0));
        assertThat(ClientLimitCauses.of(r)).isEmpty();
        assertThat(ClientLimitCauses.line(r)).contains("none the client saw in itself");
    }

    @Test
    void olderRuns_withoutTheBlocks_nameNoCause() {
        assertThat(ClientLimitCauses.of(run(null, Map.of("load_s", 5.0)))).isEmpty();
    }
}
