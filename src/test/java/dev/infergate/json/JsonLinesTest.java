package dev.infergate.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesTest {
    @Test
    void everyWholeLineIsRead_aTornLastLineIsCounted_andBlankLinesAreNeither(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("server_metrics.jsonl");
        Files.writeString(file, "{\"a\": 1}\n\n{\"a\": 2}\n{\"a\": 3, \"b\": [1, 2");
        List<JsonNode> read = new ArrayList<>();

        long unparsed = JsonLines.forEach(file, read::add);

        assertThat(read).extracting(n -> n.path("a").intValue()).containsExactly(1, 2);
        assertThat(unparsed).isEqualTo(1);
    }

    @Test
    void aFileThatCannotBeRead_namesIt(@TempDir Path dir) {
        Path missing = dir.resolve("gone.jsonl");
        assertThatThrownBy(() -> JsonLines.forEach(missing, n -> { }))
                .isInstanceOf(UncheckedIOException.class).hasMessage("cannot read " + missing);
    }
}
