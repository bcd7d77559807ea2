package dev.infergate.record;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The files of one run directory. {@code run.json} holds what was asked for (written before the first
 * request, and again with {@code ended_at} when the run ended), {@code requests.jsonl} one line per
 * finished request; everything else is derived from them.
 */
public final class RunLog {
    public static final String RUN_FILE = "run.json";
    public static final String REQUESTS_FILE = "requests.jsonl";
    public static final String SUMMARY_FILE = "summary.json";
    /** Server-side metrics scraped during the run, one line per scrape (optional). */
    public static final String SERVER_METRICS_FILE = "server_metrics.jsonl";
    /** A GPU exporter's scrapes ({@code run --gpu-metrics}), in the same line format (optional). */
    public static final String GPU_METRICS_FILE = "gpu_metrics.jsonl";
    /**
     * infergate's simulator's own delay behind its model for each request of the run, fetched once at the run's end
     * (optional; only a run served by the simulator has it): {@code {"id": request id, "first_token_ms", "end_ms"}}.
     */
    public static final String SIMULATOR_DELAYS_FILE = "simulator_delays.jsonl";
    /** The run.json key written null before the first request and set to the end time once the run ended. */
    public static final String ENDED_AT = "ended_at";

    /**
     * What a read of requests.jsonl found.
     *
     * @param records       records read
     * @param tornLine      the number of a torn last line that was skipped, or 0 when the log ends cleanly
     */
    public record Read(long records, long tornLine) {
        /** Whether the log ended in a torn line: the run was killed while writing it. */
        public boolean torn() {
            return tornLine > 0;
        }
    }

    private RunLog() {}

    /**
     * Streams every record of {@code dir}'s requests.jsonl to {@code consumer}; see {@link #read}.
     *
     * @return the number of records read
     */
    public static long readRecords(Path dir, Consumer<RequestRecord> consumer) {
        return read(dir, consumer).records();
    }

    /**
     * Streams every record of {@code dir}'s requests.jsonl to {@code consumer}. The log must be readable in
     * full: any bad line (not UTF-8, not JSON, not a record) throws IllegalArgumentException naming the file
     * and line. The one exception is what a kill leaves: a last line without its line break that starts like a
     * record but does not parse is skipped, and reported in {@link Read#tornLine()}.
     */
    public static Read read(Path dir, Consumer<RequestRecord> consumer) {
        Path file = dir.resolve(REQUESTS_FILE);
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in, consumer);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + " does not exist; is " + dir + " a run directory?", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Read read(Path file, InputStream in, Consumer<RequestRecord> consumer) throws IOException {
        LineReader lines = new LineReader(in);
        long count = 0;
        long lineNo = 0;
        byte[] raw;
        while ((raw = lines.next()) != null) {
            lineNo++;
            boolean last = !lines.endedWithBreak();
            RequestRecord record;
            try {
                String text = utf8(raw);
                if (text.isBlank()) {
                    continue;
                }
                record = RecordCodec.fromJson(text);
            } catch (IllegalArgumentException e) {
                if (last && raw.length > 0 && raw[0] == '{') {
                    return new Read(count, lineNo); // torn by a kill: every line the writer finished ends with a break
                }
                throw new IllegalArgumentException(file + " line " + lineNo + ": " + e.getMessage()
                        + "; the log cannot be read in full (repair or remove that line)", e);
            }
            consumer.accept(record);
            count++;
        }
        return new Read(count, 0);
    }

    /** Splits a stream into lines at LF, keeping whether the last one had its line break. */
    private static final class LineReader {
        private final InputStream in;
        private final byte[] buffer = new byte[1 << 16];
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
        private int position;
        private int limit;
        private boolean endedWithBreak;

        LineReader(InputStream in) {
            this.in = in;
        }

        /** The next line without its LF, or null at the end. */
        byte[] next() throws IOException {
            line.reset();
            while (true) {
                if (position == limit) {
                    limit = in.read(buffer, 0, buffer.length);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        endedWithBreak = false;
                        return line.size() == 0 ? null : line.toByteArray();
                    }
                }
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                line.write(buffer, start, position - start);
                if (position < limit) {
                    position++; // the LF
                    endedWithBreak = true;
                    return line.toByteArray();
                }
            }
        }

        boolean endedWithBreak() {
            return endedWithBreak;
        }
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("not valid UTF-8", e);
        }
    }
}
