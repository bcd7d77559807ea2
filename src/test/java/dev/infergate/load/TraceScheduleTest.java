package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.LoadDescription;
import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceScheduleTest {
    @TempDir
    Path dir;

    private static List<Long> offsets(ArrivalSchedule schedule) {
        List<Long> out = new ArrayList<>();
        for (PrimitiveIterator.OfLong it = schedule.offsets(); it.hasNext(); ) {
            out.add(it.nextLong());
        }
        return out;
    }

    @Test
    void offsets_areTheTracesTimesInTheWindow_scaled_skippingRequestsBeyondTheContext() throws IOException {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                10,ChatGPT,100,10,110,Conversation log
                11,ChatGPT,100,10,110,Conversation log
                12.5,ChatGPT,9000,10,9010,Conversation log
                13,ChatGPT,100,0,100,Conversation log
                14,ChatGPT,100,10,110,Conversation log
                30,ChatGPT,100,10,110,Conversation log
                """);
        TraceSchedule schedule = new TraceSchedule(TraceSpec.of(file, null, TraceWindow.parse("1s..10s"), 0.5, 4096));
        // trace times 1, 2.5 (too long), 3 (no output), 4; window from 1 s; half the gaps
        assertThat(offsets(schedule)).containsExactly(0L, 1_500_000_000L);
        assertThat(offsets(schedule)).as("every walk is the same").containsExactly(0L, 1_500_000_000L);
        TraceSchedule unknownContext = new TraceSchedule(TraceSpec.of(file, null, TraceWindow.ALL, 1, 0));
        assertThat(offsets(unknownContext)).containsExactly(0L, 1_000_000_000L, 2_500_000_000L, 4_000_000_000L,
                20_000_000_000L);
        assertThat(offsets(unknownContext.withMaxContext(4096))).hasSize(4);
        assertThat(schedule.description()).isInstanceOf(LoadDescription.Trace.class).satisfies(d -> {
            LoadDescription.Trace trace = (LoadDescription.Trace) d;
            assertThat(trace.arrival()).isEqualTo("trace");
            assertThat(trace.timeScale()).isEqualTo(0.5);
            assertThat(trace.traceWindow()).isEqualTo("1s..10s");
        });
    }
}
