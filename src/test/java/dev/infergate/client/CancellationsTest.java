package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class CancellationsTest {
    private static final Cancellations.After FORTY_TOKENS = new Cancellations.AfterTokens(40);

    @Test
    void chosen_dependsOnlyOnTheSeedAndTheIndex_soEveryShardPicksTheSameRequests() {
        Cancellations a = new Cancellations(0.3, FORTY_TOKENS, 42);
        Cancellations b = new Cancellations(0.3, Cancellations.After.parse("2s"), 42); // another point, another worker
        long[] shardA = LongStream.range(0, 1000).filter(id -> id % 2 == 0).filter(a::chosen).toArray();
        long[] shardB = LongStream.range(0, 1000).filter(id -> id % 2 == 0).filter(b::chosen).toArray();
        assertThat(shardA).isEqualTo(shardB).isNotEmpty();
        assertThat(LongStream.range(0, 1000).filter(a::chosen).toArray())
                .isEqualTo(LongStream.range(0, 1000).filter(new Cancellations(0.3, FORTY_TOKENS, 42)::chosen).toArray());
    }

    @Test
    void chosen_takesAboutTheShare_andAnotherSeedPicksOthers() {
        Cancellations c = new Cancellations(0.2, FORTY_TOKENS, 7);
        long n = LongStream.range(0, 20_000).filter(c::chosen).count();
        assertThat(n).isBetween(3_700L, 4_300L); // 4,000 expected; 4.7 standard deviations either side
        long[] other = LongStream.range(0, 200).filter(new Cancellations(0.2, FORTY_TOKENS, 8)::chosen).toArray();
        assertThat(other).isNotEqualTo(LongStream.range(0, 200).filter(c::chosen).toArray());
    }

    @Test
    void chosen_noneAtZero_everyRequestAtOne() {
        assertThat(LongStream.range(0, 500).filter(Cancellations.NONE::chosen).count()).isZero();
        assertThat(LongStream.range(0, 500).filter(new Cancellations(1, FORTY_TOKENS, 3)::chosen).count()).isEqualTo(500);
        assertThat(Cancellations.NONE.pointFor(5)).isNull();
        assertThat(new Cancellations(1, FORTY_TOKENS, 3).pointFor(5)).isEqualTo(FORTY_TOKENS);
    }

    @Test
    void after_parsesATimeSinceSentOrATokenCount() {
        assertThat(Cancellations.After.parse("2s")).isEqualTo(new Cancellations.AfterTime(Duration.ofSeconds(2)));
        assertThat(Cancellations.After.parse("250ms")).isEqualTo(new Cancellations.AfterTime(Duration.ofMillis(250)));
        assertThat(Cancellations.After.parse("40tok")).isEqualTo(FORTY_TOKENS);
        assertThat(Cancellations.After.parse(" 40 tokens")).isEqualTo(FORTY_TOKENS);
        assertThat(Cancellations.After.parse("1.5s").label()).isEqualTo("1.5s");
        assertThat(FORTY_TOKENS.label()).isEqualTo("40tok");
    }

    @Test
    void after_refusesWhatIsNeitherWithAMessageSayingWhatToWrite() {
        assertThatThrownBy(() -> Cancellations.After.parse("40")).hasMessageContaining("write e.g. 2s, 500ms or 40tok");
        assertThatThrownBy(() -> Cancellations.After.parse("0tok")).hasMessageContaining("must be >= 1 token");
        assertThatThrownBy(() -> new Cancellations(1.5, FORTY_TOKENS, 0)).hasMessageContaining("cancel rate (1.5)");
        assertThatThrownBy(() -> new Cancellations(0.5, null, 0)).hasMessageContaining("--cancel-after");
    }

    @Test
    void timeTrigger_isDueItsDurationAfterSent() {
        Cancellations.AfterTime t = new Cancellations.AfterTime(Duration.ofMillis(1500));
        assertThat(t.dueNanos(1_000_000_000L)).isEqualTo(2_500_000_000L);
    }

    @Test
    void tokenTrigger_firesOnceTheOutputEventsReachTheCount() {
        Cancellations.AfterTokens t = new Cancellations.AfterTokens(3);
        assertThat(t.reached(0)).isFalse();
        assertThat(t.reached(2)).isFalse();
        assertThat(t.reached(3)).isTrue();
        assertThat(t.reached(7)).as("a read that brought several events past the point").isTrue();
    }

    @Test
    void describe_namesTheShareAndThePoint_forRunJson() throws Exception {
        assertThat(dev.infergate.json.Json.COMPACT.writeValueAsString(new Cancellations(0.25, FORTY_TOKENS, 1).describe())).isEqualTo(
                "{\"rate\":0.25,\"after\":\"40tok\"}");
        assertThat(dev.infergate.json.Json.COMPACT.writeValueAsString(Cancellations.NONE.describe())).isEqualTo("{}");
    }
}
