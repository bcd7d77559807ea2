package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@code infergate sweep} output folder on the page: its sweep.json is drawn as the frontier (output tok/s per GPU
 * against tok/s per user) and TTFT and E2E against throughput, one curve per side and one labelled point per level; the
 * page's other sections show each side's first run at the highest level (the load the sweep ended at).
 */
final class SweepFolder {
    /** The sweep's file, as {@code analysis.sweep.SweepDocument} writes it (report does not import the analysis). */
    static final String FILE = "sweep.json";
    /** Where an accept result keeps its plan's sweep step ({@code accept.SweepStep.DIR}). */
    static final String STEP_DIR = "sweep";

    private SweepFolder() {}

    /** Each side's run {@code SIDE/LEVEL/r1} at the highest level listed; a side without one is named in a caveat. */
    static List<Side> topRuns(Path dir, JsonNode sweep, List<String> caveats) {
        List<Side> out = new ArrayList<>();
        List<JsonNode> levels = new ArrayList<>();
        ReportInputs.elements(sweep.path("levels")).forEach(levels::add);
        if (levels.isEmpty()) {
            caveats.add("sweep.json holds no level measured on every side: nothing to draw");
            return out;
        }
        String level = levels.get(levels.size() - 1).path("name").asText("");
        for (JsonNode sideName : ReportInputs.elements(sweep.path("sides"))) {
            String name = sideName.asText("");
            Path run = dir.resolve(name).resolve(level).resolve("r1").normalize();
            if (name.isEmpty() || level.isEmpty() || !run.startsWith(dir.normalize()) || !Files.exists(run.resolve(RunLog.RUN_FILE))) {
                caveats.add("sweep.json names the side " + name + " at " + level + ", but no run of it was found there; its"
                        + " curve is drawn, no run");
                continue;
            }
            Side side = new Side(run);
            side.name = name;
            out.add(side);
        }
        return out;
    }
}
