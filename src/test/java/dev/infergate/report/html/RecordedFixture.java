package dev.infergate.report.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the browser tests of the recorded accept result ({@link DecisionBlockTest#RECORDED}) share: copies of it that a
 * test may change, and the parts of a drawn page by id.
 */
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

    /** Every match of {@code idThenText} in {@code dom}, in page order: its first group (an id) to its second. */
    static Map<String, String> byId(Pattern idThenText, String dom) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = idThenText.matcher(dom);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }
}
