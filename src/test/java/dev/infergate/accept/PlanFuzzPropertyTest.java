package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.testing.Mutator;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A damaged acceptance plan is read into a plan or refused with one {@link IllegalArgumentException} line (which
 * {@code accept} prints with exit 2): never another exception, never a stack trace.
 */
class PlanFuzzPropertyTest {
    static final String PLAN = read();

    static String read() {
        try {
            return Files.readString(Path.of("src/test/resources/dev/infergate/golden/accept-small-plan.yaml"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 400)
    void aDamagedPlan_isReadOrRefusedInOneLine(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int edits) {
        String yaml = Mutator.mutate(PLAN, seed, edits);
        try {
            PlanReader.read("fuzz.yaml", yaml);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).as("the refusal of:%n%s", yaml).isNotBlank();
            assertThat(e.getMessage().strip().lines().count()).as("one line: %s", e.getMessage()).isEqualTo(1);
        }
    }
}
