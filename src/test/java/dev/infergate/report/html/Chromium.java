package dev.infergate.report.html;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Opens report pages in Debian's headless {@code chromium} (installed by {@code .ci/run}); tests that need
 * it are skipped with a message when it is not installed. Every launch gets a fresh profile directory and
 * a bounded time.
 */
final class Chromium {
    private static final long TIMEOUT_SECONDS = 90;

    private Chromium() {}

    /** The browser binary, or a skipped test when there is none. */
    static String binary() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        Assumptions.abort("chromium is not installed (apt-get install chromium; .ci/run installs it): browser test skipped");
        return null;
    }

    /** The page's DOM after its scripts ran. */
    static String dumpDom(Path page, Path work) throws IOException, InterruptedException {
        return dumpDom(page, "", work);
    }

    /** The page's DOM after its scripts ran, opened at {@code fragment} ("#cell=2"; "" for none). */
    static String dumpDom(Path page, String fragment, Path work) throws IOException, InterruptedException {
        return run(page, fragment, work, List.of("--dump-dom", "--virtual-time-budget=5000"));
    }

    /**
     * The page's DOM after its scripts ran, and a screenshot of it as a PNG, from one launch (each launch costs seconds:
     * one instead of two per page keeps the browser tests short). The window is the screenshot's, 1400 x 9000.
     */
    static String dumpDomAndScreenshot(Path page, Path work, Path png) throws IOException, InterruptedException {
        return dumpDomAndScreenshot(page, "", work, png);
    }

    /** As {@link #dumpDomAndScreenshot(Path, Path, Path)}, opened at {@code fragment} ("" for none). */
    static String dumpDomAndScreenshot(Path page, String fragment, Path work, Path png) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        String dom = run(page, fragment, work, List.of("--dump-dom", "--screenshot=" + png.toAbsolutePath(),
                "--window-size=1400,9000", "--hide-scrollbars", "--virtual-time-budget=5000"));
        if (!Files.isRegularFile(png)) {
            throw new IOException("chromium wrote no screenshot to " + png);
        }
        return dom;
    }

    /** Saves a screenshot of the page as a PNG. */
    static void screenshot(Path page, Path work, Path png) throws IOException, InterruptedException {
        screenshot(page, "", work, png);
    }

    /** Saves a screenshot of the page opened at {@code fragment} ("" for none) as a PNG. */
    static void screenshot(Path page, String fragment, Path work, Path png) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        run(page, fragment, work, List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=1400,9000", "--hide-scrollbars",
                "--virtual-time-budget=5000"));
        if (!Files.isRegularFile(png)) {
            throw new IOException("chromium wrote no screenshot to " + png);
        }
    }

    private static String run(Path page, String fragment, Path work, List<String> extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(binary(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile.toAbsolutePath()));
        cmd.addAll(extra);
        cmd.add(page.toAbsolutePath().toUri() + fragment);
        Path stdout = work.resolve("chromium-" + System.nanoTime() + ".out");
        Path stderr = work.resolve("chromium-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish within " + TIMEOUT_SECONDS + " s");
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }
}
