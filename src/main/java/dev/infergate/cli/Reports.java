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

    /**
     * Creates the output directory now, before any request is sent, so a path that cannot hold results
     * ({@code /proc/self/x}, a read-only disk, a file in the way) is one clear line (exit 3), not a failure later.
     */
    /** Output folders this command created, for {@link #removeEmptyCreated}. */
    private static final java.util.Set<Path> CREATED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Removes every output folder this command created that is still empty: a command that failed before it
     * wrote anything leaves no empty {@code results/<command>-*} behind. A folder holding anything is kept.
     */
    static void removeEmptyCreated() {
        for (Path dir : CREATED) {
            try {
                java.nio.file.Files.deleteIfExists(dir);
            } catch (java.io.IOException e) {
                // not empty, or not ours to remove: kept
            }
        }
        CREATED.clear();
    }

    /** Starts a command: folders an earlier command (in the same JVM, in tests) created are not this one's. */
    static void forgetCreated() {
        CREATED.clear();
    }

    static Path created(Path dir) {
        try {
            if (!java.nio.file.Files.exists(dir)) {
                CREATED.add(dir);
            }
            java.nio.file.Files.createDirectories(dir);
            return dir;
        } catch (java.io.IOException | UnsupportedOperationException e) {
            String reason = e instanceof java.nio.file.FileAlreadyExistsException ? "a file of that name is in the way"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.NoSuchFileException ? "the file system refuses a directory there"
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                    : e.getClass().getSimpleName();
            throw UserError.cannotRun("cannot create output directory " + dir + " (" + reason
                    + "); pass another --out", e);
        }
    }

    /**
     * The file a command that writes one file puts it in: {@code -o/--output FILE} as given; {@code --out DIR} as
     * {@code DIR/fileName} (every {@code --out} names a directory); nothing: {@code fallback}. An {@code --out}
     * ending in {@code legacySuffix} that is not a directory is still taken as the file, as before, with a note.
     */
    static Path fileIn(Path outDir, Path outputFile, String fileName, String legacySuffix, Path fallback, PrintWriter err) {
        if (outputFile != null) {
            return outputFile;
        }
        if (outDir == null) {
            return fallback;
        }
        String name = outDir.getFileName() == null ? "" : outDir.getFileName().toString();
        if (name.toLowerCase(java.util.Locale.ROOT).endsWith(legacySuffix) && !java.nio.file.Files.isDirectory(outDir)) {
            err.println("infergate: note: --out " + outDir + " names a file, which is deprecated: --out names a directory "
                    + "in every command; write -o " + outDir + " (--output) for a file");
            err.flush();
            return outDir;
        }
        return created(outDir).resolve(fileName);
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
