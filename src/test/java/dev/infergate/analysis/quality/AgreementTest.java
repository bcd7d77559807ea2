package dev.infergate.analysis.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgreementTest {

    @Test
    void identicalDistributions_haveZeroDivergence() {
        List<TokenLogprob> a = List.of(tok("4", Map.of("4", -0.1, "5", -2.5)), tok("2", Map.of("2", -0.2, "3", -1.8)));
        assertThat(Agreement.meanTopLogprobDivergence(a, a)).isZero();
    }

    @Test
    void divergence_isTheMeanTotalVariationOverTheSharedPrefixOnly() {
        double p = 0.8;
        List<TokenLogprob> a = List.of(tok("x", Map.of("x", Math.log(p), "y", Math.log(0.2))),
                tok("y", Map.of("y", Math.log(0.5))), tok("z", Map.of("z", Math.log(0.9))));
        List<TokenLogprob> b = List.of(tok("x", Map.of("x", Math.log(0.6), "y", Math.log(0.4))),
                tok("y", Map.of("w", Math.log(0.5))), tok("q", Map.of("q", Math.log(0.1))));
        // position 0: ½(|0.8-0.6| + |0.2-0.4|) = 0.2; position 1: ½(0.5 + 0.5) = 0.5; position 2 differs: stop
        assertThat(Agreement.meanTopLogprobDivergence(a, b)).isCloseTo(0.35, within(1e-12));
    }

    @Test
    void divergence_isAbsentWithoutLogprobsOrWhenTheFirstTokensDiffer() {
        List<TokenLogprob> a = List.of(tok("x", Map.of("x", -0.1)));
        List<TokenLogprob> b = List.of(tok("y", Map.of("y", -0.1)));
        assertThat(Agreement.meanTopLogprobDivergence(a, null)).isNull();
        assertThat(Agreement.meanTopLogprobDivergence(a, b)).isNull();
    }

    private static TokenLogprob tok(String token, Map<String, Double> top) {
        return new TokenLogprob(token, top.getOrDefault(token, -9.0), new LinkedHashMap<>(top));
    }
}
