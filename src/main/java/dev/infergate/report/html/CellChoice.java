package dev.infergate.report.html;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The page's choice of cell (docs/report.md, "Choosing a cell"): loads the run directories of every option
 * {@link CellRuns} found and turns each into the same side views the page's own {@code sides} are, so a cell
 * contributes exactly what a run always did and the page draws any of them with the same code.
 */
final class CellChoice {
    /**
     * The most stream timelines per side of an option not shown first (the one shown has its share of
     * {@link ReportModel#MAX_TIMELINES}): the slowest, the stalls and the probe's flags come first, and the page stays small.
     */
    static final int OTHER_TIMELINES = 8;

    private CellChoice() {}

    /** The sides of option {@code k}, named by the labels acceptance.json gives them. */
    static List<Side> sides(CellRuns runs, int k) {
        List<Side> out = new ArrayList<>();
        List<Path> dirs = runs.options().get(k).dirs();
        for (int i = 0; i < dirs.size(); i++) {
            Side side = new Side(dirs.get(i));
            if (runs.labels().get(i) != null) {
                side.name = runs.labels().get(i);
            }
            out.add(side);
        }
        return out;
    }

    /**
     * The sides of every option but the one shown (null at its index: its sides are the page's), each named as
     * the page's side in the same place, so a side keeps its name, colour and dash in every cell.
     */
    static List<List<Side>> others(CellRuns runs, List<Side> shown) {
        List<List<Side>> out = new ArrayList<>();
        for (int k = 0; k < runs.options().size(); k++) {
            if (k == runs.shown()) {
                out.add(null);
                continue;
            }
            List<Side> sides = sides(runs, k);
            for (int i = 0; i < sides.size() && i < shown.size(); i++) {
                sides.get(i).name = shown.get(i).name;
            }
            out.add(sides);
        }
        return out;
    }

    /** The latest end of any request of the other options, nanoseconds since each run's origin. */
    static long lastEndNanos(List<List<Side>> others) {
        return others.stream().filter(Objects::nonNull).flatMap(List::stream).mapToLong(s -> s.columns.lastEndNanos()).max().orElse(0);
    }

    /** The data block's {@code cells}: every option, with side views for all but the one shown. */
    static ReportData.Cells view(CellRuns runs, List<List<Side>> others, long bucketSeconds, int buckets, int timelines) {
        List<ReportData.CellView> options = new ArrayList<>();
        for (int k = 0; k < runs.options().size(); k++) {
            CellRuns.Option o = runs.options().get(k);
            List<SideView> views = null;
            if (others.get(k) != null) {
                views = new ArrayList<>();
                for (Side s : others.get(k)) {
                    views.add(SideView.of(s, bucketSeconds, buckets, Math.min(timelines, OTHER_TIMELINES)));
                }
            }
            options.add(new ReportData.CellView(o.label(), o.condition(), o.repeat(), o.outcome(), views));
        }
        return new ReportData.Cells(runs.shown(), options);
    }
}
