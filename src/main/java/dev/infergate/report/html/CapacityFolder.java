package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A {@code capacity} output folder on the page: its capacity.json read as the capacity part of an acceptance (the
 * page's capacity section and decision block draw it: curves with each side's estimate, the difference and its
 * interval), and as each side's run, its probe at the highest rate that held at or below its estimate (the load a
 * user meets at capacity), under the side's name.
 */
final class CapacityFolder {
    /** The {@code kind} of the acceptance-shaped node made from a capacity folder: no audiences, no verdict. */
    static final String KIND = "capacity";

    private CapacityFolder() {}

    /** {@code {capacity: sides, capacity_difference, slo: {attainment}}}: what the page reads of an acceptance's capacity. */
    static JsonNode asAcceptance(JsonNode capacity) {
        ObjectNode a = ReportInputs.JSON.createObjectNode();
        a.put("kind", KIND);
        a.set("capacity", capacity.path("sides").deepCopy());
        if (capacity.path("difference").isObject()) {
            a.set("capacity_difference", capacity.path("difference").deepCopy());
        }
        a.putObject("slo").set("attainment", capacity.path("target").deepCopy());
        return a;
    }

    /** Each side's probe run at its capacity, named by the side; sides without one are named in a caveat. */
    static List<Side> probeRuns(Path dir, JsonNode capacity, List<String> caveats) {
        List<Side> out = new ArrayList<>();
        capacity.path("sides").properties().forEach(e -> {
            Path run = atCapacity(dir.resolve("capacity").resolve(e.getKey()), e.getValue());
            if (run == null) {
                caveats.add("capacity.json names the side " + e.getKey() + ", but no probe run of it that held the target"
                        + " was found under capacity/" + e.getKey() + "; its curve is drawn, no run");
                return;
            }
            Side side = new Side(run);
            side.name = e.getKey();
            out.add(side);
        });
        return out;
    }

    /**
     * The run directory of the highest probe that held the target at or below the side's estimate: its
     * {@code rate-R-aK} folder with the last attempt (the one that decided; earlier ones were client-limited).
     */
    private static Path atCapacity(Path sideDir, JsonNode side) {
        double estimate = side.path("rate_per_s").asDouble(Double.NaN);
        double rate = Double.NaN;
        for (JsonNode p : ReportInputs.elements(side.path("probes"))) {
            double r = p.path("rate_per_s").asDouble(Double.NaN);
            if (p.path("passed").asBoolean() && r <= estimate * (1 + 1e-9) && !(r <= rate)) {
                rate = r;
            }
        }
        if (Double.isNaN(rate) || !Files.isDirectory(sideDir)) {
            return null;
        }
        String prefix = String.format(Locale.ROOT, "rate-%.4f-a", rate);
        try (Stream<Path> runs = Files.list(sideDir)) {
            return runs.filter(d -> d.getFileName().toString().startsWith(prefix) && Files.exists(d.resolve(RunLog.RUN_FILE)))
                    .max(Comparator.comparingInt(d -> attempt(d, prefix))).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static int attempt(Path dir, String prefix) {
        try {
            return Integer.parseInt(dir.getFileName().toString().substring(prefix.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
