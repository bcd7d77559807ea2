package dev.infergate.cli;

import dev.infergate.analysis.compare.AggregateBaseline;
import dev.infergate.imports.Imports;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code compare}, {@code report} and {@code accept} do with a path that is another tool's result (vLLM,
 * AIPerf, guidellm, recognised by content): read it into an infergate run directory (docs/coming-from.md) and
 * use that; an infergate directory passes through unchanged.
 */
final class ImportedPaths {
    private ImportedPaths() {}

    /** The run directory of {@code path}; bad input is one line and exit 2. */
    static Path resolve(Path path) {
        if (!Files.exists(path)) {
            throw UserError.usage(path + " does not exist; pass a run directory or a result file of vLLM, AIPerf or guidellm");
        }
        try {
            return Imports.runDirectory(path);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (UncheckedIOException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        }
    }

    /**
     * As {@link #resolve(Path)}, for commands that read requests ({@code report}, {@code summarize}): a file of
     * aggregates only is refused in one line (exit 2).
     */
    static Path resolveRequests(Path path) {
        Path dir = resolve(path);
        if (Files.isRegularFile(dir.resolve(AggregateBaseline.FILE))) {
            throw UserError.usage(path + " holds aggregates only (no per-request values), which this command needs;"
                    + " compare and accept --baseline-import take it as a baseline (vLLM: rerun with --save-detailed;"
                    + " AIPerf: pass profile_export.jsonl)");
        }
        return dir;
    }

    static List<Path> resolve(List<Path> paths) {
        return paths.stream().map(ImportedPaths::resolveRequests).toList();
    }

    /** Whether any of {@code paths} is another tool's result. */
    static boolean anyForeign(List<Path> paths) {
        return paths.stream().anyMatch(p -> Files.exists(p) && Imports.isForeign(p));
    }
}
