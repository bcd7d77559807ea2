package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ShardTest {

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 7, 16})
    void shards_partitionEveryIdExactlyOnce(int count) {
        for (long id = 0; id < 10_000; id++) {
            int owners = 0;
            for (int index = 0; index < count; index++) {
                if (new Shard(index, count).owns(id)) {
                    owners++;
                }
            }
            assertThat(owners).as("owners of id %d", id).isEqualTo(1);
        }
    }

    @Test
    void owns_isIdModuloCount() {
        Shard shard = new Shard(1, 3);
        assertThat(shard.owns(1)).isTrue();
        assertThat(shard.owns(4)).isTrue();
        assertThat(shard.owns(3)).isFalse();
        assertThat(Shard.ALL.owns(12345)).isTrue();
    }

    @Test
    void invalidShards_nameTheProblem() {
        assertThatThrownBy(() -> new Shard(3, 2)).hasMessage("shard index (3) must be < count (2)");
        assertThatThrownBy(() -> new Shard(0, 0)).hasMessage("shard count (0) must be >= 1");
        assertThatThrownBy(() -> new Shard(-1, 2)).hasMessage("shard index (-1) must be >= 0");
    }

    @Test
    void parse_readsIndexSlashCount() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThat(Shard.parse("2/4")).hasToString("2/4");
        assertThatThrownBy(() -> Shard.parse("2-4")).hasMessage("bad shard '2-4'; expected INDEX/COUNT, e.g. 0/4");
        assertThatThrownBy(() -> Shard.parse("4/4")).hasMessage("shard index (4) must be < count (4)");
    }
}
