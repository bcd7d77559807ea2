package dev.infergate.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A large run directory made from a small real one (for {@code bench summarize}): the seed run's records repeated to
 * {@code requests} lines, ids renumbered, every mark shifted by the seed's span per copy (so the copies follow one
 * another in time, as one long run's would), {@code event_offsets_ns} kept on every {@code eventsEvery}-th record only
 * (as {@code --record-events} does); the seed's other files (run.json, ...) are copied as they are.
 */
public final class SyntheticRun {

    private static final ObjectMapper JSON = Json.COMPACT;
    private static final List<String> MARKS = List.of("scheduled_ns", "slot_ns", "dispatch_ns", "connect_wait_ns", "sent_ns",
            "headers_ns", "first_token_ns", "first_reasoning_ns", "first_answer_ns", "last_token_ns", "done_ns");
    /** Marks that are durations, not instants: never shifted. */
    private static final List<String> DURATIONS = List.of("connect_wait_ns");

    private SyntheticRun() {}

    /** Writes {@code out} (which must not exist) from the run directory {@code seed}; returns the bytes of requests.jsonl. */
    public static long write(Path seed, Path out, long requests, int eventsEvery) throws IOException {
        if (requests < 1 || eventsEvery < 1) {
            throw new IllegalArgumentException("requests (" + requests + ") and eventsEvery (" + eventsEvery + ") must be >= 1");
        }
        List<ObjectNode> records = readRecords(seed.resolve("requests.jsonl"));
        if (records.isEmpty()) {
            throw new IllegalArgumentException(seed.resolve("requests.jsonl") + " holds no records");
        }
        long spanNanos = spanNanos(records);
        Files.createDirectories(out);
        copyOthers(seed, out);
        Path target = out.resolve("requests.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
            for (long i = 0; i < requests; i++) {
                ObjectNode r = records.get((int) (i % records.size())).deepCopy();
                shift(r, (i / records.size()) * spanNanos);
                r.put("id", i);
                if (i % eventsEvery != 0) {
                    r.remove("event_offsets_ns");
                }
                w.write(JSON.writeValueAsString(r));
                w.newLine();
            }
        }
        return Files.size(target);
    }

    private static List<ObjectNode> readRecords(Path file) throws IOException {
        List<ObjectNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank() && JSON.readTree(line) instanceof ObjectNode o) {
                out.add(o);
            }
        }
        return out;
    }

    /** From the first scheduled instant to the last done one, plus 1 ms. */
    private static long spanNanos(List<ObjectNode> records) {
        long first = Long.MAX_VALUE;
        long last = 0;
        for (ObjectNode r : records) {
            first = Math.min(first, r.path("scheduled_ns").asLong(Long.MAX_VALUE));
            last = Math.max(last, r.path("done_ns").asLong(0));
        }
        return Math.max(0, last - Math.min(first, last)) + 1_000_000;
    }

    private static void shift(ObjectNode r, long nanos) {
        for (String key : MARKS) {
            JsonNode v = r.get(key);
            if (v != null && v.isIntegralNumber() && v.asLong() >= 0 && !DURATIONS.contains(key)) {
                r.put(key, v.asLong() + nanos);
            }
        }
    }

    private static void copyOthers(Path seed, Path out) throws IOException {
        try (Stream<Path> files = Files.list(seed)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (Files.isRegularFile(f) && !name.equals("requests.jsonl") && !name.startsWith("summary")
                        && !name.startsWith("report")) {
                    Files.copy(f, out.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
