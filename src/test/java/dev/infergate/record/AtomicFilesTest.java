package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void aFailedWrite_leavesTheOldFileAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("summary.json");
        AtomicFiles.writeString(file, "old");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
            out.write("half of the new".getBytes());
            throw new IOException("No space left on device");
        })).hasMessage("No space left on device");
        assertThat(Files.readString(file)).isEqualTo("old");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("summary.json");
        }
    }

    @Test
    void aFailedFirstWrite_leavesNoFileAtAll_neverAnEmptyOne() {
        Path file = dir.resolve("report.html");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> { throw new IOException("disk full"); }));
        assertThat(file).doesNotExist();
    }

    @Test
    void json_isWrittenWhole_evenThoughJacksonClosesTheStream() throws Exception {
        Path file = dir.resolve("run.json");
        AtomicFiles.writeJson(new com.fasterxml.jackson.databind.ObjectMapper(), file, Map.of("a", "b".repeat(100_000)));
        assertThat(Files.readString(file)).startsWith("{\"a\":\"bbb").endsWith("\"}").hasSize(100_008);
        AtomicFiles.writeString(file, "second");
        assertThat(Files.readString(file)).isEqualTo("second");
    }
}
