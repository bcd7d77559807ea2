package dev.infergate.cli;

import dev.infergate.report.html.HtmlReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Writes the HTML report at the end of a command; a report that cannot be written costs a warning, never the results. */
final class Reports {
    private Reports() {}

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
