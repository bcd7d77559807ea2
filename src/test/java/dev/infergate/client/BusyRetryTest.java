package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class BusyRetryTest {
    private final List<Duration> slept = new ArrayList<>();
    private final Instant now = Instant.parse("2026-12-03T12:00:00Z");
    private final BusyRetry retry = new BusyRetry(slept::add, () -> now);

    private HttpExecutor.Reply sendAll(HttpExecutor.Reply... replies) throws Exception {
        Deque<HttpExecutor.Reply> left = new ArrayDeque<>(List.of(replies));
        return retry.send(left::removeFirst);
    }

    @Test
    void a429_isRetriedAfterItsRetryAfter_untilAnAnswer() throws Exception {
        HttpExecutor.Reply r = sendAll(new HttpExecutor.Reply(429, "", "3"), new HttpExecutor.Reply(503, "", null),
                new HttpExecutor.Reply(200, "ok", null));
        assertThat(r.status()).isEqualTo(200);
        assertThat(slept).containsExactly(Duration.ofSeconds(3), BusyRetry.DEFAULT_WAIT);
    }

    @Test
    void retries_areBounded_andTheLastReplyIsReturned() throws Exception {
        HttpExecutor.Reply busy = new HttpExecutor.Reply(429, "busy", "0");
        HttpExecutor.Reply r = sendAll(busy, busy, busy, busy, new HttpExecutor.Reply(200, "never reached", null));
        assertThat(r.status()).isEqualTo(429);
        assertThat(slept).hasSize(BusyRetry.MAX_ATTEMPTS - 1).allMatch(d -> d.equals(BusyRetry.MIN_WAIT));
    }

    @Test
    void otherStatuses_areNotRetried() throws Exception {
        assertThat(sendAll(new HttpExecutor.Reply(500, "", "1")).status()).isEqualTo(500);
        assertThat(slept).isEmpty();
    }

    @Test
    void retryAfter_readsSecondsAndHttpDates_withinBounds() {
        assertThat(retry.waitFor("1.5")).isEqualTo(Duration.ofMillis(1500));
        assertThat(retry.waitFor("1e999")).isEqualTo(BusyRetry.DEFAULT_WAIT);
        assertThat(retry.waitFor("99999999999999")).isEqualTo(BusyRetry.MAX_WAIT);
        assertThat(retry.waitFor("Thu, 03 Dec 2026 12:00:07 GMT")).isEqualTo(Duration.ofSeconds(7));
        assertThat(retry.waitFor("Thu, 03 Dec 2026 11:00:00 GMT")).isEqualTo(BusyRetry.MIN_WAIT);
        assertThat(retry.waitFor("soon")).isEqualTo(BusyRetry.DEFAULT_WAIT);
    }
}
