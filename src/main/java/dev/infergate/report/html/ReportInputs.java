package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The optional files other commands leave in a run directory, which the report draws when they are there
 * (shapes in docs/report.md). Each is read tolerantly: a missing file is normal, and a file that cannot be
 * read becomes a caveat on the page instead of failing the report.
 */
public final class ReportInputs {
    /** Written by {@code infergate accept}: verdict, criteria, matrix, capacity curves. */
    public static final String ACCEPTANCE_FILE = "acceptance.json";
    /** Written by {@code infergate probe}: the streaming delivery verdict. */
    public static final String DELIVERY_FILE = "delivery.json";
    /** One scrape of the server's metrics per line, timed from the run's origin. */
    public static final String SERVER_METRICS_FILE = "server_metrics.jsonl";

    static final ObjectMapper JSON = Json.COMPACT;

    private ReportInputs() {}

    /**
     * A JSON object file of {@code dir} as it is (a tree: the shape of a file another command wrote), or null
     * when absent; a file that is not a JSON object adds a line to {@code caveats}.
     */
    static JsonNode readObject(Path dir, String name, List<String> caveats) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        String problem;
        try {
            JsonNode tree = JSON.readTree(file.toFile());
            if (tree != null && tree.isObject()) {
                return tree;
            }
            problem = "its top level is " + (tree == null || tree.isMissingNode() ? "empty" : tree.getNodeType().name().toLowerCase(Locale.ROOT));
        } catch (IOException e) {
            problem = firstLine(e.getMessage());
        }
        caveats.add(file.getFileName() + " in " + dir.getFileName() + " is not a JSON object and was left out: " + problem);
        return null;
    }

    /** The elements of {@code n} when it is a JSON array, else none (an object's values are not elements). */
    static Iterable<JsonNode> elements(JsonNode n) {
        return n != null && n.isArray() ? n : List.of();
    }

    static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
