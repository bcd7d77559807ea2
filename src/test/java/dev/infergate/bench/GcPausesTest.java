package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GcPausesTest {
    @Test
    void pauses_addUp_andKeepTheLongest() {
        try (GcPauses pauses = GcPauses.watch()) {
            GcPauses.Summary before = pauses.summary();
            pauses.add(3);
            pauses.add(12);
            pauses.add(0);
            GcPauses.Summary after = pauses.summary();
            assertThat(after.count() - before.count()).isEqualTo(3);
            assertThat(after.totalMillis() - before.totalMillis()).isEqualTo(15);
            assertThat(after.maxMillis()).isGreaterThanOrEqualTo(12);
            assertThat(after.toString()).startsWith("gc pauses: ");
        }
    }

    @Test
    void concurrentCycles_areNotPauses() {
        assertThat(GcPauses.isPausing("G1 Young Generation")).isTrue();
        assertThat(GcPauses.isPausing("G1 Old Generation")).isTrue();
        assertThat(GcPauses.isPausing("ZGC Pauses")).isTrue();
        assertThat(GcPauses.isPausing("G1 Concurrent GC")).isFalse();
        assertThat(GcPauses.isPausing("ZGC Cycles")).isFalse();
        assertThat(GcPauses.isPausing("Shenandoah Cycles")).isFalse();
    }

    @Test
    void aCollection_isCounted() throws Exception {
        try (GcPauses pauses = GcPauses.watch()) {
            System.gc(); // a full collection pauses with every collector the JVM ships
            for (int i = 0; i < 100 && pauses.summary().count() == 0; i++) {
                Thread.sleep(20); // notifications arrive on a JMX thread
            }
            assertThat(pauses.summary().count()).isPositive();
        }
    }
}
