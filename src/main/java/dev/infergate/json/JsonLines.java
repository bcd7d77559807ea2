package dev.infergate.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads a JSON Lines file that a run appends to as it goes (server_metrics.jsonl, simulator_delays.jsonl): a run killed
 * mid-write leaves a torn last line, which is skipped and counted rather than failing the whole file, so everything
 * written before it is still read. Blank lines are skipped and not counted.
 */
public final class JsonLines {
    private JsonLines() {}

    /**
     * Hands each line's JSON value to {@code each}, in file order, and returns how many non-blank lines were not JSON
     * (a torn last line, or junk).
     *
     * @throws UncheckedIOException when the file cannot be read at all ({@code cannot read FILE}, with the cause)
     */
    public static long forEach(Path file, Consumer<JsonNode> each) {
        long unparsed = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode json;
                try {
                    json = Json.COMPACT.readTree(line);
                } catch (IOException torn) {
                    unparsed++;
                    continue;
                }
                each.accept(json);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return unparsed;
    }
}
