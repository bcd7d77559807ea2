package dev.infergate.record;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The files of one run directory. {@code run.json} holds what was asked for (written before the first
 * request), {@code requests.jsonl} one line per finished request; everything else is derived from them.
 */
public final class RunLog {
    public static final String RUN_FILE = "run.json";
    public static final String REQUESTS_FILE = "requests.jsonl";
    public static final String SUMMARY_FILE = "summary.json";
    /** Server-side metrics scraped during the run, one line per scrape (optional). */
    public static final String SERVER_METRICS_FILE = "server_metrics.jsonl";

    private RunLog() {}

    /**
     * Streams every record of {@code dir}'s requests.jsonl to {@code consumer}. A torn last line (a run
     * killed mid-write) is skipped; any other bad line throws IllegalArgumentException naming the line.
     *
     * @return the number of records read
     */
    public static long readRecords(Path dir, Consumer<RequestRecord> consumer) {
        Path file = dir.resolve(REQUESTS_FILE);
        long count = 0;
        long lineNo = 0;
        String pendingBad = null;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (pendingBad != null) {
                    throw new IllegalArgumentException(pendingBad);
                }
                if (line.isBlank()) {
                    continue;
                }
                try {
                    consumer.accept(RecordCodec.fromJson(line));
                    count++;
                } catch (IllegalArgumentException e) {
                    pendingBad = file + " line " + lineNo + ": " + e.getMessage();
                }
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + " does not exist; is " + dir + " a run directory?", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return count;
    }
}
