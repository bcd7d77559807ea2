package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConcurrencyGateTest {
    private long now = 1_000;
    private final List<String> log = new ArrayList<>();

    private ConcurrencyGate.Task task(String name) {
        return new ConcurrencyGate.Task() {
            @Override
            public void run(long slotFreedNanos) {
                log.add(name + (slotFreedNanos == ConcurrencyGate.NO_WAIT ? " ran at once" : " ran, slot freed at " + slotFreedNanos));
            }

            @Override
            public void cancel() {
                log.add(name + " cancelled");
            }

            @Override
            public void refuse(int inFlight, int queued) {
                log.add(name + " refused (" + inFlight + " in flight, " + queued + " waiting)");
            }
        };
    }

    @Test
    void atTheLimit_aTaskWaits_andTakesTheNextFreedSlot_withTheTimeItWasFreed() {
        ConcurrencyGate gate = new ConcurrencyGate(2, () -> now);
        gate.submit(task("a"));
        gate.submit(task("b"));
        gate.submit(task("c"));
        gate.submit(task("d"));
        assertThat(log).containsExactly("a ran at once", "b ran at once");
        assertThat(gate.waiting()).isEqualTo(2);

        now = 5_000;
        gate.release();
        now = 7_000;
        gate.release();
        assertThat(log).containsExactly("a ran at once", "b ran at once", "c ran, slot freed at 5000",
                "d ran, slot freed at 7000");
        assertThat(gate.waiting()).isZero();
    }

    @Test
    void aReleaseWithNobodyWaiting_freesTheSlotForTheNextArrival() {
        ConcurrencyGate gate = new ConcurrencyGate(1, () -> now);
        gate.submit(task("a"));
        gate.release();
        gate.submit(task("b"));
        gate.submit(task("c"));
        assertThat(log).containsExactly("a ran at once", "b ran at once");
        assertThat(gate.waiting()).isEqualTo(1);
    }

    @Test
    void noLimit_letsEverythingThroughAtOnce() {
        ConcurrencyGate gate = new ConcurrencyGate(0, () -> now);
        for (int i = 0; i < 100; i++) {
            gate.submit(task("t" + i));
        }
        gate.release(); // harmless without a limit
        assertThat(log).hasSize(100).allMatch(line -> line.endsWith("ran at once"));
        assertThat(gate.waiting()).isZero();
    }

    @Test
    void cancelWaiting_cancelsEveryWaitingTask_inArrivalOrder_andRunsNone() {
        ConcurrencyGate gate = new ConcurrencyGate(1, () -> now);
        gate.submit(task("a"));
        gate.submit(task("b"));
        gate.submit(task("c"));
        gate.cancelWaiting();
        assertThat(log).containsExactly("a ran at once", "b cancelled", "c cancelled");
        assertThat(gate.waiting()).isZero();
        gate.release(); // a's end: nothing left to start
        assertThat(log).hasSize(3);
    }

    @Test
    void aNegativeLimit_isNamed() {
        assertThatThrownBy(() -> new ConcurrencyGate(-1, () -> now)).hasMessage("limit (-1) must be >= 0 (0: no limit)");
    }

    @Test
    void withTheQueueFull_anArrivalIsRefusedAtOnce_andTheQueueNeverGrows() {
        ConcurrencyGate gate = new ConcurrencyGate(2, 3, () -> now);
        for (int i = 0; i < 100; i++) {
            gate.submit(task("t" + i));
        }
        assertThat(gate.waiting()).isEqualTo(3);
        assertThat(log).hasSize(2 + 95);
        assertThat(log.get(2)).isEqualTo("t5 refused (2 in flight, 3 waiting)");
        gate.release();
        gate.submit(task("late"));
        assertThat(log).contains("t2 ran, slot freed at 1000").noneMatch(line -> line.startsWith("late"));
        assertThat(gate.waiting()).isEqualTo(3);
    }
}
