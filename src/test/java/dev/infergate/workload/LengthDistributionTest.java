package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LengthDistributionTest {
    private static final int N = 20_000;

    private static int[] draw(LengthDistribution d) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        int[] x = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = d.sample(rng);
        }
        return x;
    }

    private static double mean(int[] x) {
        double s = 0;
        for (int v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double sd(int[] x) {
        double m = mean(x);
        double ss = 0;
        for (int v : x) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (x.length - 1));
    }

    @Test
    void parse_readsTheThreeForms_andPrintsThemBack() {
        assertThat(LengthDistribution.parse("512")).isEqualTo(new LengthDistribution.Fixed(512)).hasToString("512");
        assertThat(LengthDistribution.parse("512:128")).isEqualTo(new LengthDistribution.Normal(512, 128)).hasToString("512:128");
        assertThat(LengthDistribution.parse(" uniform:256-1024 ")).isEqualTo(new LengthDistribution.Uniform(256, 1024))
                .hasToString("uniform:256-1024");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "512:", "1:2:3", "uniform:5", "uniform:a-b", "normal:5"})
    void parse_rejectsMalformedText_withTheAcceptedForms(String text) {
        assertThatThrownBy(() -> LengthDistribution.parse(text))
                .isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith("bad length '" + text + "'")
                .hasMessageEndingWith("expected " + LengthDistribution.FORMS);
    }

    @Test
    void parse_rejectsOutOfRangeValues_namingThem() {
        assertThatThrownBy(() -> LengthDistribution.parse("0"))
                .hasMessage("bad length '0': tokens (0) must be >= 1; expected " + LengthDistribution.FORMS);
        assertThatThrownBy(() -> LengthDistribution.parse("uniform:9-3"))
                .hasMessageContaining("max (3) must be >= min (9)");
    }

    @Test
    void fixed_alwaysGivesItsValue() {
        assertThat(draw(new LengthDistribution.Fixed(77))).containsOnly(77);
    }

    @Test
    void normal_hasItsMeanAndSd() {
        // SE of the mean 128 / sqrt(20000) = 0.9; of the sd about 128 / sqrt(40000) = 0.64. Bounds: 4 SE.
        int[] x = draw(new LengthDistribution.Normal(512, 128));
        assertThat(mean(x)).isCloseTo(512, Offset.offset(3.6));
        assertThat(sd(x)).isCloseTo(128, Offset.offset(2.6));
    }

    @Test
    void normal_isTruncatedAtOne_byRedrawing() {
        int[] x = draw(new LengthDistribution.Normal(2, 10));
        assertThat(java.util.Arrays.stream(x).min().getAsInt()).isGreaterThanOrEqualTo(1);
        long ones = java.util.Arrays.stream(x).filter(v -> v == 1).count();
        // P(round(2 + 10 z) = 1 | >= 1) = P(0.5 <= 2 + 10z < 1.5) / P(2 + 10z >= 0.5) = 0.0398 / 0.5596 = 7.1 %;
        // clamping instead would pile 44 % of draws on 1.
        assertThat(ones / (double) N).isCloseTo(0.071, Offset.offset(0.008));
    }

    @Test
    void uniform_coversItsRangeEvenly() {
        int[] x = draw(new LengthDistribution.Uniform(10, 19));
        assertThat(java.util.Arrays.stream(x).allMatch(v -> v >= 10 && v <= 19)).isTrue();
        for (int v = 10; v <= 19; v++) {
            int value = v;
            long count = java.util.Arrays.stream(x).filter(s -> s == value).count();
            // Binomial(20000, 0.1): sd 42; 4 sd bounds.
            assertThat(count).isBetween(2000L - 170, 2000L + 170);
        }
    }
}
