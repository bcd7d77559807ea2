package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.AggregateBaseline;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads other tools' result files (vLLM, AIPerf, guidellm; recognised by their content, not their name) into
 * infergate run directories, so {@code compare}, {@code report} and {@code summarize} read them unchanged. The
 * directory is built once per file version in a cache ({@code $TMPDIR/infergate-imports-USER/HASH/FILE}, in a directory the user owns) and holds
 * run.json (with the {@code imported} block), requests.jsonl and, once summarised, summary.json.
 */
public final class Imports {
    /** Figures no imported format carries: none of the tools records when a request was meant to start, nor cache hits. */
    static final List<String> NEVER_RECORDED = Metric.keysOf(Metric.TTFT_FROM_SCHEDULED,
            Metric.E2E_FROM_SCHEDULED, Metric.QUEUE_WAIT, Metric.CACHE_HIT_RATE);
    /** Figures that need every request placed in time. */
    static final List<String> THROUGHPUT = List.of(Metric.THROUGHPUT_OUTPUT_TOKENS.key(), Metric.THROUGHPUT_REQUESTS.key(),
            "throughput.input_tokens_per_s", Metric.GOODPUT_REQUESTS.key(), Metric.GOODPUT_ATTAINMENT.key());
    private static final ObjectMapper JSON = Json.PRETTY;
    /** The AIPerf per-record file inside an artifact directory. */
    static final String AIPERF_RECORDS = "profile_export.jsonl";

    private Imports() {}

    /** Whether {@code path} is a foreign result: a file (or an AIPerf artifact directory) infergate did not write. */
    public static boolean isForeign(Path path) {
        if (Files.isDirectory(path)) {
            return !Files.exists(path.resolve(RunLog.REQUESTS_FILE)) && Files.isRegularFile(path.resolve(AIPERF_RECORDS));
        }
        return Files.isRegularFile(path);
    }

    /**
     * The run directory for {@code path}: {@code path} itself when it is not foreign, else the imported copy.
     *
     * @throws IllegalArgumentException when the file is in no format infergate reads (the message says which it reads)
     */
    public static Path runDirectory(Path path) {
        return isForeign(path) ? materialize(path) : path;
    }

    /** Reads a foreign file into an infergate run (in memory). */
    public static ImportedRun read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve(AIPERF_RECORDS) : path;
        String source = path.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
        String trimmed = text.stripLeading();
        String firstLine = trimmed.lines().findFirst().orElse("");
        JsonNode first = parse(firstLine);
        if (first != null && AiperfImport.matches(first)) {
            return AiperfImport.read(trimmed.lines().toList(), source);
        }
        JsonNode json = parse(trimmed);
        if (json != null && VllmImport.matches(json)) {
            return VllmImport.read(json, source);
        }
        if (json != null && GuidellmImport.matches(json)) {
            return GuidellmImport.read(json, source);
        }
        if (json != null && AggregateImport.matchesAiperf(json)) {
            return AggregateImport.aiperf(json, source);
        }
        throw new IllegalArgumentException(source + " is neither an infergate run directory nor a result infergate can"
                + " import (vLLM --save-result JSON, AIPerf profile_export.jsonl or profile_export_aiperf.json, guidellm"
                + " benchmarks.json)");
    }

    /** Imports {@code path} into its cache directory (once per file version) and returns the directory. */
    public static Path materialize(Path path) {
        Path dir = cacheDirectory(path);
        if (Files.isRegularFile(dir.resolve(RunLog.RUN_FILE))) { // written last: the import is complete
            return dir;
        }
        ImportedRun run = read(path);
        try {
            write(run, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the import of " + path + " to " + dir + ": " + e.getMessage(), e);
        }
        return dir;
    }

    /** Writes {@code run} as a run directory: requests.jsonl first, run.json last (its presence marks it complete). */
    public static void write(ImportedRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        if (run.aggregateOnly()) { // no requests.jsonl: nothing reads it as a run of requests
            AtomicFiles.writeJson(JSON, dir.resolve(AggregateBaseline.FILE), AggregateBaseline.document(run.aggregate(),
                    run.requests()));
            run.run().write(dir);
            return;
        }
        StringBuilder sb = new StringBuilder();
        run.records().forEach(r -> sb.append(RecordCodec.toJson(r)).append('\n'));
        AtomicFiles.writeString(dir.resolve(RunLog.REQUESTS_FILE), sb.toString());
        run.run().write(dir);
    }

    private static Path cacheDirectory(Path path) {
        try {
            Path file = Files.isDirectory(path) ? path.resolve(AIPERF_RECORDS) : path;
            String key = file.toAbsolutePath().normalize() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file)
                    .toMillis() + "|" + IMPORT_VERSION;
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            String name = file.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
            return cacheRoot().resolve(HexFormat.of().formatHex(hash, 0, 6)).resolve(name); // named as the file in reports
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The user's own cache folder of imports ({@code $TMPDIR/infergate-imports-USER}), created when absent. */
    static Path cacheRoot() throws IOException {
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "infergate-imports-" + user());
        Files.createDirectories(root);
        if (!Files.getOwner(root).getName().equals(user())) { // someone else's: never read imports from it
            root = Files.createTempDirectory("infergate-imports-");
        }
        return root;
    }

    private static String user() {
        return System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Bumped when the import of a file changes, so cached imports are rebuilt. */
    static final int IMPORT_VERSION = 2;

    private static JsonNode parse(String text) {
        try {
            return text.isBlank() ? null : JSON.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }
}
