package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionPolicyTest {
    private static final long MS = 1_000_000L;

    @Test
    void idleLimit_isTheOption_untilTheServerAnnouncesOrShowsLess() {
        ConnectionPolicy p = new ConnectionPolicy(Duration.ofSeconds(4));
        assertThat(p.idleLimitNanos()).isEqualTo(4_000 * MS);
        assertThat(p.idleLimitNanos(5)).isEqualTo(4_000 * MS); // Keep-Alive: timeout=5 -> 4 s
        assertThat(p.idleLimitNanos(2)).isEqualTo(1_000 * MS); // timeout=2 -> 1 s
        assertThat(p.idleLimitNanos(1)).isEqualTo(500 * MS); // timeout=1 -> at least half
        p.serverClosed(500 * MS); // seen closing an idle connection after 0.5 s
        assertThat(p.idleLimitNanos()).isEqualTo(250 * MS);
        assertThat(p.freshConnections()).isFalse();
    }

    @Test
    void aServerClosingRightAfterResponses_getsFreshConnections_afterTheSecondTime() {
        ConnectionPolicy p = new ConnectionPolicy(Duration.ofSeconds(4));
        p.serverClosed(2 * MS);
        assertThat(p.freshConnections()).isFalse(); // once could be chance
        p.serverClosed(1 * MS);
        assertThat(p.freshConnections()).isTrue();
        assertThat(p.describe().freshConnectionPerRequest()).isTrue();
        assertThat(p.describe().serverClosedAfterResponse()).isEqualTo(2L);
    }

    @Test
    void aZeroIdleTimeout_isRefused() {
        assertThatThrownBy(() -> new ConnectionPolicy(Duration.ZERO)).hasMessageContaining("idle connection timeout");
    }

    @Test
    void keepAliveHeader_timeoutIsRead_inTheFormsServersSend() {
        assertThat(LaneConnections.keepAliveTimeoutSeconds("timeout=5, max=100")).isEqualTo(5);
        assertThat(LaneConnections.keepAliveTimeoutSeconds("max=100, timeout=15")).isEqualTo(15);
        assertThat(LaneConnections.keepAliveTimeoutSeconds("Timeout = 3")).isEqualTo(3);
        assertThat(LaneConnections.keepAliveTimeoutSeconds("max=100")).isEqualTo(-1);
        assertThat(LaneConnections.keepAliveTimeoutSeconds(null)).isEqualTo(-1);
    }
}
