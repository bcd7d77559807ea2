package dev.infergate.scale;

import java.util.Locale;

/**
 * The lines a scale-out worker prints for its launcher, one event each, all starting with {@value #PREFIX}:
 * the same on a local process's stdout and in a pod's log, so one launcher reads both. Any other line (the run's
 * own console output) is not an event. The shard's result files follow the {@code done} line as
 * {@link ShardArchive} lines when the worker streams them.
 */
public sealed interface WorkerLine {
    String PREFIX = "infergate-worker ";

    /** Set-up done (preflight, warm-up): waiting at the start barrier. */
    record Ready(int shard) implements WorkerLine {}

    /**
     * The schedule's origin is fixed.
     *
     * @param startOffsetMicros this worker's origin minus the published start, on its own wall clock (late when positive)
     */
    record Started(int shard, long startOffsetMicros) implements WorkerLine {}

    /** Records written so far (warm-up included). */
    record Progress(int shard, long records) implements WorkerLine {}

    /** The run ended with this exit code (its files are complete on disk). */
    record Done(int shard, int exitCode) implements WorkerLine {}

    /** The text of this event as one line. */
    default String text() {
        if (this instanceof Ready r) {
            return PREFIX + "ready shard=" + r.shard();
        } else if (this instanceof Started s) {
            return PREFIX + "started shard=" + s.shard() + " offset_us=" + s.startOffsetMicros();
        } else if (this instanceof Progress p) {
            return PREFIX + "progress shard=" + p.shard() + " records=" + p.records();
        }
        Done d = (Done) this;
        return PREFIX + "done shard=" + d.shard() + " exit=" + d.exitCode();
    }

    /** The event a line carries, or null when it carries none (or is garbled: worker output is not trusted). */
    static WorkerLine parse(String line) {
        if (line == null || !line.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = line.substring(PREFIX.length()).trim().split(" ");
        try {
            int shard = Integer.parseInt(value(parts, 1, "shard"));
            return switch (parts[0].toLowerCase(Locale.ROOT)) {
                case "ready" -> new Ready(shard);
                case "started" -> new Started(shard, Long.parseLong(value(parts, 2, "offset_us")));
                case "progress" -> new Progress(shard, Long.parseLong(value(parts, 2, "records")));
                case "done" -> new Done(shard, Integer.parseInt(value(parts, 2, "exit")));
                default -> null;
            };
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            return null;
        }
    }

    private static String value(String[] parts, int index, String key) {
        String part = parts[index];
        if (!part.startsWith(key + "=")) {
            throw new IllegalArgumentException("expected " + key);
        }
        return part.substring(key.length() + 1);
    }
}
