package dev.infergate.workload.trace;

import dev.infergate.workload.WorkloadException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Format detection and the parser of a trace's lines. */
final class TraceFiles {
    private TraceFiles() {}

    /** {@code .csv}: Azure when the header has ContextTokens, else BurstGPT; anything else: Mooncake. */
    static TraceFormat guessFormat(Path file) {
        if (!file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
            return TraceFormat.MOONCAKE;
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            return header != null && header.toLowerCase(Locale.ROOT).contains("contexttokens") ? TraceFormat.AZURE
                    : TraceFormat.BURSTGPT;
        } catch (IOException e) {
            throw new WorkloadException(file + ": cannot read the trace (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The parser for a file of {@code format} whose first non-blank line is the given bytes (CSV: its header);
     * {@code readHashIds} false skips over Mooncake's ids.
     */
    static LineParser parser(TraceFormat format, boolean readHashIds, byte[] bytes, int start, int length, String name,
            long line) {
        if (!format.csv()) {
            return new JsonLineParser(format == TraceFormat.MOONCAKE, readHashIds);
        }
        try {
            return CsvLineParser.forHeader(format, bytes, start, length);
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(name + " line " + line + ": " + e.getMessage(), e);
        }
    }
}
