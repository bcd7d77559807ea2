package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An import's run.json, byte for byte: the expected files were written by the importers before run.json had one
 * model (at 8e28a9c, each importer's own map). {@code -Dgolden.update=true} rewrites them.
 */
class ImportedRunJsonBytesTest {
    private static final Path SOURCES = Path.of("src/test/resources/imports");
    private static final Path EXPECTED = Path.of("src/test/resources/dev/infergate/imports/run-json");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"vllm-benchmark_serving-2024-12.json", "guidellm-one-request.json"})
    void anImportsRunJson_isByteForByteAsBefore(String source) throws Exception {
        Imports.write(Imports.read(SOURCES.resolve(source)), dir);
        String written = Files.readString(dir.resolve(RunLog.RUN_FILE));
        Path expected = EXPECTED.resolve(source);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(EXPECTED);
            Files.writeString(expected, written);
        }
        assertThat(written).isEqualTo(Files.readString(expected));
    }
}
