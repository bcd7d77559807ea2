package dev.infergate.cli;

import dev.infergate.analysis.audience.Audience;
import dev.infergate.analysis.audience.AudienceJudge;
import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.audience.CapacityCriterion;
import dev.infergate.analysis.capacity.CapacityFile;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Bound;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.report.AudienceJson;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compare CAPDIR_A CAPDIR_B} (two {@code capacity} output folders) and {@code compare DIR} (one capacity.json
 * holding both sides, e.g. an accept result's): the capacity at the SLO of the two sides compared from their
 * capacity.json alone, each side re-fitted from its probes ({@link CapacityFile}), the difference's interval from
 * independent draws of each fit, and judged by {@code capacity.requests_per_hour} criteria exactly as {@code accept}
 * judges its capacity step ({@link CapacityCriterion#judge}). Without a criteria file: {@link #DEFAULT}.
 */
final class CapacityComparison {
    /**
     * The criterion when none is given: the candidate's capacity at most 5 % lower, as compare's default holds output
     * throughput (docs/acceptance.md, "Capacity at the SLO").
     */
    static final CapacityCriterion DEFAULT = new CapacityCriterion(Bound.MAX_REGRESSION, 0.05);

    private CapacityComparison() {}

    /** Whether {@code base} and {@code cand} (cand may be null) are capacity folders rather than runs or an accept result. */
    static boolean applies(Path base, Path cand) {
        if (cand == null) {
            return CapacityFile.in(base) && !ComparisonRun.isAcceptResult(base) && !Files.exists(base.resolve(dev.infergate.record.RunLog.RUN_FILE));
        }
        return capacityFolder(base) && capacityFolder(cand);
    }

    private static boolean capacityFolder(Path dir) {
        return Files.isDirectory(dir) && CapacityFile.in(dir) && !Files.exists(dir.resolve(dev.infergate.record.RunLog.RUN_FILE));
    }

    /**
     * Compares and prints; returns the exit code (0 accepted, 1 rejected, 4 inconclusive, 5 when the files did not
     * measure the same thing).
     *
     * @param audiences the --criteria file's audiences, or null for {@link #DEFAULT}
     * @param outDir    where to write comparison.json and comparison.md ({@code --out}), or null
     */
    static int run(Path base, Path cand, List<Audience> audiences, Path outDir, PrintWriter out) {
        Sides sides = cand == null ? oneFile(read(base)) : twoFiles(read(base), read(cand));
        String mismatch = sides.base().mismatch(sides.cand());
        if (mismatch != null) {
            out.println("VERDICT: none: the two capacities are not of the same question: " + TerminalText.sanitize(mismatch)
                    + "; compare capacity results of the same --slo, --target and workload");
            out.flush();
            return ExitCode.NOT_SAME_WORK.code();
        }
        CapacityFile.Side b = sides.base().sides().get(sides.baseSide());
        CapacityFile.Side c = sides.cand().sides().get(sides.candSide());
        List<Audience> judged = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        if (audiences == null) {
            judged.add(new Audience(Audience.ALL, Audience.ALL, Criteria.DEFAULT, List.of(DEFAULT)));
        } else {
            for (Audience a : audiences) {
                if (a.capacity().isEmpty()) {
                    notJudged.add(a.label());
                } else {
                    judged.add(a);
                }
            }
        }
        String console = CapacityReport.comparisonConsole(sides.base().target(), sides.base().slo(),
                workload(sides), describe(sides.base(), sides.baseSide()), b, describe(sides.cand(), sides.candSide()), c);
        out.print(TerminalText.sanitizeLines(console));
        if (judged.isEmpty()) {
            out.println("VERDICT: none: the criteria judge no " + CapacityCriterion.KEY + "; a capacity result has no matrix runs"
                    + " to judge them on");
            out.flush();
            return ExitCode.USAGE.code();
        }
        Comparison.Result none = new Comparison.Result(List.of(), Verdict.PASS, 0.95); // no matrix: only the capacity criteria
        List<AudienceVerdict> verdicts = AudienceJudge.judge(judged, none, b.result(), c.result());
        verdicts.forEach(v -> out.println(TerminalText.sanitize(v.line())));
        if (!notJudged.isEmpty()) {
            out.println("not judged (no " + CapacityCriterion.KEY + " criterion; a capacity result has no matrix runs): "
                    + TerminalText.sanitize(String.join(", ", notJudged)));
        }
        Verdict worst = AudienceVerdict.worst(verdicts);
        String verdict = switch (worst) {
            case PASS -> "ACCEPTED";
            case FAIL -> "REJECTED";
            case INCONCLUSIVE -> "INCONCLUSIVE";
        };
        if (outDir != null) {
            write(outDir, sides, verdicts, notJudged, verdict, console);
            out.println("results: " + outDir.resolve("comparison.md") + ", " + outDir.resolve("comparison.json"));
        }
        out.println("VERDICT: " + verdict);
        out.flush();
        return CompareCommand.exitCode(worst).code();
    }

    /**
     * comparison.json and comparison.md (atomically): both sides as re-fitted here, the difference, the verdicts; what
     * the console showed, so the comparison outlives it as a comparison of runs does.
     */
    private static void write(Path dir, Sides sides, List<AudienceVerdict> verdicts, List<String> notJudged, String verdict,
            String console) {
        Map<String, CapacitySearch.Result> results = new LinkedHashMap<>();
        results.put(ComparisonRun.BASELINE_DIR, sides.base().sides().get(sides.baseSide()).result());
        results.put(ComparisonRun.CANDIDATE_DIR, sides.cand().sides().get(sides.candSide()).result());
        Map<String, String> endpoints = new LinkedHashMap<>();
        putIfKnown(endpoints, ComparisonRun.BASELINE_DIR, sides.base().endpoints().get(sides.baseSide()));
        putIfKnown(endpoints, ComparisonRun.CANDIDATE_DIR, sides.cand().endpoints().get(sides.candSide()));
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(ComparisonRun.BASELINE_DIR, describe(sides.base(), sides.baseSide()));
        sources.put(ComparisonRun.CANDIDATE_DIR, describe(sides.cand(), sides.candSide()));
        CapacityReport.Document capacity = CapacityReport.document(results, sides.base().target(), sides.base().slo(),
                workload(sides), endpoints);
        try {
            CapacityReport.writeComparison(dir, new CapacityReport.ComparisonDocument("capacity_comparison", sources, capacity,
                    AudienceJson.list(verdicts), List.copyOf(notJudged), verdict), console);
        } catch (IOException e) {
            throw UserError.cannotRun("cannot write to " + dir + " (" + e + "); free space or pass another --out", e);
        }
    }

    private static void putIfKnown(Map<String, String> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    /** {@code dir}'s capacity.json when it holds both sides (an accept result's); null when absent or one-sided. */
    static CapacityFile bothSides(Path dir) {
        if (!CapacityFile.in(dir)) {
            return null;
        }
        CapacityFile f = read(dir);
        return f.sides().containsKey(ComparisonRun.BASELINE_DIR) && f.sides().containsKey(ComparisonRun.CANDIDATE_DIR) ? f : null;
    }

    /** The capacity lines of a two-sided file. */
    static String console(CapacityFile f) {
        return CapacityReport.comparisonConsole(f.target(), f.slo(), f.workload(), describe(f, ComparisonRun.BASELINE_DIR),
                f.sides().get(ComparisonRun.BASELINE_DIR), describe(f, ComparisonRun.CANDIDATE_DIR),
                f.sides().get(ComparisonRun.CANDIDATE_DIR));
    }

    /** The two sides: each file and the name of the side taken from it. */
    private record Sides(CapacityFile base, String baseSide, CapacityFile cand, String candSide) {}

    private static String workload(Sides s) {
        return s.base().workload() != null ? s.base().workload() : s.cand().workload();
    }

    private static Sides oneFile(CapacityFile f) {
        if (!f.sides().containsKey(ComparisonRun.BASELINE_DIR) || !f.sides().containsKey(ComparisonRun.CANDIDATE_DIR)) {
            throw UserError.usage(f.source() + "'s capacity.json holds one side (" + String.join(", ", f.sides().keySet())
                    + "); pass two capacity folders: compare CAPDIR_A CAPDIR_B");
        }
        return new Sides(f, ComparisonRun.BASELINE_DIR, f, ComparisonRun.CANDIDATE_DIR);
    }

    private static Sides twoFiles(CapacityFile base, CapacityFile cand) {
        return new Sides(base, only(base), cand, only(cand));
    }

    /** The one side of a capacity folder; a file with two sides (an accept result's) is compared alone. */
    private static String only(CapacityFile f) {
        if (f.sides().size() != 1) {
            throw UserError.usage(f.source() + "'s capacity.json holds both sides (an accept result's); compare it alone:"
                    + " compare " + f.source());
        }
        return f.sides().keySet().iterator().next();
    }

    private static String describe(CapacityFile f, String side) {
        String url = f.endpoints().get(side);
        return f.sides().size() == 1 ? f.source() + (url == null ? "" : ", " + url)
                : side + " of " + f.source() + (url == null ? "" : ", " + url);
    }

    private static CapacityFile read(Path dir) {
        try {
            return CapacityFile.read(dir);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (IOException e) {
            throw UserError.cannotRun("cannot read " + dir.resolve(CapacityReport.FILE) + ": " + e.getMessage(), e);
        }
    }
}
