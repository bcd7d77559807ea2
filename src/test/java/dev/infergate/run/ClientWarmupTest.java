package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientWarmupTest {

    /** A workload of chat requests whose prompt names its id. */
    static final Workload WORKLOAD = new Workload() {
        @Override
        public RequestSpec spec(long id) {
            return new RequestSpec(id, null, List.of(Message.user("prompt " + id)), 3, 16, null, 0, "test");
        }

        @Override
        public dev.infergate.workload.WorkloadDescription describe() {
            return new dev.infergate.workload.MapWorkloadDescription(Map.of());
        }
    };

    @Test
    void budget_endsAtTheCountOrTheWallTime_whicheverComesFirst() {
        ClientWarmup.Budget b = new ClientWarmup.Budget(10, Duration.ofSeconds(2), 4, 8);
        assertThat(b.allowsAnother(9, 1_999_999_999L)).isTrue();
        assertThat(b.allowsAnother(10, 0)).isFalse();
        assertThat(b.allowsAnother(0, 2_000_000_000L)).isFalse();
    }

    @Test
    void aJvmWarmedBefore_getsOneShortRound() {
        ClientWarmup.Budget again = new ClientWarmup.Budget(400, Duration.ofSeconds(2), 16, 64).again();
        assertThat(again.maxRequests()).isEqualTo(16);
        assertThat(again.maxWall()).isEqualTo(Duration.ofMillis(250));
        assertThat(new ClientWarmup.Budget(400, Duration.ofMillis(100), 16, 64).again().maxWall()).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void budget_rejectsNonsense() {
        assertThatThrownBy(() -> new ClientWarmup.Budget(0, Duration.ofSeconds(1), 1, 1)).hasMessageContaining("maxRequests (0)");
        assertThatThrownBy(() -> new ClientWarmup.Budget(1, Duration.ZERO, 1, 1)).hasMessageContaining("maxWall");
    }

    @Test
    void spec_isTheWorkloadsOwnPrompt_underTheWarmupId() {
        RequestSpec s = ClientWarmup.spec(WORKLOAD, 70);
        assertThat(s.id()).isEqualTo(70);
        assertThat(s.messages().get(0).content()).isEqualTo("prompt 6");
        Workload broken = new Workload() {
            @Override
            public RequestSpec spec(long id) {
                throw new IllegalStateException("needs an earlier answer");
            }

            @Override
            public dev.infergate.workload.WorkloadDescription describe() {
                return new dev.infergate.workload.MapWorkloadDescription(Map.of());
            }
        };
        assertThat(ClientWarmup.spec(broken, 3).id()).isEqualTo(3);
    }

    @Test
    void warmup_runsTheWholeRequestPath_againstTheLoopbackStub() throws Exception {
        for (Api api : Api.values()) {
            for (boolean stream : new boolean[] {true, false}) {
                Endpoint real = new Endpoint(URI.create("http://127.0.0.1:9/v1"), api, "m", stream,
                        Map.of("Authorization", "Bearer not-for-the-stub"), null, false, false, Duration.ofSeconds(5));
                ClientWarmup.Result r = ClientWarmup.run(real, WORKLOAD, 1, new ClientWarmup.Budget(12, Duration.ofSeconds(20), 4, 16), false);
                assertThat(r.requests()).as(api + " stream=" + stream).isEqualTo(12);
                assertThat(r.failed()).as(api + " stream=" + stream).isZero();
                assertThat(r.wallSeconds()).isPositive();
                assertThat(r.toJson().requests()).isEqualTo(12); // run.json's client_warmup, read back by the same record
                assertThat(r.toJson().wallS()).isPositive();
            }
        }
    }
}
