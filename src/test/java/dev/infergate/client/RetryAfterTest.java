package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {
    private static final Instant NOW = Instant.parse("1994-11-06T08:49:30Z");

    @Test
    void deltaSeconds_withOrWithoutAFraction() {
        assertThat(RetryAfter.seconds("120", NOW)).isEqualTo(120);
        assertThat(RetryAfter.seconds(" 1.5 ", NOW)).isEqualTo(1.5);
        assertThat(RetryAfter.seconds("0", NOW)).isZero();
        assertThat(RetryAfter.seconds("604800", NOW)).isEqualTo(604800);
    }

    @Test
    void httpDate_inEachFormatARecipientMustAccept_isSecondsFromNow() {
        assertThat(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", NOW)).isEqualTo(7);
        assertThat(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:37 GMT", NOW)).isEqualTo(7);
        assertThat(RetryAfter.seconds("Sun Nov  6 08:49:37 1994", NOW)).isEqualTo(7);
        assertThat(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 GMT", NOW)).isZero(); // in the past: retry now
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e999", "-1", "NaN", "Infinity", "604801", "99999999999999999999", "soon", "",
            "0x10", "+5", "Sun, 06 Nov 2094 08:49:37 GMT"})
    void anythingUnusable_isAbsent_neverInfinite(String header) {
        assertThat(RetryAfter.seconds(header, NOW)).isEqualTo(RetryAfter.ABSENT);
    }

    @Test
    void noHeader_isAbsent() {
        assertThat(RetryAfter.seconds(null, NOW)).isEqualTo(-1);
    }
}
