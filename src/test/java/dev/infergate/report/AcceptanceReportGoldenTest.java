package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.PlanReader;
import dev.infergate.accept.SweepRuns;
import dev.infergate.accept.SweepStep;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.json.Json;
import dev.infergate.analysis.burst.BurstPhases;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacityFit;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.GoldenFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * acceptance.json, acceptance.md and the accept console rebuilt from the recorded accept result
 * (golden/accept-small, see RecordedResultGoldenTest) must stay byte-identical through refactors of the
 * result model. The {@link AcceptResult} is assembled here from the recorded logs the way {@code Acceptance}
 * assembles it during a run (capacity from the probe runs, burst phases from the burst runs, the matrix
 * comparison, the quality comparison, the sweep step from its recorded runs), so no endpoint is needed. An intended change of an output is
 * regenerated with {@code -Dgolden.update=true} in a commit of its own.
 */
class AcceptanceReportGoldenTest {
    private static final Path FIXTURE = Path.of("src/test/resources/dev/infergate/golden/accept-small");
    private static final Path PLAN = Path.of("src/test/resources/dev/infergate/golden/accept-small-plan.yaml");
    private static final Path GOLDEN = Path.of("src/test/resources/dev/infergate/golden/expected");

    @TempDir
    Path tmp;

    @Test
    void acceptanceJsonMarkdownAndConsole_fromTheRecordedResult_matchTheGoldenFiles() throws IOException {
        AcceptResult result = recorded();

        Path json = tmp.resolve("acceptance.json");
        AtomicFiles.writeJson(dev.infergate.analysis.Summarizer.JSON, json, AcceptanceReport.document(result));
        assertGolden("acceptance.json", Files.readString(json));
        assertGolden("acceptance.md", AcceptanceReport.markdown(result));
        assertGolden("accept-console.txt", AcceptanceReport.console(result));
    }

    @Test
    void theSweepStep_analysedAgainFromItsRecordedRuns_isTheDocumentTheStepWrote() throws IOException {
        AcceptPlan plan = PlanReader.read(PLAN.toString(), Files.readString(PLAN));

        SweepDocument again = SweepRuns.analyse(plan, FIXTURE.resolve(SweepStep.DIR));
        if (Boolean.getBoolean("golden.update")) { // the figures' definitions moved: the step would write this now
            again.write(FIXTURE.resolve(SweepStep.DIR));
        }

        assertThat(Json.PRETTY.writeValueAsString(again))
                .isEqualTo(Json.PRETTY.writeValueAsString(SweepDocument.read(FIXTURE.resolve(SweepStep.DIR))));
    }

    static AcceptResult recorded() throws IOException {
        AcceptPlan plan = PlanReader.read(PLAN.toString(), Files.readString(PLAN));
        Map<String, CapacitySearch.Result> capacity = new LinkedHashMap<>();
        for (String side : List.of(ComparisonRun.BASELINE_DIR, ComparisonRun.CANDIDATE_DIR)) {
            capacity.put(side, capacity(plan, FIXTURE.resolve("capacity").resolve(side)));
        }
        // the recorded burst ran at half the highest rate that held (the rule when it was recorded), whatever the fit says now
        double baseRate = capacity.get(ComparisonRun.BASELINE_DIR).steps().stream().filter(CapacitySearch.Step::passed)
                .mapToDouble(CapacitySearch.Step::ratePerSecond).max().orElseThrow() / 2;
        Map<String, AcceptResult.BurstRun> burst = new LinkedHashMap<>();
        for (String side : List.of(ComparisonRun.BASELINE_DIR, ComparisonRun.CANDIDATE_DIR)) {
            burst.put(side, burst(plan, records(FIXTURE.resolve("burst").resolve(side)), baseRate));
        }
        ComparisonRun comparison = ComparisonRun.of(FIXTURE.resolve(ComparisonRun.BASELINE_DIR),
                FIXTURE.resolve(ComparisonRun.CANDIDATE_DIR), plan.criteria(), new Bootstrap(plan.seed()));
        QualityComparison quality = QualityComparison.compare(FIXTURE.resolve("quality").resolve(ComparisonRun.BASELINE_DIR),
                FIXTURE.resolve("quality").resolve(ComparisonRun.CANDIDATE_DIR), QualityCriterion.maxDrop(plan.quality().maxDrop()));
        List<String> caveats = new ArrayList<>(comparison.notes());
        return new AcceptResult(plan, FIXTURE, capacity, Map.of("typical", "concurrency 8"), burst, comparison, caveats, quality,
                null, SweepRuns.analyse(plan, FIXTURE.resolve(SweepStep.DIR)));
    }

    /** The probes as run: each rate's measurement, read through their fit as the search reads them. */
    private static CapacitySearch.Result capacity(AcceptPlan plan, Path sideDir) throws IOException {
        List<CapacitySearch.Step> steps = new ArrayList<>();
        List<Path> probes;
        try (var files = Files.list(sideDir)) {
            probes = files.sorted().toList();
        }
        for (Path probe : probes) {
            double rate = Double.parseDouble(probe.getFileName().toString().split("-")[1]);
            Measurement m = Measurement.of(rate, records(probe), plan.slo());
            boolean passed = m.attainment() >= plan.capacity().target();
            steps.add(new CapacitySearch.Step(rate, m, 1, passed, true));
        }
        CapacityFit fit = CapacityFit.of(plan.capacity().target(), steps.stream()
                .map(s -> new CapacityFit.Probe(s.ratePerSecond(), s.pooled().sent(), s.pooled().good())).toList());
        return CapacitySearch.Result.of(fit, steps, CapacitySearch.Stop.BUDGET);
    }

    /** The burst run cut into before, during and after the step, as during an accept run. */
    private static AcceptResult.BurstRun burst(AcceptPlan plan, List<RequestRecord> records, double baseRate) {
        double peak = baseRate * plan.burst().multiplier();
        long stepStart = plan.burst().before().toNanos();
        BurstPhases phases = BurstPhases.of(records, stepStart, stepStart + plan.burst().during().toNanos(), baseRate, peak,
                plan.slo());
        return new AcceptResult.BurstRun(baseRate, peak, BurstTimeline.of(records), phases.waits(), phases.failures());
    }

    private static List<RequestRecord> records(Path dir) {
        List<RequestRecord> out = new ArrayList<>();
        RunLog.read(dir, out::add);
        return out;
    }

    private static void assertGolden(String name, String actual) throws IOException {
        GoldenFiles.assertGolden(GOLDEN.resolve(name), actual);
    }
}
