package dev.infergate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files of the output tests: {@code actual} must equal the file; run with {@code -Dgolden.update=true} to
 * write it instead (then review the diff and commit it on its own, saying why the output changed).
 */
public final class GoldenFiles {
    private GoldenFiles() {}

    public static void assertGolden(Path golden, String actual) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(golden).as("golden file %s (create it with -Dgolden.update=true)", golden).exists();
        assertThat(actual).as("%s against its golden file", golden.getFileName()).isEqualTo(Files.readString(golden));
    }
}
