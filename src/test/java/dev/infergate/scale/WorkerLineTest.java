package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkerLineTest {
    @Test
    void everyEvent_readsBackAsItself() {
        for (WorkerLine line : new WorkerLine[] {new WorkerLine.Ready(3), new WorkerLine.Started(1, -250),
            new WorkerLine.Progress(0, 12_345), new WorkerLine.Done(2, 130)}) {
            assertThat(WorkerLine.parse(line.text())).isEqualTo(line);
        }
    }

    @Test
    void otherAndGarbledLines_areNoEvents() {
        assertThat(WorkerLine.parse("requests: 30 sent")).isNull();
        assertThat(WorkerLine.parse("infergate-worker started shard=1")).isNull();
        assertThat(WorkerLine.parse("infergate-worker progress shard=x records=1")).isNull();
        assertThat(WorkerLine.parse("infergate-worker explode shard=1")).isNull();
        assertThat(WorkerLine.parse(null)).isNull();
    }
}
