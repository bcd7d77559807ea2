package dev.infergate.report.html;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    /** A JSON object read as it is: the shape of files other commands wrote. */
    static final TypeReference<LinkedHashMap<String, Object>> OBJECT = new TypeReference<>() {};

    private ReportInputs() {}

    /** A JSON object file of {@code dir}, or null when absent; unreadable files add a line to {@code caveats}. */
    static Map<String, Object> readObject(Path dir, String name, List<String> caveats) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readValue(file.toFile(), OBJECT);
        } catch (IOException e) {
            caveats.add(file.getFileName() + " in " + dir.getFileName() + " is not a JSON object and was left out: "
                    + firstLine(e.getMessage()));
            return null;
        }
    }

    static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
