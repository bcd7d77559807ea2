package dev.infergate.analysis.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Known values computed independently (exact binomial sums; the published interval formulas). */
class StatisticsTest {

    @ParameterizedTest(name = "McNemar exact: b={0}, c={1} → p={2}")
    @CsvSource({
            "1, 9, 0.021484375",
            "9, 1, 0.021484375",
            "0, 5, 0.0625",
            "3, 3, 1.0",
            "2, 0, 0.5",
            "10, 25, 0.01667384780012071",
            "30, 12, 0.007915897334896727",
            "0, 0, 1.0",
    })
    void mcnemarExact_matchesTheDoubledBinomialTail(long b, long c, double p) {
        assertThat(McNemar.exactPValue(b, c)).isCloseTo(p, within(1e-12));
    }

    @Test
    void mcnemarExact_refusesNegativeCounts() {
        assertThatThrownBy(() -> McNemar.exactPValue(-1, 2)).hasMessage("discordant counts (-1, 2) must be >= 0");
    }

    @Test
    void wilson_matchesPublishedValues() {
        Interval i = Proportions.wilson(8, 10, 0.95);
        assertThat(i.estimate()).isEqualTo(0.8);
        assertThat(i.low()).isCloseTo(0.4901624715366418, within(1e-9));
        assertThat(i.high()).isCloseTo(0.9433178485456248, within(1e-9));
        Interval ninetyTwo = Proportions.wilson(92, 100, 0.95);
        assertThat(ninetyTwo.low()).isCloseTo(0.8500189229905127, within(1e-9));
        assertThat(ninetyTwo.high()).isCloseTo(0.9589065385156194, within(1e-9));
    }

    @Test
    void wilson_keepsWidthAtZeroAndStaysInsideTheUnitInterval() {
        Interval none = Proportions.wilson(0, 20, 0.95);
        assertThat(none.low()).isZero();
        assertThat(none.high()).isCloseTo(0.16112515805281938, within(1e-9));
        assertThat(Proportions.wilson(20, 20, 0.95).high()).isEqualTo(1.0);
        assertThat(Proportions.wilson(20, 20, 0.95).low()).isLessThan(1.0);
    }

    @Test
    void pairedDifference_matchesAgrestiMin() {
        Interval d = Proportions.pairedDifference(10, 2, 100, 0.95);
        assertThat(d.estimate()).isCloseTo(0.08, within(1e-12));
        assertThat(d.low()).isCloseTo(0.010842140682498697, within(1e-9));
        assertThat(d.high()).isCloseTo(0.14602060441554052, within(1e-9));
    }

    @Test
    void pairedDifference_withNoDisagreement_stillHasWidthThatShrinksWithItems() {
        Interval twenty = Proportions.pairedDifference(0, 0, 20, 0.95);
        Interval hundred = Proportions.pairedDifference(0, 0, 100, 0.95);
        assertThat(twenty.high()).isCloseTo(0.08908927202454792, within(1e-9));
        assertThat(hundred.high()).isCloseTo(0.019215333181765236, within(1e-9));
        assertThat(twenty.low()).isEqualTo(-twenty.high());
    }

    @Test
    void pairedDifference_refusesMoreDisagreementsThanItems() {
        assertThatThrownBy(() -> Proportions.pairedDifference(6, 5, 10, 0.95))
                .hasMessage("discordant pairs (6 + 5) must be >= 0 and at most the total (10), total >= 1");
    }

    @Test
    void z_isTheTwoSidedNormalQuantile() {
        assertThat(Proportions.z(0.95)).isCloseTo(1.959963984540054, within(1e-12));
        assertThat(Proportions.z(0.99)).isCloseTo(2.5758293035489, within(1e-9));
    }
}
