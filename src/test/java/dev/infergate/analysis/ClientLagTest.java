package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class ClientLagTest {

    /** A request scheduled at 0 with a free slot, whose write started {@code lagMillis} late and took 50 µs. */
    public static RequestRecord lagging(long id, double lagMillis) {
        long dispatch = Math.round(lagMillis * 1e6);
        return RequestRecord.builder(id).sentNanos(dispatch + 50_000).headersNanos(dispatch + 1_000_000)
                .firstTokenNanos(dispatch + 2_000_000).lastTokenNanos(dispatch + 3_000_000)
                .doneNanos(dispatch + 3_000_000).status(200).inputTokens(10).outputTokens(2)
                .outputTokensSource(TokenSource.USAGE).chunks(2).maxStallNanos(1_000_000).slotNanos(0)
                .dispatchNanos(dispatch).build();
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
        lag.add(RequestRecord.builder(1).sentNanos(900_000_000).headersNanos(950_000_000).firstTokenNanos(960_000_000)
                .lastTokenNanos(970_000_000).doneNanos(970_000_000).status(200).inputTokens(1).outputTokens(1)
                .outputTokensSource(TokenSource.USAGE).chunks(1).build());
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
