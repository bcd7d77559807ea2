package dev.infergate.workload.trace;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.infergate.workload.WorkloadException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A trace to replay, as the user declared it ({@code --trace}, {@code --trace-format}, {@code --trace-window},
 * {@code --time-scale}, {@code --max-context}). Both the arrival schedule and the workload read the file
 * through it, with the same filter, so request {@code id} is the id-th request kept by both.
 *
 * @param file             the trace file
 * @param format           its format
 * @param window           the slice to replay, in the trace's own time
 * @param timeScale        multiplies the trace's gaps: 0.5 replays twice as fast, 2 half as fast; {@code > 0}
 * @param maxContextTokens the server's context (prompt + answer); longer requests are skipped and counted, never
 *                         cut. 0 while unknown (the run fills it from the server's {@code /models} metadata)
 */
public record TraceSpec(Path file, TraceFormat format, TraceWindow window, double timeScale, int maxContextTokens) {

    public TraceSpec {
        if (file == null || format == null || window == null) {
            throw new IllegalArgumentException("file, format and window must be set");
        }
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new WorkloadException("--time-scale (" + timeScale + ") must be a finite number > 0, e.g. 0.5 for twice as fast");
        }
        if (maxContextTokens < 0) {
            throw new WorkloadException("--max-context (" + maxContextTokens + ") must be >= 1 tokens");
        }
    }

    /**
     * A spec whose format is {@code format}, or guessed from the file: {@code .csv} files by their header
     * (Azure's {@code TIMESTAMP} or BurstGPT's {@code Timestamp}), anything else as Mooncake.
     */
    public static TraceSpec of(Path file, TraceFormat format, TraceWindow window, double timeScale, int maxContextTokens) {
        if (!Files.isReadable(file)) {
            throw new WorkloadException(file + ": cannot read the trace (no such file, or not readable)");
        }
        return new TraceSpec(file, format != null ? format : TraceFiles.guessFormat(file), window, timeScale, maxContextTokens);
    }

    /** This spec with the server's context, when none was given. */
    public TraceSpec withMaxContext(int tokens) {
        return maxContextTokens > 0 || tokens <= 0 ? this
                : new TraceSpec(file, format, window, timeScale, tokens);
    }

    /** Whether the request of {@code entry} is sent: usable, and within the context. */
    public boolean keeps(TraceEntry entry) {
        return entry.usable() && entry.fits(maxContextTokens);
    }

    /** Request {@code entry}'s due time in nanoseconds from the run's origin: its time in the window, scaled. */
    public long offsetNanos(TraceEntry entry) {
        return Math.round((entry.timeNanos() - window.fromNanos()) * timeScale);
    }

    /** For run.json: the trace's name, format, window and scale (not its directory: paths may be private). */
    public Described describe() {
        return new Described(file.getFileName().toString(), format.label(), window.toString(), timeScale,
                maxContextTokens == 0 ? null : maxContextTokens);
    }

    /** The trace's part of run.json's workload block; {@code max_context_tokens} null when there is no limit. */
    public record Described(@JsonProperty("trace") String trace, @JsonProperty("trace_format") String traceFormat,
            @JsonProperty("trace_window") String traceWindow, @JsonProperty("time_scale") double timeScale,
            @JsonProperty("max_context_tokens") Integer maxContextTokens) {}
}
