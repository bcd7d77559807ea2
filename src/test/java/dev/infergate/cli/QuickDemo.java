package dev.infergate.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One {@code demo --quick} for every test that checks what it prints or writes (its story, its report page): the run
 * takes about 40 s on a 2-core CI machine, and it runs the same bundled plan against the same simulators whichever test
 * asks, so the test JVM runs it once, on first use, and keeps its folder until the JVM exits. Each test still checks
 * its own part of that one run.
 */
public final class QuickDemo {
    /** What {@code demo --quick --out dir} returned, printed on stdout and stderr, and wrote under {@code dir}. */
    public record Run(int code, String out, String err, Path dir) {}

    private static Run run;

    private QuickDemo() {}

    /** The one quick demo of this JVM, run now if no test asked for it before. */
    public static synchronized Run get() {
        if (run == null) {
            Path parent = temporaryFolder();
            Path dir = parent.resolve("demo");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new String[] {"demo", "--quick", "--out", dir.toString()}, new PrintWriter(out, true),
                    new PrintWriter(err, true));
            run = new Run(code, out.toString(), err.toString(), dir);
        }
        return run;
    }

    /** A fresh folder deleted when the JVM exits (a {@code @TempDir} lives only as long as one test class). */
    private static Path temporaryFolder() {
        try {
            Path parent = Files.createTempDirectory("infergate-quick-demo");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(parent), "quick-demo-cleanup"));
            return parent;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover folder under the system's temporary directory harms nothing
        }
    }
}
