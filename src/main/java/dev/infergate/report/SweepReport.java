package dev.infergate.report;

import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console text of a sweep (docs/workloads.md, "Load sweeps"): the table the checklist's source printed, one row per
 * level and side (throughput, TTFT p50/p99, ITL p50, E2E p50/p99, goodput, tok/s per user, SLO attainment); with two
 * sides a second table of each level's change with its interval, the lines saying where a change turns, and the line
 * saying how the error is held across levels. A figure that could not be measured prints {@code n/a}, never 0.
 */
public final class SweepReport {
    /** The figures of the first table, in column order. */
    static final List<SweepFigure> COLUMNS = List.of(SweepFigure.THROUGHPUT_RPS, SweepFigure.OUTPUT_TOKENS_PER_S,
            SweepFigure.TTFT_P50_MS, SweepFigure.TTFT_P99_MS, SweepFigure.ITL_P50_MS, SweepFigure.E2E_P50_MS,
            SweepFigure.E2E_P99_MS, SweepFigure.GOODPUT_RPS, SweepFigure.TOKENS_PER_S_PER_USER, SweepFigure.ATTAINMENT);
    /** The changes shown, one row each (the checklist's: throughput, TTFT, ITL, E2E, goodput). */
    static final List<SweepFigure> CHANGES = List.of(SweepFigure.THROUGHPUT_RPS, SweepFigure.OUTPUT_TOKENS_PER_S,
            SweepFigure.TTFT_P50_MS, SweepFigure.TTFT_P99_MS, SweepFigure.ITL_P50_MS, SweepFigure.E2E_P50_MS,
            SweepFigure.E2E_P99_MS, SweepFigure.GOODPUT_RPS, SweepFigure.TOKENS_PER_S_PER_USER);

    private SweepReport() {}

    /** The whole console text. */
    public static String console(SweepDocument doc) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "sweep over %s (%s levels), %s%n", doc.kind(), doc.levelsMode(),
                String.join(" vs ", doc.sides())));
        out.append(figures(doc));
        late(doc).forEach(l -> out.append(l).append('\n'));
        if (doc.compared()) {
            out.append(String.format(Locale.ROOT, "%nchange, candidate vs baseline (candidate / baseline - 1, %s %% interval)%n",
                    trim(doc.confidence() * 100)));
            out.append(changes(doc));
            notes(doc).forEach(n -> out.append(n).append('\n'));
            if (doc.flips().isEmpty()) {
                out.append("direction: no figure flips between levels with both intervals excluding 0\n");
            } else {
                doc.flips().forEach(f -> out.append("direction: ").append(f).append('\n'));
            }
            if (!doc.leans().isEmpty()) {
                out.append("leans (the sign turns, an interval holds 0): ").append(String.join(", ", doc.leans())).append('\n');
            }
            out.append(doc.rule()).append('\n');
        }
        out.append(String.format(Locale.ROOT, "levels: %s; SLO %s held at %s %% attainment; tok/s per GPU with %d GPU%s (%s)%n",
                doc.stop(), doc.slo(), trim(doc.target() * 100), doc.gpus(), doc.gpus() == 1 ? "" : "s", doc.gpusFrom()));
        return out.toString();
    }

    /**
     * The {@code ## Load sweep} section of acceptance.md: the figures per level and side, each level's change with its
     * interval, where a change turns, and how the error is held across levels. It is shown beside the verdict; the
     * matrix's criteria make the verdict.
     *
     * @param shape what was sent, e.g. {@code long-doc/fresh, 8x requests after 1x warm-up ...}
     */
    public static String markdown(SweepDocument doc, String shape) {
        StringBuilder out = new StringBuilder("\n## Load sweep\n\n");
        out.append(String.format(Locale.ROOT, "One work shape (%s) at %d %s level%s (%s), %s interleaved per level with the"
                + " same prompts; shown beside the verdict, not part of it (the matrix's criteria decide). Runs and"
                + " sweep.json under sweep/.%n%n", shape, doc.levels().size(), doc.kind(), doc.levels().size() == 1 ? "" : "s",
                doc.levelsMode(), String.join(" and ", doc.sides())));
        out.append(table(figureRows(doc)));
        List<String> late = late(doc);
        if (!late.isEmpty()) {
            out.append('\n');
            late.forEach(l -> out.append("- **").append(l).append("**\n"));
        }
        if (doc.compared()) {
            out.append(String.format(Locale.ROOT, "%nChange, candidate vs baseline (candidate / baseline - 1, %s %% interval):%n%n",
                    trim(doc.confidence() * 100)));
            out.append(table(changeRows(doc)));
            out.append('\n');
            notes(doc).forEach(n -> out.append("- ").append(n.startsWith("*") ? "\\" + n : n).append('\n'));
            doc.flips().forEach(f -> out.append("- direction: ").append(f).append('\n'));
            if (doc.flips().isEmpty()) {
                out.append("- direction: no figure flips between levels with both intervals excluding 0\n");
            }
            if (!doc.leans().isEmpty()) {
                out.append("- leans (the sign turns, an interval holds 0): ").append(String.join(", ", doc.leans())).append('\n');
            }
            out.append("- ").append(doc.rule()).append('\n');
        }
        out.append(String.format(Locale.ROOT, "- levels: %s; SLO %s held at %s %% attainment; tok/s per GPU with %d GPU%s (%s)%n",
                doc.stop(), doc.slo(), trim(doc.target() * 100), doc.gpus(), doc.gpus() == 1 ? "" : "s", doc.gpusFrom()));
        return out.toString();
    }

    /** A Markdown table of {@code rows} (the first the heading), every column but the first two right-aligned. */
    private static String table(List<String[]> rows) {
        StringBuilder out = new StringBuilder();
        String[] head = rows.get(0);
        out.append("| ").append(String.join(" | ", head)).append(" |\n|");
        boolean sideColumn = head.length > 1 && head[1].equals("side");
        for (int i = 0; i < head.length; i++) {
            out.append(i == 0 || (i == 1 && sideColumn) ? "---|" : "---:|");
        }
        out.append('\n');
        rows.subList(1, rows.size()).forEach(r -> out.append("| ").append(String.join(" | ", r)).append(" |\n"));
        return out.toString();
    }

    /** One warning per run whose client fell behind: the level's figures of that side are flagged, never trusted silently. */
    static List<String> late(SweepDocument doc) {
        List<String> out = new ArrayList<>();
        doc.levels().forEach(l -> l.late().forEach(x -> out.add("WARNING: client behind at " + l.label() + ": " + x)));
        return out;
    }

    /** What the marks of the change table mean, where they appear. */
    private static List<String> notes(SweepDocument doc) {
        List<String> out = new ArrayList<>();
        if (doc.levels().stream().anyMatch(l -> l.changes().stream().anyMatch(SweepDocument.Change::lowSample))) {
            out.add("* a tail percentile from too few requests beyond it: little more than a maximum (p99 wants about"
                    + " 1,000 a side)");
        }
        if (doc.levels().stream().anyMatch(l -> l.changes().stream().anyMatch(c -> "too few runs".equals(c.direction())))) {
            out.add("req/s, out tok/s and goodput are figures of a whole run: from fewer than 3 runs a side they get no"
                    + " interval (resampling one run's requests cannot show another run); pass --repeats 3");
        }
        return out;
    }

    /** Per level and side: the figures, in milliseconds and per second. */
    static String figures(SweepDocument doc) {
        return aligned(figureRows(doc));
    }

    private static List<String[]> figureRows(SweepDocument doc) {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("level", "side"));
        COLUMNS.forEach(f -> head.add(heading(f)));
        rows.add(head.toArray(String[]::new));
        for (SweepDocument.LevelResult level : doc.levels()) {
            boolean first = true;
            for (var e : level.sides().entrySet()) {
                List<String> row = new ArrayList<>(List.of(first ? level.label() : "", e.getKey()));
                COLUMNS.forEach(f -> row.add(value(f, e.getValue().value(f))));
                rows.add(row.toArray(String[]::new));
                first = false;
            }
        }
        return rows;
    }

    /** One row per figure, one column per level: the change and its interval. */
    static String changes(SweepDocument doc) {
        return aligned(changeRows(doc));
    }

    private static List<String[]> changeRows(SweepDocument doc) {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("figure"));
        doc.levels().forEach(l -> head.add(l.label()));
        rows.add(head.toArray(String[]::new));
        for (SweepFigure f : CHANGES) {
            List<String> row = new ArrayList<>(List.of(f.label()));
            doc.levels().forEach(l -> row.add(change(l.change(f))));
            rows.add(row.toArray(String[]::new));
        }
        return rows;
    }

    /** {@code +2.3 % [+1.0, +3.5]}, {@code n/a} when not measurable. */
    static String change(SweepDocument.Change c) {
        if (c == null || c.delta() == null) {
            return "n/a";
        }
        if (c.low() == null) {
            return String.format(Locale.ROOT, "%+.1f %% [%s]", c.delta() * 100,
                    "too few runs".equals(c.direction()) ? "< " + SweepDocument.Change.RUNS_FOR_RUN_FIGURES + " runs" : "no interval");
        }
        return String.format(Locale.ROOT, "%+.1f %% [%+.1f, %+.1f]%s", c.delta() * 100, c.low() * 100, c.high() * 100,
                c.lowSample() ? " *" : "");
    }

    /** Columns padded to their widest cell, the first left-aligned, the rest right-aligned; two spaces between. */
    static String aligned(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String cell = r[i];
                String pad = " ".repeat(width[i] - cell.length());
                line.append(i == 0 ? "" : "  ").append(i < 2 && rows.get(0)[1].equals("side") || i == 0 ? cell + pad : pad + cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String heading(SweepFigure f) {
        return switch (f) {
            case TTFT_P50_MS, TTFT_P99_MS, ITL_P50_MS, E2E_P50_MS, E2E_P99_MS -> f.label() + " ms";
            case GOODPUT_RPS -> "goodput req/s";
            default -> f.label();
        };
    }

    static String value(SweepFigure f, Double v) {
        if (v == null) {
            return "n/a";
        }
        if (f == SweepFigure.ATTAINMENT || f == SweepFigure.ERROR_RATE) {
            return String.format(Locale.ROOT, "%.1f %%", v * 100);
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.3g", v);
    }

    private static String trim(double v) {
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
