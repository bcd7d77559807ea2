package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void recordsAreRepeated_renumbered_shiftedPerCopy_andKeepEventOffsetsOnEveryNth() throws IOException {
        Path seed = Files.createDirectories(tmp.resolve("seed"));
        Files.writeString(seed.resolve("run.json"), "{\"tool\":\"infergate\"}");
        Files.writeString(seed.resolve("summary.json"), "{}");
        Files.write(seed.resolve("requests.jsonl"), List.of(
                "{\"id\":7,\"scheduled_ns\":1000000,\"connect_wait_ns\":5,\"sent_ns\":1000100,\"first_token_ns\":-1,\"done_ns\":3000000,"
                        + "\"event_offsets_ns\":[1,2]}",
                "{\"id\":9,\"scheduled_ns\":2000000,\"sent_ns\":2000100,\"done_ns\":4000000,\"event_offsets_ns\":[3]}"));
        Path out = tmp.resolve("out");

        long bytes = SyntheticRun.write(seed, out, 5, 2);

        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("requests.jsonl"))) {
            records.add(JSON.readTree(line));
        }
        assertThat(bytes).isEqualTo(Files.size(out.resolve("requests.jsonl")));
        assertThat(records).extracting(r -> r.get("id").asLong()).containsExactly(0L, 1L, 2L, 3L, 4L);
        long span = 4_000_000 - 1_000_000 + 1_000_000; // first scheduled to last done, plus 1 ms
        assertThat(records).extracting(r -> r.get("scheduled_ns").asLong())
                .containsExactly(1_000_000L, 2_000_000L, 1_000_000 + span, 2_000_000 + span, 1_000_000 + 2 * span);
        assertThat(records.get(4).get("done_ns").asLong()).isEqualTo(3_000_000 + 2 * span);
        assertThat(records.get(4).get("first_token_ns").asLong()).as("absent marks stay absent").isEqualTo(-1);
        assertThat(records.get(2).get("connect_wait_ns").asLong()).as("a duration, not an instant").isEqualTo(5);
        assertThat(records).extracting(r -> r.has("event_offsets_ns")).containsExactly(true, false, true, false, true);
        assertThat(Files.readString(out.resolve("run.json"))).contains("infergate");
        assertThat(out.resolve("summary.json")).doesNotExist();
    }

    @Test
    void anEmptySeed_isRefused() throws IOException {
        Path seed = Files.createDirectories(tmp.resolve("seed"));
        Files.writeString(seed.resolve("requests.jsonl"), "\n");
        assertThatThrownBy(() -> SyntheticRun.write(seed, tmp.resolve("out"), 5, 1)).hasMessageContaining("no records");
    }
}
