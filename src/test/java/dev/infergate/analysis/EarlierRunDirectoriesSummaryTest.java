package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Run directories of earlier versions and of an import summarise as they did: each of the recorded directories under
 * {@code record/run-documents/} (a measured run, a run from before {@code ended_at} and {@code request_id_prefix}
 * existed, a vLLM import) is summarised and its summary.json compared byte for byte with the one the code before
 * run.json had one model wrote (at 8e28a9c). {@code -Dgolden.update=true} rewrites the expected files.
 */
class EarlierRunDirectoriesSummaryTest {
    private static final Path DOCUMENTS = Path.of("src/test/resources/dev/infergate/record/run-documents");
    private static final Path EXPECTED = Path.of("src/test/resources/dev/infergate/analysis/earlier-summaries");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"measured", "older", "imported"})
    void anEarlierRunDirectory_summarisesByteForByteAsBefore(String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        for (String file : new String[] {RunLog.RUN_FILE, RunLog.REQUESTS_FILE}) {
            Files.copy(DOCUMENTS.resolve(name).resolve(file), run.resolve(file));
        }
        Summarizer.write(run);
        String written = Files.readString(run.resolve("summary.json"));
        Path expected = EXPECTED.resolve(name + "-summary.json");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(EXPECTED);
            Files.writeString(expected, written);
        }
        assertThat(written).isEqualTo(Files.readString(expected));
    }
}
