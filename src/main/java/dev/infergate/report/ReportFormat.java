package dev.infergate.report;

import java.nio.file.Path;
import java.util.List;

/**
 * A way of writing the results of one or more run directories to a file. Reports are pure functions of
 * run directories (run.json, requests.jsonl and the optional files other commands leave there), so any
 * report can be rebuilt later without re-running.
 */
public interface ReportFormat {
    /** The usual file name extension, without the dot (e.g. {@code html}). */
    String extension();

    /**
     * The report of {@code runDirs} as text.
     *
     * @throws IllegalArgumentException naming the directory when one is not a run
     */
    String render(List<Path> runDirs);
}
