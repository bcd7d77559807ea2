package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SessionLoopTest {
    private final SessionLoop loop = new SessionLoop(5, 3, Duration.ofSeconds(2), 2);

    @Test
    void requestIds_coverTheRunOnce_warmupSessionsFirst_andMatchTheLimits() {
        RunLimits limits = loop.limits(null, Duration.ofSeconds(1));
        Set<Long> ids = new HashSet<>();
        for (long s = 0; s < 7; s++) {
            for (int t = 0; t < 3; t++) {
                long id = loop.requestId(s, t);
                assertThat(ids.add(id)).as("id %d of session %d turn %d is unique", id, s, t).isTrue();
                assertThat(limits.isWarmup(id, 0)).isEqualTo(s < 2);
                assertThat(limits.allows(id, 0)).isTrue();
            }
        }
        assertThat(ids).hasSize(21).allMatch(id -> id >= 0 && id < 21);
        assertThat(limits.requests()).isEqualTo(15);
        assertThat(limits.warmupRequests()).isEqualTo(6);
    }

    @Test
    void theSameTurnOfTheMeasuredSessions_hasConsecutiveIds_soItSpreadsOverTheEventLoops() {
        assertThat(loop.requestId(2, 1)).isEqualTo(6 + 5);
        for (long s = 3; s < 7; s++) {
            assertThat(loop.requestId(s, 1)).isEqualTo(loop.requestId(s - 1, 1) + 1);
        }
    }

    @Test
    void badValues_areNamed() {
        assertThatThrownBy(() -> new SessionLoop(0, 3, Duration.ZERO, 0)).hasMessage("sessions (0) must be >= 1");
        assertThatThrownBy(() -> new SessionLoop(1, 0, Duration.ZERO, 0)).hasMessageStartingWith("turns (0) must be >= 1");
        assertThatThrownBy(() -> new SessionLoop(1, 1, Duration.ofMillis(-1), 0)).hasMessageStartingWith("think time");
        assertThatThrownBy(() -> new SessionLoop(1, 1, Duration.ZERO, -1)).hasMessage("warm-up sessions (-1) must be >= 0");
    }

    @Test
    void describe_namesTheModeAndItsShape() {
        assertThat(loop.description()).isEqualTo(new LoadDescription.Sessions("sessions", 5, 3, 2000, 2,
                new LoadDescription.AllAtOnce("all_at_once")));
    }

    @Test
    void requestIds_doNotDependOnHowSessionsStart() {
        SessionLoop concurrent = new SessionLoop(5, 3, Duration.ofSeconds(2), 2, new SessionStarts.Concurrent(2));
        SessionLoop arriving = new SessionLoop(5, 3, Duration.ofSeconds(2), 2,
                new SessionStarts.Arrivals(new PoissonSchedule(1, 3)));
        for (long s = 0; s < 7; s++) {
            for (int t = 0; t < 3; t++) {
                assertThat(concurrent.requestId(s, t)).isEqualTo(loop.requestId(s, t)).isEqualTo(arriving.requestId(s, t));
            }
        }
        assertThat(concurrent.limits(null, Duration.ZERO)).isEqualTo(loop.limits(null, Duration.ZERO));
    }

    @Test
    void describe_namesHowSessionsStart() {
        assertThat(((LoadDescription.Sessions) loop.description()).starts()).isEqualTo(new LoadDescription.AllAtOnce("all_at_once"));
        assertThat(new SessionStarts.Concurrent(4).description()).isEqualTo(new LoadDescription.Concurrent("concurrent", 4));
        assertThat(new SessionStarts.Arrivals(new PoissonSchedule(0.5, 3)).description()).isEqualTo(
                new LoadDescription.Arrivals("arrivals", new LoadDescription.Steady("poisson", 0.5, null, 3L, null)));
        assertThatThrownBy(() -> new SessionStarts.Concurrent(0)).hasMessage("concurrent sessions (0) must be >= 1");
        assertThatThrownBy(() -> new SessionLoop(1, 1, Duration.ZERO, 0, null)).hasMessage("starts must not be null");
    }
}
