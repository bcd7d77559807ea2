package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The client warm-up on every API, streamed and not: the stub answers each, so no warm-up request fails. */
class WarmupOtherApisTest {
    @ParameterizedTest
    @EnumSource(Api.class)
    void everyApi_isWarmedByAnswers_notBy404s(Api api) throws Exception {
        for (boolean stream : new boolean[] {true, false}) {
            Endpoint endpoint = new Endpoint(URI.create("http://127.0.0.1:9/v1"), api, "m", stream, Map.of(), null, false,
                    false, Duration.ofSeconds(5));
            ClientWarmup.Result r = ClientWarmup.run(endpoint, ClientWarmupTest.WORKLOAD, 1,
                    new ClientWarmup.Budget(20, Duration.ofSeconds(20), 2, 8), true);
            assertThat(r.requests()).as(api + " stream " + stream).isPositive();
            assertThat(r.failed()).as(api + " stream " + stream).isZero();
        }
    }
}
