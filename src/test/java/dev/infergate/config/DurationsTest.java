package dev.infergate.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void parse_acceptsEveryUnit() {
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("500us")).isEqualTo(Duration.ofNanos(500_000));
    }

    @Test
    void parse_refusesABareNumberAndSaysWhy() {
        assertThatThrownBy(() -> Durations.parse("10")).hasMessageContaining("'10' is not a duration").hasMessageContaining("10s");
    }

    @Test
    void format_isShortAndRoundTrips() {
        for (String s : new String[] {"850ms", "12.5s", "3m", "500us"}) {
            assertThat(Durations.format(Durations.parse(s))).isEqualTo(s);
        }
    }
}
