package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Each load model answers its kind, its client-side cap and its limits itself (no caller tests its type). */
class LoadModelTest {
    private static final RunLimits ASKED = new RunLimits(100, Duration.ofSeconds(30), 10, null, Duration.ofSeconds(7));

    @Test
    void aClosedLoop_holdsItsOwnRequestsBack_andKeepsTheAskedLimits() {
        ClosedLoop closed = new ClosedLoop(8, Duration.ZERO);
        assertThat(closed.kind()).isEqualTo(LoadModel.Kind.CLOSED);
        assertThat(closed.maxInFlight()).isEqualTo(8);
        assertThat(closed.clientConcurrencyCap()).isZero();
        assertThat(closed.limits(ASKED)).isSameAs(ASKED);
        assertThat(closed.description()).isInstanceOf(LoadDescription.Closed.class)
                .extracting(d -> ((LoadDescription.Closed) d).mode()).isEqualTo("closed");
    }

    @Test
    void anOpenLoop_capsTheClientAtItsMaxConcurrency_andKeepsTheAskedLimits() {
        OpenLoop open = new OpenLoop(new ConstantRateSchedule(5), 3);
        assertThat(open.kind()).isEqualTo(LoadModel.Kind.OPEN);
        assertThat(open.clientConcurrencyCap()).isEqualTo(3);
        assertThat(new OpenLoop(new ConstantRateSchedule(5), 0).clientConcurrencyCap())
                .as("no open loop is uncapped").isEqualTo(ClientBounds.DEFAULT_MAX_IN_FLIGHT);
        assertThat(open.clientQueueLimit()).isEqualTo(ClientBounds.DEFAULT_MAX_QUEUED);
        assertThat(new OpenLoop(new ConstantRateSchedule(5), 3, 7).clientQueueLimit()).isEqualTo(7);
        assertThat(open.limits(ASKED)).isSameAs(ASKED);
        assertThat(open.description()).isInstanceOf(LoadDescription.Open.class)
                .extracting(d -> ((LoadDescription.Open) d).mode()).isEqualTo("open");
    }

    @Test
    void onlyAnOpenLoop_hasArrivalsToReshape_andKeepsItsCapWhenGivenNewOnes() {
        ArrivalSchedule base = new ConstantRateSchedule(5);
        OpenLoop open = new OpenLoop(base, 3);
        assertThat(open.arrivals()).containsSame(base);
        LoadModel ramped = open.withArrivals(new RampUpSchedule(base, Duration.ofSeconds(2)));
        assertThat(ramped).isEqualTo(new OpenLoop(new RampUpSchedule(base, Duration.ofSeconds(2)), 3));
        ClosedLoop closed = new ClosedLoop(2, Duration.ZERO);
        assertThat(closed.arrivals()).isEmpty();
        assertThat(new SessionLoop(5, 3, Duration.ZERO, 2).arrivals()).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> closed.withArrivals(base))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed load has no arrival schedule");
    }

    @Test
    void agentSessions_countTheirOwnTurns_keepingOnlyTheAskedDurationAndDrain() {
        SessionLoop sessions = new SessionLoop(5, 3, Duration.ZERO, 2);
        assertThat(sessions.kind()).isEqualTo(LoadModel.Kind.SESSIONS);
        assertThat(sessions.clientConcurrencyCap()).isZero();
        assertThat(sessions.limits(ASKED)).isEqualTo(new RunLimits(15, Duration.ofSeconds(30), 6, null, Duration.ofSeconds(7)));
        assertThat(sessions.description()).isInstanceOf(LoadDescription.Sessions.class)
                .extracting(d -> ((LoadDescription.Sessions) d).mode()).isEqualTo("sessions");
    }
}
