package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.GoldenFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outputs rebuilt from a fixed recorded acceptance result (a real `accept` run of
 * golden/accept-small-plan.yaml against the bundled baseline and candidate-fp8-kv simulators): every
 * run's summary.json, the comparison, the report's embedded data and the console text of `summarize`
 * and `compare` must stay byte-identical through refactors. A change that is meant to alter an output
 * lands in its own commit: run with {@code -Dgolden.update=true} and review the diff of the golden files.
 * (The recorded summary.json files are the live run's own: `summarize` must rebuild them exactly.)
 */
class RecordedResultGoldenTest {
    private static final Path FIXTURE = Path.of("src/test/resources/dev/infergate/golden/accept-small");
    private static final Path GOLDEN = Path.of("src/test/resources/dev/infergate/golden/expected");
    private static final Pattern DATA_BLOCK =
            Pattern.compile("<script type=\"application/json\"[^>]*>(.*?)</script>", Pattern.DOTALL);

    @TempDir
    Path tmp;
    Path result;

    @BeforeEach
    void copyFixture() throws IOException {
        result = tmp.resolve("accept-small");
        try (Stream<Path> files = Files.walk(FIXTURE)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = result.resolve(FIXTURE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
    }

    @Test
    void summarize_rebuildsEveryRecordedSummaryByteForByte() throws IOException {
        List<Path> runs;
        try (Stream<Path> files = Files.walk(result)) {
            runs = files.filter(p -> p.getFileName().toString().equals("run.json")).map(Path::getParent).sorted().toList();
        }
        assertThat(runs).as("14 runs of the matrix, capacity and burst, 4 of the sweep step").hasSize(18);
        StringBuilder console = new StringBuilder();
        for (Path run : runs) {
            Path summary = run.resolve("summary.json");
            String recorded = Files.readString(summary);
            Files.delete(summary);
            Outcome o = cli("summarize", run.toString());
            assertThat(o.code).as("summarize %s: %s", run, o.err).isZero();
            assertThat(Files.readString(summary)).as("summary.json of %s", result.relativize(run)).isEqualTo(recorded);
            console.append("## ").append(result.relativize(run)).append('\n').append(o.out);
        }
        assertGolden("summarize-console.txt", console.toString());
    }

    @Test
    void compare_writesTheSameComparisonAndConsoleText() throws IOException {
        Path out = tmp.resolve("comparison");
        Outcome o = cli("compare", result.toString(), "--out", out.toString(), "--seed", "0");
        assertThat(o.code).as(o.err).isIn(0, 1, 4);
        assertGolden("comparison.json", Files.readString(out.resolve("comparison.json")));
        assertGolden("comparison.md", Files.readString(out.resolve("comparison.md")));
        assertGolden("compare-console.txt", "exit " + o.code + "\n" + o.out + o.err);
    }

    @Test
    void report_embedsTheSameData() throws IOException {
        Path html = tmp.resolve("report.html");
        Outcome o = cli("report", result.toString(), "-o", html.toString());
        assertThat(o.code).as(o.err).isZero();
        Matcher m = DATA_BLOCK.matcher(Files.readString(html));
        assertThat(m.find()).as("a data block in the report").isTrue();
        assertGolden("report-data.json", m.group(1) + "\n");
    }

    private Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        // Paths of this test's temporary directory are not part of the output's meaning.
        return new Outcome(code, out.toString().replace(tmp.toString(), "<tmp>"), err.toString().replace(tmp.toString(), "<tmp>"));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        GoldenFiles.assertGolden(GOLDEN.resolve(name), actual);
    }

    private record Outcome(int code, String out, String err) {}
}
