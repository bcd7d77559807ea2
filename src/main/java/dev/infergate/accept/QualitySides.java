package dev.infergate.accept;

import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.client.Preflight;
import dev.infergate.quality.QualityPlan;
import dev.infergate.quality.QualityRun;
import dev.infergate.quality.eval.EvalSet;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** The quality step of an acceptance: the plan's eval set run on both sides, written under {@code out/quality/}. */
final class QualitySides {
    private QualitySides() {}

    /** The same eval set on both sides, greedy, then compared item by item (docs/quality.md). */
    static QualityComparison run(AcceptPlan plan, QualityStep step, Path out, Consumer<String> progress)
            throws RunService.SetupException, IOException {
        QualityPlan qp;
        QualityCriterion criterion;
        try {
            qp = QualityPlan.of(EvalSet.load(step.eval(), step.seed(), step.items()))
                    .withConcurrency(step.concurrency()).withMaxTokens(step.maxTokens());
            criterion = QualityCriterion.maxDrop(step.maxDrop());
        } catch (IllegalArgumentException e) {
            throw new RunService.SetupException("quality: " + e.getMessage(), true, e);
        }
        Path[] dirs = new Path[2];
        AcceptPlan.Side[] sides = {plan.baseline(), plan.candidate()};
        String[] names = {ComparisonRun.BASELINE_DIR, ComparisonRun.CANDIDATE_DIR};
        for (int i = 0; i < 2; i++) {
            progress.accept("quality: " + step.eval() + " on the " + names[i]);
            dirs[i] = out.resolve("quality").resolve(names[i]);
            try {
                QualityRun.run(SideRunner.endpoint(sides[i]), qp, dirs[i]);
            } catch (Preflight.Failure f) {
                throw new RunService.SetupException(f.getMessage(), false, f);
            }
        }
        QualityComparison q =
                QualityComparison.compare(dirs[0], dirs[1], criterion);
        q.write(out.resolve("quality").resolve(QualityComparison.FILE));
        return q;
    }
}
