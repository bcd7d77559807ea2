package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ArrivalKindTest {

    @Test
    void parse_acceptsTheLowerCaseNames_caseInsensitively() {
        assertThat(ArrivalKind.parse("constant")).isEqualTo(ArrivalKind.CONSTANT);
        assertThat(ArrivalKind.parse("Poisson")).isEqualTo(ArrivalKind.POISSON);
        assertThat(ArrivalKind.parse("gamma")).isEqualTo(ArrivalKind.GAMMA);
    }

    @Test
    void parse_rejectsUnknownNames_listingTheAcceptedOnes() {
        assertThatThrownBy(() -> ArrivalKind.parse("bursty"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown arrival kind 'bursty'; expected one of constant, poisson, gamma");
    }
}
