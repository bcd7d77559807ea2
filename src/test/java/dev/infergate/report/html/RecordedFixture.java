package dev.infergate.report.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** Copies of the recorded accept result ({@link DecisionBlockTest#RECORDED}) that a browser test may change. */
final class RecordedFixture {
    private RecordedFixture() {}

    /**
     * Copies the recorded result into {@code copy}, each file and folder at its relative path as {@code rename}
     * gives it back ({@code UnaryOperator.identity()}: as recorded); returns {@code copy}.
     */
    static Path copy(Path copy, UnaryOperator<String> rename) throws IOException {
        try (Stream<Path> files = Files.walk(DecisionBlockTest.RECORDED)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = copy.resolve(rename.apply(DecisionBlockTest.RECORDED.relativize(f).toString()));
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return copy;
    }
}
