package dev.infergate.workload.trace;

import dev.infergate.workload.WorkloadException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Streams the requests of a trace's window, line by line in constant memory: times made relative to the
 * trace's first line, lines before the window passed over, reading stopped at the window's end. Every
 * request of the window is returned, sendable or not ({@link TraceSpec#keeps} decides). A malformed line or a
 * timestamp that goes back in time is a {@link WorkloadException} naming the file and line.
 */
public final class TraceReader implements Closeable {
    private final TraceSpec spec;
    private final LineSource lines;
    private final String name;
    private final boolean readHashIds;
    private LineParser parser;
    private long originNanos = -1;
    private long lastNanos = Long.MIN_VALUE;
    private long lastLine;
    private boolean ended;

    private TraceReader(TraceSpec spec, boolean readHashIds) {
        this.spec = spec;
        this.readHashIds = readHashIds;
        this.name = spec.file().getFileName().toString();
        try {
            this.lines = new LineSource(spec.file());
        } catch (IOException e) {
            throw new WorkloadException(spec.file() + ": cannot read the trace (" + e.getMessage() + ")", e);
        }
    }

    /** Opens {@code spec}'s file at its first line. */
    public static TraceReader open(TraceSpec spec) {
        return new TraceReader(spec, true);
    }

    /**
     * Opens {@code spec}'s file for times and lengths only: Mooncake's {@code hash_ids} are skipped over, not
     * read (entries carry an empty array for them), which makes a pass about a third faster.
     */
    public static TraceReader openTimesOnly(TraceSpec spec) {
        return new TraceReader(spec, false);
    }

    /** The next request of the window, or null after the last. */
    public TraceEntry next() {
        try {
            while (!ended && lines.next()) {
                if (lines.blank()) {
                    continue;
                }
                if (parser == null) {
                    parser = TraceFiles.parser(spec.format(), readHashIds, lines.buffer(), lines.lineStart(), lines.lineLength(),
                            name, lines.lineNumber());
                    if (spec.format().csv()) {
                        continue; // the header
                    }
                }
                TraceEntry e = parse();
                long t = e.timeNanos();
                if (originNanos < 0) {
                    originNanos = t;
                }
                if (t < lastNanos) {
                    throw new WorkloadException(name + " line " + e.line() + ": its timestamp lies before line " + lastLine
                            + "'s; a trace must be sorted by time");
                }
                lastNanos = t;
                lastLine = e.line();
                long relative = t - originNanos;
                if (relative >= spec.window().toNanos()) {
                    ended = true;
                    return null;
                }
                if (relative >= spec.window().fromNanos()) {
                    return new TraceEntry(e.line(), e.byteOffset(), relative, e.inputTokens(), e.outputTokens(), e.hashIds(),
                            e.literal());
                }
            }
            ended = true;
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(spec.file() + ": cannot read the trace (" + e.getMessage() + ")", e);
        }
    }

    /** The parser of this file's lines (CSV: made from its header); null before the first {@link #next}. */
    LineParser parser() {
        return parser;
    }

    private TraceEntry parse() {
        try {
            return parser.parse(lines.buffer(), lines.lineStart(), lines.lineLength(), lines.lineNumber(), lines.lineOffset());
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(name + " line " + lines.lineNumber() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            // read-only: nothing to lose
        }
    }
}
