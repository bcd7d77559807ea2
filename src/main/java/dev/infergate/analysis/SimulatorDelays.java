package dev.infergate.analysis;

import dev.infergate.json.JsonLines;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * infergate's simulator's own delay behind its model for each request of a run, as the run fetched it at its end
 * ({@link RunLog#SIMULATOR_DELAYS_FILE}): the engine's stalls while the request was in it plus how late its token
 * reached the connection, at the first token and at the last. A comparison takes each request's own delay off its
 * figures to bound what this machine added ({@code compare.Lateness}). Empty for any other server, and for runs
 * older than the file.
 */
public final class SimulatorDelays {
    /** No per-request delays: every request is bounded by the run-wide lateness. */
    public static final SimulatorDelays NONE = new SimulatorDelays(Map.of());
    private final Map<Long, double[]> byId;

    private SimulatorDelays(Map<Long, double[]> byId) {
        this.byId = byId;
    }

    /** The delays of {@code byId} (request id to {first token ms, end ms}); for tests. */
    public static SimulatorDelays of(Map<Long, double[]> byId) {
        Map<Long, double[]> copy = new HashMap<>();
        byId.forEach((id, d) -> copy.put(id, new double[] {d[0], d[1]}));
        return new SimulatorDelays(copy);
    }

    /** The run's delays, or {@link #NONE} when it has none; a line that is not one request's delays is skipped. */
    public static SimulatorDelays read(Path runDir) {
        Path file = runDir.resolve(RunLog.SIMULATOR_DELAYS_FILE);
        if (!Files.exists(file)) {
            return NONE;
        }
        Map<Long, double[]> byId = new HashMap<>();
        JsonLines.forEach(file, json -> {
            double first = json.path("first_token_ms").asDouble(Double.NaN);
            double end = json.path("end_ms").asDouble(Double.NaN);
            if (json.path("id").canConvertToLong() && first >= 0 && end >= 0) {
                byId.put(json.path("id").asLong(), new double[] {first, end});
            }
        });
        return new SimulatorDelays(byId);
    }

    /** Whether any request's delays are known. */
    public boolean known() {
        return !byId.isEmpty();
    }

    /** Request {@code id}'s delay at its first token, ms; NaN when unknown. */
    public double firstTokenMs(long id) {
        double[] d = byId.get(id);
        return d == null ? Double.NaN : d[0];
    }

    /** Request {@code id}'s delay at its end, ms; NaN when unknown. */
    public double endMs(long id) {
        double[] d = byId.get(id);
        return d == null ? Double.NaN : d[1];
    }
}
