package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunLog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run.json {@code merge} writes, byte for byte (the temporary directory aside): the expected file was written by
 * the merge before run.json had one model (at 8e28a9c). The shard is a recorded run killed before it ended, so the
 * merged run is partial and the first shard's keys, of its version, are kept in their places.
 * {@code -Dgolden.update=true} rewrites it.
 */
class MergedRunJsonBytesTest {
    private static final Path SHARD = Path.of("src/test/resources/dev/infergate/record/run-documents/measured");
    private static final Path EXPECTED = Path.of("src/test/resources/dev/infergate/cli/merged-run.json");

    @TempDir
    Path dir;

    @Test
    void aMergedRunsRunJson_isByteForByteAsBefore() throws Exception {
        Path shard = Files.createDirectories(dir.resolve("s0"));
        Files.writeString(shard.resolve(RunLog.RUN_FILE), Files.readString(SHARD.resolve(RunLog.RUN_FILE))
                .replace("\"ended_at\" : \"2026-12-04T16:12:11.979373992Z\"", "\"ended_at\" : null"));
        Files.copy(SHARD.resolve(RunLog.REQUESTS_FILE), shard.resolve(RunLog.REQUESTS_FILE));
        assertThat(Main.execute(new String[] {"merge", "--out", dir.resolve("m").toString(), shard.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true))).isZero();
        String written = Files.readString(dir.resolve("m").resolve(RunLog.RUN_FILE)).replace(dir.toString(), "TMP");
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(EXPECTED, written);
        }
        assertThat(written).isEqualTo(Files.readString(EXPECTED));
    }
}
