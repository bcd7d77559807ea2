package dev.infergate.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what {@code bench versus-floor} compares: the truth server's log, the floor client's output and an
 * infergate run directory, each into request id → event times. Formats: ../shared/bench/README.md and the C
 * files' headers; lines that are not request records (the floor's summary) are skipped.
 */
public final class FloorLogs {
    private static final ObjectMapper JSON = Json.COMPACT;

    private FloorLogs() {}

    /** {@code x_request_id} → {@code sends_ms} of every request in the truth server's log that carried the header. */
    public static Map<String, double[]> truthSends(Path log) throws IOException {
        Map<String, double[]> sends = new HashMap<>();
        for (JsonNode n : lines(log)) {
            if (n.hasNonNull("x_request_id") && n.path("sends_ms").isArray()) {
                sends.put(n.get("x_request_id").asText(), doubles(n.get("sends_ms")));
            }
        }
        return sends;
    }

    /** The floor client's successful requests: {@code events_ms} are already relative to its send mark. */
    public static List<FloorErrors.Seen> floorSeen(Path out) throws IOException {
        List<FloorErrors.Seen> seen = new ArrayList<>();
        for (JsonNode n : lines(out)) {
            if (n.path("ok").asBoolean(false) && n.path("events_ms").isArray()) {
                seen.add(new FloorErrors.Seen(n.path("id").asText(), doubles(n.get("events_ms"))));
            }
        }
        return seen;
    }

    /**
     * infergate's successful requests, named as their X-Request-Id header was: every output event's arrival after
     * {@code sent} for requests that kept them ({@code --record-events}), else the first one only (TTFT).
     */
    public static List<FloorErrors.Seen> infergateSeen(Path runDir) {
        String prefix = String.valueOf(RunDocument.read(runDir).requestIdPrefix());
        List<FloorErrors.Seen> seen = new ArrayList<>();
        RunLog.readRecords(runDir, r -> {
            if (!r.succeeded() || r.ttftNanos() == RequestRecord.ABSENT) {
                return;
            }
            long[] offsets = r.events().eventOffsetsNanos();
            double[] events = offsets == null ? new double[] {r.ttftNanos() / 1e6} : new double[offsets.length];
            if (offsets != null) {
                for (int i = 0; i < offsets.length; i++) {
                    events[i] = offsets[i] / 1e6;
                }
            }
            seen.add(new FloorErrors.Seen(prefix + r.id(), events));
        });
        return seen;
    }

    /**
     * An infergate run's process CPU by phase, seconds, from run.json's {@code client_cpu} (run/ClientCpu).
     *
     * @param startupSeconds before the client warm-up began
     * @param warmupSeconds  the warm-up
     * @param loadSeconds    from the first scheduled request to the last record
     */
    public record PhaseCpu(double startupSeconds, double warmupSeconds, double loadSeconds) {}

    /** The run's {@code client_cpu}, or null when run.json has none (a run from before it was recorded). */
    public static PhaseCpu infergateCpu(Path runDir) {
        RunDocument.ClientCpuSeconds cpu = RunDocument.read(runDir).clientCpu();
        if (cpu == null) {
            return null;
        }
        return new PhaseCpu(seconds(cpu.startupS()), seconds(cpu.warmupS()), seconds(cpu.loadS()));
    }

    private static double seconds(Double value) {
        return value == null ? Double.NaN : value;
    }

    /** Output events infergate received in a run (every request's chunks, sampled or not). */
    public static long infergateEvents(Path runDir) {
        long[] events = {0};
        RunLog.readRecords(runDir, r -> events[0] += r.events().chunks());
        return events[0];
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.charAt(0) != '{') {
                continue;
            }
            try {
                nodes.add(JSON.readTree(line));
            } catch (IOException e) {
                // a torn last line of a killed process: skipped
            }
        }
        return nodes;
    }

    private static double[] doubles(JsonNode array) {
        double[] v = new double[array.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = array.get(i).asDouble();
        }
        return v;
    }
}
