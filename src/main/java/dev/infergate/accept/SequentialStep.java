package dev.infergate.accept;

import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code --until-decided} step of an acceptance: {@link UntilDecided} over the real runs. Each look re-reads
 * both sides' run directories and compares them with the look's confidence; the final comparison keeps every
 * earlier decision and says in a note how it was reached.
 */
final class SequentialStep {
    /** Runs repeat {@code k} of a condition on both sides. */
    interface Repeat {
        void run(String condition, int k) throws RunService.SetupException, IOException;
    }

    private final AcceptPlan plan;
    private final Path out;
    private final UntilDecided.Settings settings;
    private final Consumer<String> progress;
    private final Repeat repeat;
    private ComparisonRun last;
    private UntilDecided.Outcome outcome;

    SequentialStep(AcceptPlan plan, Path out, UntilDecided.Settings settings, Consumer<String> progress, Repeat repeat) {
        this.plan = plan;
        this.out = out;
        this.settings = settings;
        this.progress = progress;
        this.repeat = repeat;
    }

    /** Takes the looks; {@code matrixNanos} is what the plan's own matrix took (the first guess of the pace). */
    UntilDecided.Outcome run(long matrixNanos) throws RunService.SetupException, IOException {
        Map<String, Integer> repeats = new LinkedHashMap<>();
        plan.conditions().forEach(c -> repeats.put(c, plan.repeats()));
        UntilDecided.Looks looks = new UntilDecided.Looks() {
            @Override
            public void addRepeat(String condition, int k) throws RunService.SetupException, IOException {
                repeat.run(condition, k);
            }

            @Override
            public Comparison.Result judge(double confidence, int resamples) {
                progress.accept(String.format(Locale.ROOT, "until decided: comparing at %.2f %% confidence", confidence * 100));
                last = ComparisonRun.of(out.resolve(ComparisonRun.BASELINE_DIR), out.resolve(ComparisonRun.CANDIDATE_DIR),
                        plan.criteria(), new Bootstrap(resamples, confidence, plan.seed()), plan.runToRunAllowance());
                return last.result();
            }
        };
        long perRepeat = matrixNanos / Math.max(1, (long) plan.conditions().size() * plan.repeats());
        outcome = new UntilDecided(settings, looks, plan.requests(), plan.runToRunAllowance(), System::nanoTime, progress).run(repeats, perRepeat);
        return outcome;
    }

    /** The final comparison: the last look's, with every decision kept from the look that made it. */
    ComparisonRun comparison() {
        List<String> notes = new ArrayList<>(last.notes());
        notes.add(String.format(Locale.ROOT, "until decided: %d look(s), each judged with intervals at %.2f %% (Bonferroni"
                + " over at most %d looks holds the error rate at %.0f %%); a criterion keeps the verdict of the look that"
                + " decided it; %s", outcome.looks(), outcome.spending().confidenceAt(1) * 100, outcome.spending().maxLooks(),
                outcome.spending().alpha() * 100, outcome.stop().reason()));
        return new ComparisonRun(outcome.result(), last.environment(), notes);
    }
}
