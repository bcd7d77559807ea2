package dev.infergate.cli;

import dev.infergate.report.html.HtmlReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What every measuring command does with its output directory: name it when the user did not, and end with
 * the HTML report (a report that cannot be written costs a warning, never the results).
 */
final class Reports {
    private static final java.time.format.DateTimeFormatter STAMP = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private Reports() {}

    /** {@code given}, or {@code results/<kind>-<date>-<time>} when the user gave none. */
    static Path outDir(Path given, String kind) {
        return given != null ? given : Path.of("results", kind + "-" + java.time.LocalDateTime.now().format(STAMP));
    }

    /** Writes {@code out} from {@code dirs} and prints where it is; returns false (with a warning) on failure. */
    static boolean html(List<Path> dirs, Path out, PrintWriter o, PrintWriter err) {
        try {
            HtmlReport.write(dirs, out);
            o.println("report: " + out.toAbsolutePath());
            return true;
        } catch (Exception e) {
            err.println("infergate: warning: the HTML report could not be written (" + e.getMessage()
                    + "); the results are complete, retry with 'infergate report'");
            return false;
        } finally {
            o.flush();
            err.flush();
        }
    }
}
