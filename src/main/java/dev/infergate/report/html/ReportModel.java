package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.GpuSummary;
import dev.infergate.record.RunLog;
import dev.infergate.report.CapacityReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data behind the HTML page, built from run directories alone (schema {@value #SCHEMA}, documented in
 * docs/report.md). Each run directory is one side; two sides are drawn as baseline (first) and candidate
 * (second). A directory holding {@code acceptance.json} without a run of its own brings in the runs of the cell
 * the decision rests on, with every other cell and repeat as a choice ({@link CellRuns}); when its runs are not
 * laid out by cell, the runs that acceptance.json lists; with a sweep step ({@code sweep/sweep.json}), its frontier. A directory holding {@code capacity.json} (a {@code capacity}
 * run) draws its capacity curves, with each side's probe at its capacity as that side's run ({@link CapacityFolder}). A
 * directory holding {@code sweep.json} draws the sweep's frontier, with each side's run at the highest level as its run
 * ({@link SweepFolder}). The model is records in a fixed order ({@link ReportData}), so it serializes the same
 * every time.
 */
public final class ReportModel {
    public static final String SCHEMA = "infergate.report/1";
    /** The most sides one page overlays. */
    public static final int MAX_SIDES = 6;
    /** The most stream timelines drawn in the whole page. */
    static final int MAX_TIMELINES = 60;

    private ReportModel() {}

    /**
     * Builds the page data for {@code dirs}.
     *
     * @throws IllegalArgumentException naming the directory when one is neither a run nor an acceptance
     */
    public static ReportData build(List<Path> dirs) {
        List<String> caveats = new ArrayList<>();
        JsonNode acceptance = null;
        List<Side> sides = new ArrayList<>();
        CellRuns cells = null;
        JsonNode sweep = null;
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(dir + " is not a directory; pass the --out directory of a run");
            }
            if (!Files.exists(dir.resolve(RunLog.RUN_FILE)) && Files.exists(dir.resolve(ReportInputs.ACCEPTANCE_FILE))) {
                JsonNode a = ReportInputs.readObject(dir, ReportInputs.ACCEPTANCE_FILE, caveats);
                acceptance = acceptance == null ? a : acceptance;
                cells = dirs.size() == 1 ? CellRuns.of(dir, a, DecisionBlock.of(a)) : null;
                if (sweep == null && Files.exists(dir.resolve(SweepFolder.STEP_DIR).resolve(SweepFolder.FILE))) {
                    sweep = ReportInputs.readObject(dir.resolve(SweepFolder.STEP_DIR), SweepFolder.FILE, caveats); // the plan's sweep step
                }
                sides.addAll(cells != null ? CellChoice.sides(cells, cells.shown()) : listedRuns(dir, a, caveats));
                continue;
            }
            if (!Files.exists(dir.resolve(RunLog.RUN_FILE)) && Files.exists(dir.resolve(CapacityReport.FILE))) {
                JsonNode c = ReportInputs.readObject(dir, CapacityReport.FILE, caveats);
                if (c != null) {
                    acceptance = acceptance == null ? CapacityFolder.asAcceptance(c) : acceptance;
                    sides.addAll(CapacityFolder.probeRuns(dir, c, caveats));
                }
                continue;
            }
            if (!Files.exists(dir.resolve(RunLog.RUN_FILE)) && Files.exists(dir.resolve(SweepFolder.FILE))) {
                JsonNode w = ReportInputs.readObject(dir, SweepFolder.FILE, caveats);
                if (w != null) {
                    sweep = sweep == null ? w : sweep;
                    sides.addAll(SweepFolder.topRuns(dir, w, caveats));
                }
                continue;
            }
            Side side = new Side(dir);
            sides.add(side);
            acceptance = acceptance == null ? side.acceptance : acceptance;
        }
        if (sides.size() > MAX_SIDES) {
            throw new IllegalArgumentException(sides.size() + " runs given; a report overlays at most " + MAX_SIDES);
        }
        uniqueNames(sides);
        return assemble(sides, acceptance, caveats, cells, sweep);
    }

    /** run.json plus, as {@code measured.gpu}, the run's GPU figures (DCGM: tokens/s per watt and per GPU). */
    private static Map<String, Object> withGpu(Side s) { // JSON edge: run.json as a JSON tree, flattened for the environment table
        GpuSummary.Figures gpu = s.summary == null ? null : s.summary.gpu();
        if (gpu == null) {
            return s.run.document();
        }
        // JSON edge: run.json as a JSON tree, flattened for the environment table
        Map<String, Object> m = new LinkedHashMap<>(s.run.document());
        m.put("measured", Map.of("gpu", ReportInputs.JSON.valueToTree(gpu)));
        return m;
    }

    private static ReportData assemble(List<Side> sides, JsonNode acceptance, List<String> caveats, CellRuns cells,
            JsonNode sweep) {
        List<List<Side>> others = cells == null ? List.of() : CellChoice.others(cells, sides);
        long lastEnd = Math.max(CellChoice.lastEndNanos(others), sides.stream().mapToLong(s -> s.columns.lastEndNanos()).max().orElse(0));
        long width = TimeSeries.bucketSeconds(lastEnd);
        int buckets = (int) Math.max(1, lastEnd / (width * 1_000_000_000L) + 1);
        int timelines = sides.isEmpty() ? 0 : Math.max(8, MAX_TIMELINES / sides.size());
        List<SideView> views = new ArrayList<>();
        for (Side s : sides) {
            views.add(SideView.of(s, width, buckets, timelines));
            caveats.addAll(s.caveats);
        }
        List<Map<String, String>> envs = sides.stream().map(s -> Environment.flatten(withGpu(s))).toList();
        List<Environment.Difference> diff = Environment.diff(envs);
        Headline.View headline = Headline.of(sides, diff, acceptance, caveats);
        List<Long> t = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            t.add(b * width);
        }
        return new ReportData(SCHEMA, title(sides), headline, views, ReasoningView.of(sides), new ReportData.TimeAxis(width, t),
                new ReportData.EnvironmentView(envs, diff), acceptance, DecisionBlock.of(acceptance),
                cells == null ? null : CellChoice.view(cells, others, width, buckets, timelines), sweep);
    }

    private static String title(List<Side> sides) {
        if (sides.isEmpty()) {
            return "infergate report";
        }
        return "infergate report: " + String.join(" vs ", sides.stream().map(s -> s.name).toList());
    }

    /** The runs an acceptance directory lists ({@code runs: [{side, dir}]}, dirs relative to it). */
    private static List<Side> listedRuns(Path dir, JsonNode acceptance, List<String> caveats) {
        List<Side> out = new ArrayList<>();
        if (acceptance == null) {
            return out;
        }
        for (JsonNode run : ReportInputs.elements(acceptance.path("runs"))) {
            if (run.path("dir").isTextual()) {
                String rel = run.path("dir").textValue();
                Path runDir = dir.resolve(rel).normalize();
                if (!Files.exists(runDir.resolve(RunLog.RUN_FILE))) {
                    caveats.add("acceptance.json lists the run " + rel + ", which is not a run directory; it was left out");
                    continue;
                }
                if (!Files.exists(runDir.resolve(RunLog.REQUESTS_FILE))) { // an aggregate-only import: figures, no requests
                    caveats.add("the run " + rel + " holds aggregates only (no per-request values): its figures are in the"
                            + " comparison, not drawn");
                    continue;
                }
                Side side = new Side(runDir);
                String label = run.path("side").textValue();
                if (label != null && !label.isBlank()) {
                    side.name = label;
                }
                out.add(side);
            }
        }
        return out;
    }

    private static void uniqueNames(List<Side> sides) {
        Set<String> seen = new HashSet<>();
        for (Side s : sides) {
            if (!seen.add(s.name)) {
                s.name = s.longName();
                for (int n = 2; !seen.add(s.name); n++) {
                    s.name = s.longName() + " #" + n;
                }
            }
        }
    }
}
