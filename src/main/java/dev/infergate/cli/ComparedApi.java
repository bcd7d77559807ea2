package dev.infergate.cli;

import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether the runs under a compared directory generate output (every API but embeddings), from the first run.json
 * found: {@code compare} then picks the default criteria that can be decided for them.
 */
final class ComparedApi {
    /** Deep enough for an accept result: side/workload/prefix/load/repeat/run.json. */
    private static final int MAX_DEPTH = 6;

    private ComparedApi() {}

    /** True unless the first run found under {@code dir} used {@code api: embeddings}; true when none is found. */
    static boolean generates(Path dir) {
        try (Stream<Path> files = Files.walk(dir, MAX_DEPTH)) {
            Optional<Path> run = files.filter(p -> p.getFileName().toString().equals(RunLog.RUN_FILE)).sorted().findFirst();
            return run.map(p -> RunDocument.read(p.getParent()).generates()).orElse(true);
        } catch (IOException | IllegalArgumentException e) {
            return true; // the comparison itself reports an unreadable directory
        }
    }
}
