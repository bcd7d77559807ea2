package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A probe's run directory: named by its rate and attempt, and never one an earlier probe of the side holds. */
class CapacityProbeDirTest {
    @TempDir
    Path side;

    @Test
    void aProbe_isNamedByItsRateToFourDecimals_andItsAttempt() {
        assertThat(CapacityProbes.probeDir(side, 10.098524470528771, 0)).isEqualTo(side.resolve("rate-10.0985-a0"));
        assertThat(CapacityProbes.probeDir(side, 12, 2)).isEqualTo(side.resolve("rate-12.0000-a2"));
    }

    /** A demo's candidate was put at 10.0985 req/s twice, the rates differing beyond the 4th decimal: the run stopped. */
    @Test
    void aRateThatDiffersFromAnEarlierOneOnlyBeyondTheFourthDecimal_takesTheNextFreeAttemptInItsName() throws Exception {
        Files.createDirectories(side.resolve("rate-10.0985-a0"));
        Files.createDirectories(side.resolve("rate-10.0985-a1"));

        assertThat(CapacityProbes.probeDir(side, 10.09853, 0)).isEqualTo(side.resolve("rate-10.0985-a2"));
        assertThat(CapacityProbes.probeDir(side, 10.09853, 3)).isEqualTo(side.resolve("rate-10.0985-a3"));
    }
}
