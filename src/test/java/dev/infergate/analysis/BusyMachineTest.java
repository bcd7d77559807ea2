package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunDocument;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BusyMachineTest {
    private static RunDocument run(Double machineBusyShare, double clientCpuSeconds) {
        Map<String, Object> cpu = new LinkedHashMap<>(Map.of("startup_s", 1.0, "warmup_s", 0.5, "load_s", clientCpuSeconds,
                "load_wall_s", 10.0, "cores", 2));
        if (machineBusyShare != null) {
            cpu.put("machine_busy_share", machineBusyShare);
        }
        return RunDocument.of(Map.of("client_cpu", cpu));
    }

    @Test
    void aMachineBusyWithOtherProcesses_isTheCause() {
        BusyMachine busy = BusyMachine.of(run(0.95, 2.0)); // 1.9 cores busy, the client 0.2 of them
        assertThat(busy).isNotNull();
        assertThat(busy.otherCores()).isCloseTo(1.7, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(busy.line(12.34, true)).startsWith("busy machine: its CPUs were 95 % busy during the load, 1.7 of its 2"
                + " cores used by other processes (this client 0.2); the client fell behind its schedule (lag p99 12.3 ms)"
                + " and the simulator behind its model, so this run's figures describe the machine as much as the server.")
                .contains("--event-loops 1", "--shard I/N");
        assertThat(busy.line(null, true)).contains("; the simulator fell behind its model, so");
        assertThat(busy.line(3.0, false)).contains("(lag p99 3.0 ms), so");
    }

    @Test
    void aBusyClientOnAnIdleMachine_aQuietMachine_orNoRecord_isNot() {
        assertThat(BusyMachine.of(run(0.95, 17.0))).as("the client itself used 1.7 of the 1.9 cores").isNull();
        assertThat(BusyMachine.of(run(0.4, 1.0))).as("a machine 40 % busy").isNull();
        assertThat(BusyMachine.of(run(null, 1.0))).as("runs from before it was recorded").isNull();
        assertThat(BusyMachine.of(RunDocument.of(Map.of()))).isNull();
    }
}
