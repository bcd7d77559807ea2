package dev.infergate.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private static List<TraceEntry> read(TraceSpec spec) {
        List<TraceEntry> out = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(spec)) {
            for (TraceEntry e = reader.next(); e != null; e = reader.next()) {
                out.add(e);
            }
        }
        return out;
    }

    private static TraceSpec spec(Path file, TraceWindow window) {
        return TraceSpec.of(file, null, window, 1, 0);
    }

    @Test
    void mooncake_readsMillisecondTimesLengthsAndHashIds_relativeToTheFirstLine() throws IOException {
        Path file = write("m.jsonl", """
                {"timestamp": 1000, "input_length": 700, "output_length": 12, "hash_ids": [0, 1]}

                {"timestamp": 1250, "input_length": 300, "output_length": 5, "hash_ids": [0], "extra": {"x": [1]}}\r
                """);
        List<TraceEntry> entries = read(spec(file, TraceWindow.ALL));
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).timeNanos()).isZero();
        assertThat(entries.get(0).hashIds()).containsExactly(0, 1);
        assertThat(entries.get(1).timeNanos()).isEqualTo(250_000_000L);
        assertThat(entries.get(1).line()).isEqualTo(3);
        assertThat(entries.get(1).inputTokens()).isEqualTo(300);
        assertThat(entries.get(1).outputTokens()).isEqualTo(5);
        // the byte offset finds the line again
        assertThat(Files.readString(file).substring((int) entries.get(1).byteOffset())).startsWith("{\"timestamp\": 1250");
    }

    @Test
    void azure_andBurstGpt_areReadByTheirPublishedColumns_andRecognisedByTheirHeader() throws IOException {
        Path azure = write("azure.csv", """
                TIMESTAMP,ContextTokens,GeneratedTokens
                2023-11-16 18:15:46.6805900,374,44
                2023-11-16 18:15:50.9951690,396,109
                """);
        List<TraceEntry> a = read(spec(azure, TraceWindow.ALL));
        assertThat(spec(azure, TraceWindow.ALL).format()).isEqualTo(TraceFormat.AZURE);
        assertThat(a).extracting(TraceEntry::timeNanos).containsExactly(0L, 4_314_579_000L);
        assertThat(a).extracting(TraceEntry::inputTokens).containsExactly(374, 396);
        assertThat(a).extracting(TraceEntry::outputTokens).containsExactly(44, 109);

        Path burst = write("burst.csv", """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                5,ChatGPT,472,18,490,Conversation log
                45.5,GPT-4,1087,0,1087,Conversation log
                """);
        List<TraceEntry> b = read(spec(burst, TraceWindow.ALL));
        assertThat(spec(burst, TraceWindow.ALL).format()).isEqualTo(TraceFormat.BURSTGPT);
        assertThat(b).extracting(TraceEntry::timeNanos).containsExactly(0L, 40_500_000_000L);
        assertThat(b).extracting(TraceEntry::inputTokens).containsExactly(472, 1087);
        assertThat(b.get(1).usable()).as("a failed request (no answer) cannot be replayed").isFalse();
    }

    @Test
    void window_takesTheSliceInTheTracesOwnTime_endInclusiveOfItsStartOnly() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            text.append("{\"timestamp\": ").append(i * 1000).append(", \"input_length\": 10, \"output_length\": 2, \"hash_ids\": [")
                    .append(i).append("]}\n");
        }
        Path file = write("w.jsonl", text.toString());
        assertThat(read(spec(file, TraceWindow.parse("2s..5s")))).extracting(TraceEntry::timeNanos)
                .containsExactly(2_000_000_000L, 3_000_000_000L, 4_000_000_000L);
        assertThat(read(spec(file, TraceWindow.parse("8s..")))).hasSize(2);
        assertThat(read(spec(file, TraceWindow.parse("..1s")))).hasSize(1);
    }

    @Test
    void badLines_nameTheFileTheLineAndTheProblem() throws IOException {
        Path noIds = write("bad.jsonl", "{\"timestamp\": 0, \"input_length\": 1, \"output_length\": 1, \"hash_ids\": [0]}\n"
                + "{\"timestamp\": 5, \"input_length\": 1, \"output_length\": 1}\n");
        assertThatThrownBy(() -> read(spec(noIds, TraceWindow.ALL))).isInstanceOf(WorkloadException.class)
                .hasMessage("bad.jsonl line 2: expected \"hash_ids\" (one id per 512-token block of the prompt)");
        Path backwards = write("back.jsonl", "{\"timestamp\": 9, \"input_length\": 1, \"output_length\": 1, \"hash_ids\": [0]}\n"
                + "{\"timestamp\": 5, \"input_length\": 1, \"output_length\": 1, \"hash_ids\": [0]}\n");
        assertThatThrownBy(() -> read(spec(backwards, TraceWindow.ALL)))
                .hasMessage("back.jsonl line 2: its timestamp lies before line 1's; a trace must be sorted by time");
        Path azure = write("a.csv", "TIMESTAMP,ContextTokens\n2023-11-16 18:15:46,3\n");
        assertThatThrownBy(() -> read(TraceSpec.of(azure, TraceFormat.AZURE, TraceWindow.ALL, 1, 0)))
                .hasMessageStartingWith("a.csv line 1: the header has no column 'generatedtokens'");
        assertThatThrownBy(() -> TraceWindow.parse("15s")).hasMessageContaining("must be FROM..TO");
        assertThatThrownBy(() -> TraceWindow.parse("5s..2s")).hasMessageContaining("must be after its start");
    }

    @Test
    void scan_countsSkippedRequestsAndTheBlocksThatRepeat() throws IOException {
        Path file = write("s.jsonl", """
                {"timestamp": 0, "input_length": 1100, "output_length": 10, "hash_ids": [0, 1, 2]}
                {"timestamp": 10, "input_length": 1100, "output_length": 10, "hash_ids": [0, 1, 3]}
                {"timestamp": 20, "input_length": 600, "output_length": 10, "hash_ids": [0, 4]}
                {"timestamp": 30, "input_length": 5000, "output_length": 10, "hash_ids": [0, 1, 5, 6, 7, 8, 9, 10, 11, 12]}
                {"timestamp": 40, "input_length": 10, "output_length": 0, "hash_ids": [0]}
                """);
        TraceScan scan = TraceScan.of(TraceSpec.of(file, null, TraceWindow.ALL, 1, 4096));
        assertThat(scan.requests()).isEqualTo(3);
        // blocks 3 + 3 + 2 = 8, repeated: 0, 1 of the second and 0 of the third
        assertThat(scan.repeatedBlocks()).isEqualTo(3);
        assertThat(scan.repeatedTokens()).isEqualTo(3 * 512);
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(scan.describe(TraceSpec.of(file, null, TraceWindow.ALL, 1, 4096))))
                .containsEntry("skipped_too_long", 1L).containsEntry("skipped_empty", 1L).containsEntry("blocks", 8L)
                .containsEntry("repeated_block_share", 3 / 8.0);
    }
}
