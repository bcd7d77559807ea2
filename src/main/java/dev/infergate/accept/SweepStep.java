package dev.infergate.accept;

import dev.infergate.analysis.sweep.LevelCount;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;

/**
 * A plan's {@code sweep:} step (docs/acceptance.md, "A load sweep in the plan"): one work shape at a list of loads on
 * both sides, interleaved per level as {@code infergate sweep} runs it ({@link SweepRuns}), into {@code OUT/sweep/}.
 * Its per-level changes and their intervals are shown beside the decision; they do not enter the verdict, which the
 * matrix's criteria make.
 *
 * @param levels   the levels (a list, or auto from a start)
 * @param preset   the work shape
 * @param prefix   fresh or shared prompts
 * @param requests measured requests per level, side and repeat ({@code 40} or {@code 4x})
 * @param warmup   warm-up requests before each run
 * @param repeats  independent runs per level and side
 * @param gpus     GPUs (or replicas) per side, for output tok/s per GPU; 0 when not given (then 1, and said so)
 * @param target   the SLO attainment a level must hold (the plan's SLO), e.g. 0.95; auto levels stop below it
 */
public record SweepStep(SweepLevels levels, Preset preset, PrefixMode prefix, LevelCount requests, LevelCount warmup,
        int repeats, int gpus, double target) {
    /** The step's folder under the accept result. */
    public static final String DIR = "sweep";

    public SweepStep {
        if (levels == null || preset == null || prefix == null || requests == null || warmup == null) {
            throw new IllegalArgumentException("a sweep step needs its levels, workload, prefix, requests and warmup");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats (" + repeats + ") must be >= 1");
        }
        if (gpus < 0) {
            throw new IllegalArgumentException("gpus (" + gpus + ") must be >= 1");
        }
        if (!(target > 0 && target < 1)) {
            throw new IllegalArgumentException("target (" + target + ") must be a share below 1, e.g. 0.95");
        }
    }
}
