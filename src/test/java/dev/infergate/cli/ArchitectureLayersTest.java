package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md draws the packages in layers; this reads the drawing and the sources and fails when they part:
 * a package that refers to one on its own layer or above (a cycle, or a drawing gone stale), a package the drawing
 * leaves out, or one it names that does not exist. A reference is an import or a fully qualified name in code;
 * comments and string literals (a class name handed to a child JVM) are not references.
 */
class ArchitectureLayersTest {
    private static final Path DOC = Path.of("docs/architecture.md");
    private static final Path SOURCES = Path.of("src/main/java/dev/infergate");
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.infergate\\.([a-z0-9_]+)\\.");

    @Test
    void noPackageRefersToOneOnItsOwnLayerOrAbove_andEveryPackageIsDrawn() throws IOException {
        Map<String, Integer> layer = layers();
        Map<String, Set<String>> refs = references();

        assertThat(layer.keySet()).as("packages drawn in docs/architecture.md").containsExactlyInAnyOrderElementsOf(refs.keySet());
        List<String> wrong = new ArrayList<>();
        refs.forEach((from, tos) -> tos.forEach(to -> {
            if (layer.get(to) <= layer.get(from)) {
                wrong.add(from + " -> " + to + " (layer " + layer.get(from) + " refers to layer " + layer.get(to) + ")");
            }
        }));
        assertThat(wrong).as("references to a package on the same layer or above (0 is the top)").isEmpty();
    }

    @Test
    void analysisAndReport_neverReferToTheClientTheLoadOrARun() throws IOException {
        Map<String, Set<String>> refs = references();
        for (String p : List.of("analysis", "report")) {
            assertThat(refs.get(p)).as(p).doesNotContain("client", "load", "run");
        }
    }

    @Test
    void commentsAndStrings_areNotReferences() {
        String code = """
                import dev.infergate.record.RequestRecord; // dev.infergate.cli.Main
                /* dev.infergate.load.Runner */ String s = "dev.infergate.cli.Main"; char c = '"';
                String t = \"""
                    dev.infergate.bench.X
                    \""";
                var u = dev.infergate.json.Json.PRETTY;
                """;
        Matcher m = REFERENCE.matcher(code(code));
        Set<String> found = new TreeSet<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        assertThat(found).containsExactly("json", "record");
    }

    /** Package name to layer index, 0 at the top, from the block between the layers markers. */
    static Map<String, Integer> layers() throws IOException {
        String doc = Files.readString(DOC);
        int from = doc.indexOf("<!-- layers:start -->");
        int to = doc.indexOf("<!-- layers:end -->");
        assertThat(from).as("layers:start marker").isNotNegative();
        assertThat(to).as("layers:end marker").isGreaterThan(from);
        Map<String, Integer> layer = new LinkedHashMap<>();
        int index = 0;
        for (String line : doc.substring(from, to).split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("<!--") || t.startsWith("```")) {
                continue;
            }
            for (String p : t.split("\\s+")) {
                assertThat(layer.put(p, index)).as(p + " drawn twice").isNull();
            }
            index++;
        }
        return layer;
    }

    /** Each top-level package to the other top-level packages its code refers to. */
    static Map<String, Set<String>> references() throws IOException {
        Map<String, Set<String>> refs = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String own = SOURCES.relativize(f).getName(0).toString();
                assertThat(own).as(f + " is in a package").doesNotEndWith(".java");
                Set<String> to = refs.computeIfAbsent(own, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(code(Files.readString(f)));
                while (m.find()) {
                    if (!m.group(1).equals(own)) {
                        to.add(m.group(1));
                    }
                }
            }
        }
        return refs;
    }

    /** {@code source} with its comments, string and char literals and text blocks blanked. */
    static String code(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? n : source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
