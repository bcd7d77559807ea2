package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * requests.jsonl as the writer writes it, byte for byte: every checked-in log under the test resources (the recorded
 * accept result, the run documents of earlier versions) was written by an earlier {@link RecordCodec}; each line read
 * into a {@link RequestRecord} and written again must be the line that was read. A change of the record's shape that
 * moves a key, drops one or formats a number differently fails here.
 */
class RequestLogBytesTest {
    private static final Path RESOURCES = Path.of("src/test/resources/dev/infergate");

    static Stream<Path> logs() throws IOException {
        try (Stream<Path> files = Files.walk(RESOURCES)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals("requests.jsonl")).sorted().toList();
            assertThat(found).hasSizeGreaterThanOrEqualTo(17);
            return found.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("logs")
    void everyLineOfACheckedInLog_isWrittenBackAsItWasRead(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            assertThat(RecordCodec.toJson(RecordCodec.fromJson(line))).as(log + "\n" + line).isEqualTo(line);
        }
    }
}
