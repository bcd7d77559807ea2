package dev.infergate.analysis.sweep;

import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.RunSet;
import dev.infergate.analysis.compare.Sample;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.analysis.ClientLag;
import dev.infergate.record.Phase;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sweep's figures from its run directories alone ({@code OUT/SIDE/LEVEL/rK/}, a normal run each): every level's
 * figures per side, repeats pooled, and with two sides each level's change with its bootstrap interval at the
 * confidence {@link SweepErrorRule} sets. A pure function of the runs, the settings and the seed, so a sweep stopped
 * half way is analysed from what it left.
 *
 * @param sides     the side directories under the output, in order ({@code baseline}, {@code candidate})
 * @param gpus      GPUs (or replicas) per side
 * @param gpusFrom  where {@code gpus} came from, for the file
 * @param slo       the SLO's text
 * @param target    the attainment a level must hold
 * @param rule      how the error is held across levels
 * @param seed      the bootstrap's seed
 * @param auto      whether the levels were found by doubling
 */
public record SweepAnalysis(List<String> sides, int gpus, String gpusFrom, String slo, double target, SweepErrorRule rule,
        long seed, boolean auto) {
    private static final List<Statistic> STATISTICS = Arrays.stream(SweepFigure.values()).map(SweepFigure::statistic).toList();

    public SweepAnalysis {
        sides = List.copyOf(sides);
        if (sides.isEmpty() || sides.size() > 2) {
            throw new IllegalArgumentException("a sweep has one or two sides (got " + sides.size() + ")");
        }
    }

    /**
     * The document of the {@code levels} measured under {@code out} (levels with no run on a side are left out).
     *
     * @param stop why the levels ended, in words
     */
    public SweepDocument document(Path out, SweepLevels.Kind kind, List<SweepLevels.Level> levels, String stop) {
        Map<String, Map<String, Sample>> samples = new LinkedHashMap<>();
        for (String side : sides) {
            Path dir = out.resolve(side);
            samples.put(side, Files.isDirectory(dir) ? RunSet.read(dir).conditions() : Map.of());
        }
        Bootstrap bootstrap = new Bootstrap(Bootstrap.DEFAULT_RESAMPLES, rule.confidence(), seed);
        List<SweepDocument.LevelResult> results = new ArrayList<>();
        for (SweepLevels.Level level : levels) {
            Map<String, SweepDocument.SideFigures> figures = new LinkedHashMap<>();
            for (String side : sides) {
                Sample s = samples.get(side).get(level.name());
                if (s != null) {
                    figures.put(side, figures(bootstrap.compare(STATISTICS, s, s, level.name()), s));
                }
            }
            if (figures.size() < sides.size()) {
                continue; // a level not measured on every side (a sweep stopped half way) has nothing to compare
            }
            Sample base = samples.get(sides.get(0)).get(level.name());
            Sample cand = sides.size() == 2 ? samples.get(sides.get(1)).get(level.name()) : null;
            List<SweepDocument.Change> changes = cand == null ? List.of() : changes(bootstrap.compare(STATISTICS, base, cand,
                    level.name()), Math.min(base.repeats().size(), cand.repeats().size()));
            results.add(new SweepDocument.LevelResult(level.name(), level.label(), level.value(), figures, changes,
                    late(out, level)));
        }
        return new SweepDocument(SweepDocument.SCHEMA, kind.key(), auto ? "auto" : "fixed", sides, gpus, gpusFrom, slo, target,
                rule.confidence(), rule.familyError(), rule.levels(), rule.line(), stop, results, Flips.of(results),
                Flips.leans(results));
    }

    /**
     * The runs of {@code level} whose client fell behind its schedule, one line each ({@code baseline r1: ...}), from
     * their records' client lag as summary.json's {@code client} block judges it.
     */
    private List<String> late(Path out, SweepLevels.Level level) {
        List<String> lines = new ArrayList<>();
        for (String side : sides) {
            Path dir = out.resolve(side).resolve(level.name());
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (var runs = Files.list(dir)) {
                for (Path run : runs.filter(p -> Files.isRegularFile(p.resolve(RunLog.REQUESTS_FILE))).sorted().toList()) {
                    ClientLag lag = new ClientLag();
                    RunLog.readRecords(run, r -> {
                        if (r.phase() == Phase.MEASURED) {
                            lag.add(r);
                        }
                    });
                    if (lag.limited()) {
                        lines.add(String.format(Locale.ROOT, "%s %s: the client fell behind its schedule (lag p99 %.1f ms,"
                                + " limit %.0f ms; %d requests late): its figures describe the client as much as the server",
                                side, run.getFileName(), lag.lagP99Millis(), ClientLag.LIMIT_P99_MILLIS, lag.laggedRequests()));
                    }
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot list " + dir, e);
            }
        }
        return lines;
    }

    /** One side's figures from its estimates (the baseline column of a comparison of the side with itself). */
    private SweepDocument.SideFigures figures(List<Estimate> estimates, Sample s) {
        double[] v = new double[SweepFigure.values().length];
        for (int i = 0; i < v.length; i++) {
            v[i] = estimates.get(i).baseline();
        }
        Double attainment = value(v[SweepFigure.ATTAINMENT.ordinal()]);
        Double output = value(v[SweepFigure.OUTPUT_TOKENS_PER_S.ordinal()]);
        return new SweepDocument.SideFigures(value(v[SweepFigure.THROUGHPUT_RPS.ordinal()]), output,
                output == null ? null : output / gpus, value(v[SweepFigure.TTFT_P50_MS.ordinal()]),
                value(v[SweepFigure.TTFT_P99_MS.ordinal()]), value(v[SweepFigure.ITL_P50_MS.ordinal()]),
                value(v[SweepFigure.E2E_P50_MS.ordinal()]), value(v[SweepFigure.E2E_P99_MS.ordinal()]),
                value(v[SweepFigure.GOODPUT_RPS.ordinal()]), value(v[SweepFigure.TOKENS_PER_S_PER_USER.ordinal()]), attainment,
                value(v[SweepFigure.ERROR_RATE.ordinal()]), attainment != null && attainment >= target, s.requests(),
                s.repeats().size());
    }

    /** Each figure's change; a whole run's figure gets no interval from fewer than 3 runs a side. */
    static List<SweepDocument.Change> changes(List<Estimate> estimates, int runs) {
        List<SweepDocument.Change> out = new ArrayList<>();
        for (SweepFigure f : SweepFigure.values()) {
            Estimate e = estimates.get(f.ordinal());
            boolean wholeRun = !f.statistic().metric().perRequest();
            out.add(wholeRun && runs < SweepDocument.Change.RUNS_FOR_RUN_FIGURES ? SweepDocument.Change.fewRuns(f, e.delta())
                    : SweepDocument.Change.of(f, e.delta(), e.deltaLow(), e.deltaHigh(), e.lowSample()));
        }
        return out;
    }

    private static Double value(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
