package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class ClientLagTest {

    /** A request scheduled at 0 with a free slot, whose write started {@code lagMillis} late and took 50 µs. */
    public static RequestRecord lagging(long id, double lagMillis) {
        long dispatch = Math.round(lagMillis * 1e6);
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, 0, dispatch + 50_000, dispatch + 1_000_000,
                dispatch + 2_000_000, dispatch + 3_000_000, dispatch + 3_000_000, 200, null, null, -1, 10, 2,
                TokenSource.USAGE, -1, 2, 1_000_000, null, null, 0, RequestRecord.ABSENT, -1, -1, 0, dispatch,
                RequestRecord.ABSENT);
    }

    @Test
    void aRunIsClientLimited_onlyWhenItsLagP99ExceedsTheLimit() {
        ClientLag fine = new ClientLag();
        ClientLag limited = new ClientLag();
        for (int i = 0; i < 200; i++) {
            fine.add(lagging(i, i < 198 ? 0.2 : 40)); // 1 % of requests late: p99 stays at 0.2 ms
            limited.add(lagging(i, i < 190 ? 0.2 : 40)); // 5 % late
        }
        assertThat(fine.limited()).isFalse();
        assertThat(fine.lagP99Millis()).isLessThan(1);
        assertThat(fine.warning()).isNull();
        assertThat(limited.limited()).isTrue();
        assertThat(limited.warning()).startsWith("WARNING: client-limited").contains("40.0 ms").doesNotContain("\n");
    }

    @Test
    void aShortRun_withOneHiccup_isNotClientLimited() {
        ClientLag one = new ClientLag();
        ClientLag two = new ClientLag();
        for (int i = 0; i < 20; i++) {
            one.add(lagging(i, i == 5 ? 60 : 0.3));
            two.add(lagging(i, i == 5 || i == 9 ? 60 : 0.3));
        }
        assertThat(one.lagP99Millis()).isGreaterThan(ClientLag.LIMIT_P99_MILLIS);
        assertThat(one.limited()).isFalse();
        assertThat(two.limited()).isTrue();
        assertThat(two.laggedRequests()).isEqualTo(2);
    }

    @Test
    void olderLogs_withoutTheMarks_areNeverJudged() {
        ClientLag lag = new ClientLag();
        lag.add(new RequestRecord(1, 0, Phase.MEASURED, null, null, -1, 0, 900_000_000, 950_000_000, 960_000_000,
                970_000_000, 970_000_000, 200, null, null, -1, 1, 1, TokenSource.USAGE, -1, 1, RequestRecord.ABSENT,
                null, null));
        assertThat(lag.limited()).isFalse();
        assertThat(lag.lag().count()).isZero();
        assertThat(lag.figures().limited()).isFalse();
    }

    @Test
    void theSummaryBlock_namesTheLimitAndTheWriteTime() {
        ClientLag lag = new ClientLag();
        lag.add(lagging(1, 3));
        ClientLag.Figures m = lag.figures();
        assertThat(m.lagP99LimitMs()).isEqualTo(ClientLag.LIMIT_P99_MILLIS);
        assertThat(m.writeMs().max()).isEqualTo(0.05);
    }
}
