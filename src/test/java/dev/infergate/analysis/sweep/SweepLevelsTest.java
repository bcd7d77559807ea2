package dev.infergate.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepLevelsTest {
    @Test
    void aConcurrencyList_givesItsLevelsInOrder_namedForTheirDirectoriesAndLabelledForTables() {
        SweepLevels levels = SweepLevels.parse(SweepLevels.Kind.CONCURRENCY, "1, 4,16,64", false, 8);

        assertThat(levels.planned()).isEqualTo(4);
        assertThat(levels.level(2).name()).isEqualTo("concurrency-16");
        assertThat(levels.level(2).label()).isEqualTo("c=16");
        assertThat(levels.level(2).concurrency()).isEqualTo(16);
        assertThat(levels.level(3).ratePerSecond()).isZero();
    }

    @Test
    void aRateList_acceptsFractionsAndAPerSecondSuffix() {
        SweepLevels levels = SweepLevels.parse(SweepLevels.Kind.RATE, "2,4.5/s,8", false, 8);

        assertThat(levels.values()).containsExactly(2.0, 4.5, 8.0);
        assertThat(levels.level(1).name()).isEqualTo("rate-4.5");
        assertThat(levels.level(1).label()).isEqualTo("4.5/s");
        assertThat(levels.level(1).ratePerSecond()).isEqualTo(4.5);
    }

    @Test
    void auto_doublesFromItsStart_upToTheMostLevelsDeclared() {
        SweepLevels levels = SweepLevels.parse(SweepLevels.Kind.CONCURRENCY, "2", true, 5);

        assertThat(levels.planned()).isEqualTo(5);
        assertThat(List.of(levels.level(0).value(), levels.level(1).value(), levels.level(4).value())).containsExactly(2.0, 4.0, 32.0);
        assertThatThrownBy(() -> levels.level(5)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void levelsThatDoNotRise_orAreNotWholeUsers_orAreNotNumbers_areRefusedNamingTheValue() {
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.CONCURRENCY, "4,1", false, 8))
                .hasMessageContaining("must rise: 1 follows 4");
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.CONCURRENCY, "1,2.5", false, 8))
                .hasMessageContaining("concurrency level (2.5) must be a whole number");
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.RATE, "2,x", false, 8))
                .hasMessageContaining("--rate level 'x' is not a number");
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.RATE, "0,2", false, 8)).hasMessageContaining("must be > 0");
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.RATE, "2,,4", false, 8)).hasMessageContaining("empty level");
        assertThatThrownBy(() -> SweepLevels.parse(SweepLevels.Kind.CONCURRENCY, "1,2", true, 8))
                .hasMessageContaining("--levels auto takes one starting concurrency");
    }

    @Test
    void aLevelCount_isFixed_orAMultipleOfTheLevel_neverZeroRequestsAtALevel() {
        SweepLevels.Level c16 = new SweepLevels.Level(SweepLevels.Kind.CONCURRENCY, 16);
        SweepLevels.Level r05 = new SweepLevels.Level(SweepLevels.Kind.RATE, 0.5);

        assertThat(LevelCount.parse("--requests", "40", false).at(c16)).isEqualTo(40);
        assertThat(LevelCount.parse("--requests", "4x", false).at(c16)).isEqualTo(64);
        assertThat(LevelCount.parse("--requests", "1x", false).at(r05)).isEqualTo(1);
        assertThat(LevelCount.parse("--warmup", "0", true).at(c16)).isZero();
        assertThat(LevelCount.parse("--requests", "2.5x", false).text()).isEqualTo("2.5x");
        assertThatThrownBy(() -> LevelCount.parse("--requests", "0", false)).hasMessageContaining("--requests 0 must be >= 1");
        assertThatThrownBy(() -> LevelCount.parse("--requests", "lots", false)).hasMessageContaining("neither a count");
    }
}
