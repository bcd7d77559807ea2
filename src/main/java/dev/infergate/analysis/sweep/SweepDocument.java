package dev.infergate.analysis.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * sweep.json: every level's figures on every side and, with two sides, each level's change with its interval
 * (docs/workloads.md, "Load sweeps"). Written atomically by {@code infergate sweep} after every level, so a sweep
 * stopped half way leaves the levels it measured; read back by {@code report} to draw the frontier. A figure that
 * could not be measured (no streamed request: no tok/s per user; nothing completed: no latency) is null, never 0.
 *
 * @param schema       {@value #SCHEMA}
 * @param kind         {@code concurrency} or {@code rate}: what a level's value is
 * @param levelsMode   {@code fixed} (a list given) or {@code auto} (doubling until the SLO broke on every side)
 * @param sides        the sides measured, in order: {@code baseline}, and {@code candidate} with two
 * @param gpus         the GPUs (or replicas) each side served with: output tok/s per GPU = output tok/s / gpus
 * @param gpusFrom     where {@code gpus} came from: {@code --gpus}, or the default of 1 (said, never guessed)
 * @param slo          the SLO goodput and attainment were judged by, e.g. {@code ttft=2s,tpot=100ms}
 * @param target       the SLO attainment a level must hold not to break (the auto ramp's stop), e.g. 0.95
 * @param confidence   every interval's confidence, after the multiple-comparison rule
 * @param familyError  the error held across all levels ({@link SweepErrorRule})
 * @param comparisons  the levels the error is spread over
 * @param rule         the rule in words, as the console prints it
 * @param stop         why the levels ended: the list was run, or why auto stopped
 * @param levels       every level measured, lowest first
 * @param flips        where a figure's change flipped from higher to lower (or back) between neighbouring levels, both
 *                     intervals excluding 0
 * @param leans        where a change's sign turned but an interval holds 0 ({@code TTFT p50 c=1 -> c=4}): no flip shown
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SweepDocument(String schema, String kind, String levelsMode, List<String> sides, int gpus, String gpusFrom,
        String slo, double target, double confidence, double familyError, int comparisons, String rule, String stop,
        List<LevelResult> levels, List<String> flips, List<String> leans) {
    public static final String SCHEMA = "infergate.sweep/1";
    /** The file's name in the sweep's output directory. */
    public static final String FILE = "sweep.json";

    public SweepDocument {
        sides = List.copyOf(sides);
        levels = List.copyOf(levels);
        flips = flips == null ? List.of() : List.copyOf(flips);
        leans = leans == null ? List.of() : List.copyOf(leans);
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus (" + gpus + ") must be >= 1");
        }
    }

    /** Whether it compares two sides. */
    public boolean compared() {
        return sides.size() == 2;
    }

    /** Writes {@code dir/sweep.json} atomically. */
    public Path write(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        AtomicFiles.writeJson(Json.PRETTY, file, this);
        return file;
    }

    /** Reads {@code dir/sweep.json} (or the file itself). */
    public static SweepDocument read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        return Json.COMPACT.readValue(file.toFile(), SweepDocument.class);
    }

    /**
     * One level.
     *
     * @param name    its condition and directory name, {@code concurrency-16}
     * @param label   {@code c=16} or {@code 2.5/s}
     * @param value   users or requests per second
     * @param sides   each side's figures, in {@link SweepDocument#sides()} order
     * @param changes with two sides: the candidate's change of every figure, with its interval; else empty
     * @param late    the runs of this level whose client fell behind its schedule ({@code analysis.ClientLag}: lag p99
     *                above 10 ms in at least 2 requests), one line each: their figures describe the client as much as
     *                the server, so the level is flagged, never silently trusted; absent when none
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record LevelResult(String name, String label, double value, Map<String, SideFigures> sides, List<Change> changes,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> late) {
        public LevelResult {
            sides = Collections.unmodifiableMap(new LinkedHashMap<>(sides));
            changes = changes == null ? List.of() : List.copyOf(changes);
            late = late == null ? List.of() : List.copyOf(late);
        }

        /** A level whose client kept its schedule. */
        public LevelResult(String name, String label, double value, Map<String, SideFigures> sides, List<Change> changes) {
            this(name, label, value, sides, changes, List.of());
        }

        /** The change of {@code figure}, or null. */
        public Change change(SweepFigure figure) {
            return changes.stream().filter(c -> c.figure().equals(figure.key())).findFirst().orElse(null);
        }
    }

    /**
     * One side's figures at one level (repeats pooled); null where not measurable.
     *
     * @param held     whether the SLO attainment reached the target
     * @param requests measured requests, failures included
     * @param repeats  independent runs pooled
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record SideFigures(Double throughputRps, Double outputTokensPerS,
            @JsonProperty("output_tokens_per_s_per_gpu") Double outputTokensPerSPerGpu, Double ttftP50Ms,
            Double ttftP99Ms, Double itlP50Ms, Double e2eP50Ms, Double e2eP99Ms, Double goodputRps,
            @JsonProperty("tokens_per_s_per_user") Double tokensPerSPerUser,
            Double sloAttainment, Double errorRate, boolean held, int requests, int repeats) {
        /** The value of {@code figure}, or null when not measurable. */
        public Double value(SweepFigure figure) {
            return switch (figure) {
                case THROUGHPUT_RPS -> throughputRps;
                case OUTPUT_TOKENS_PER_S -> outputTokensPerS;
                case TTFT_P50_MS -> ttftP50Ms;
                case TTFT_P99_MS -> ttftP99Ms;
                case ITL_P50_MS -> itlP50Ms;
                case E2E_P50_MS -> e2eP50Ms;
                case E2E_P99_MS -> e2eP99Ms;
                case GOODPUT_RPS -> goodputRps;
                case TOKENS_PER_S_PER_USER -> tokensPerSPerUser;
                case ATTAINMENT -> sloAttainment;
                case ERROR_RATE -> errorRate;
            };
        }
    }

    /**
     * The candidate's change of one figure at one level: relative, {@code candidate / baseline - 1}, with its interval
     * at the document's confidence; null where not measurable (no interval: too few defined resamples).
     *
     * @param figure    the figure's key
     * @param delta     the relative change
     * @param low       the interval's lower end
     * @param high      its upper end
     * @param direction {@code higher} or {@code lower} when the interval excludes 0, {@code unclear} when it holds 0,
     *                  {@code not measurable} without a value, {@code too few runs} for a figure of a whole run
     *                  (throughput, goodput, attainment) with fewer than {@link #RUNS_FOR_RUN_FIGURES} runs a side: resampling
     *                  the requests of one run cannot show how another run would differ, so no interval is given
     * @param lowSample a tail percentile from too few values beyond it on either side: little more than a maximum
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Change(String figure, Double delta, Double low, Double high, String direction, boolean lowSample) {
        /** Runs a side from which a whole run's figure gets an interval (as compare's drift stage wants). */
        public static final int RUNS_FOR_RUN_FIGURES = 3;

        /** A whole run's figure from too few runs: its change, no interval. */
        public static Change fewRuns(SweepFigure figure, double delta) {
            return new Change(figure.key(), Double.isFinite(delta) ? delta : null, null, null,
                    Double.isFinite(delta) ? "too few runs" : "not measurable", false);
        }

        public static Change of(SweepFigure figure, double delta, double low, double high, boolean lowSample) {
            if (!Double.isFinite(delta) || !Double.isFinite(low) || !Double.isFinite(high)) {
                return new Change(figure.key(), Double.isFinite(delta) ? delta : null, null, null, "not measurable", lowSample);
            }
            String direction = low > 0 ? "higher" : high < 0 ? "lower" : "unclear";
            return new Change(figure.key(), delta, low, high, direction, lowSample);
        }
    }
}
