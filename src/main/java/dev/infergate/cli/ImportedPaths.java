package dev.infergate.cli;

import dev.infergate.analysis.compare.AggregateBaseline;
import dev.infergate.imports.ImportedSweep;
import dev.infergate.imports.Imports;
import dev.infergate.analysis.sweep.SweepDocument;
import java.io.IOException;
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
            if (Files.isDirectory(path) && ImportedSweep.isSweep(path)) { // another tool's runs at several loads
                return ImportedSweep.materialize(path).sideDir(); // LEVEL/rK: compare judges every level
            }
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

    /**
     * The folders {@code report} draws: another tool's sweep folder becomes an imported sweep (one, or two side by side,
     * with each level's change), any other path its run directory.
     */
    static List<Path> resolve(List<Path> paths) {
        long sweeps = paths.stream().filter(p -> Files.isDirectory(p) && ImportedSweep.isSweep(p)).count();
        if (sweeps == 0) {
            return paths.stream().map(ImportedPaths::resolveRequests).toList();
        }
        if (sweeps != paths.size() || sweeps > 2) {
            throw UserError.usage("a folder of vLLM or AIPerf results at several loads is drawn as a sweep: pass one such"
                    + " folder, or two (baseline and candidate), and no other run");
        }
        try {
            return List.of(sweeps == 1 ? ImportedSweep.materialize(paths.get(0)).root() : ImportedSweep.pair(paths.get(0), paths.get(1)));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (UncheckedIOException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        }
    }

    /** Whether both are folders of another tool's results at several loads. */
    static boolean sweeps(Path base, Path candidate) {
        return Files.isDirectory(base) && Files.isDirectory(candidate) && ImportedSweep.isSweep(base) && ImportedSweep.isSweep(candidate);
    }

    /** The two sweeps' document: each level's figures and change with its interval, Bonferroni over the levels. */
    static SweepDocument sweepPair(Path base, Path candidate) {
        try {
            return SweepDocument.read(ImportedSweep.pair(base, candidate));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        }
    }

    /** Whether any of {@code paths} is another tool's result. */
    static boolean anyForeign(List<Path> paths) {
        return paths.stream().anyMatch(p -> Files.exists(p) && (Imports.isForeign(p) || ImportedSweep.isSweep(p)));
    }
}
