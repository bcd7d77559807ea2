package dev.infergate.accept;

import dev.infergate.analysis.capacity.CapacityFile;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.record.UrlCredentials;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code capacity: {from: DIR}}: the capacity step's result for both sides read from an earlier accept or capacity
 * folder's capacity.json instead of probed again (docs/acceptance.md, "Reusing a capacity result"). Each side is
 * re-fitted from its probes ({@link CapacityFile}), so the difference and its interval are made as if the step had
 * just run. The file must answer the plan's question: the same target, SLO and workload, and each side measured at
 * the plan's endpoint for it (where the file names one); otherwise the plan is refused before anything runs.
 */
final class ReusedCapacity {
    private ReusedCapacity() {}

    /** Both sides' results ("baseline", "candidate"), read and checked against {@code plan}; progress says where from. */
    static Map<String, CapacitySearch.Result> read(AcceptPlan plan, Consumer<String> progress) throws RunService.SetupException {
        AcceptPlan.Capacity.From from = plan.capacity().from();
        Map<String, CapacitySearch.Result> out = new LinkedHashMap<>();
        out.put(ComparisonRun.BASELINE_DIR, side(plan, ComparisonRun.BASELINE_DIR, from.baseline(), plan.baseline(), progress));
        out.put(ComparisonRun.CANDIDATE_DIR, side(plan, ComparisonRun.CANDIDATE_DIR, from.candidate(), plan.candidate(), progress));
        return out;
    }

    /** The caveat the report carries: where the capacity came from, and that it was not measured in this run. */
    static String caveat(AcceptPlan plan) {
        AcceptPlan.Capacity.From from = plan.capacity().from();
        return "capacity reused from " + (from.baseline().equals(from.candidate()) ? from.baseline()
                : "baseline " + from.baseline() + ", candidate " + from.candidate())
                + " (capacity.json, re-fitted from its probes): not probed again in this run";
    }

    private static CapacitySearch.Result side(AcceptPlan plan, String role, Path dir, AcceptPlan.Side side,
            Consumer<String> progress) throws RunService.SetupException {
        CapacityFile file;
        try {
            file = CapacityFile.read(dir);
        } catch (IllegalArgumentException e) {
            throw refused(e.getMessage());
        } catch (IOException e) {
            throw new RunService.SetupException("capacity.from: cannot read " + dir.resolve(CapacityFile.NAME) + ": " + e.getMessage(),
                    false, e);
        }
        String name = file.sides().containsKey(role) ? role : file.sides().size() == 1 ? file.sides().keySet().iterator().next() : null;
        if (name == null) {
            throw refused(dir.resolve(CapacityFile.NAME) + " holds no " + role + " side (it has " + String.join(", ", file.sides().keySet()) + ")");
        }
        String why = mismatch(plan, file, name, side);
        if (why != null) {
            throw refused(dir.resolve(CapacityFile.NAME) + " does not answer this plan's capacity question: " + why
                    + "; probe again (remove capacity.from) or point it at a result of the same question");
        }
        CapacitySearch.Result r = file.sides().get(name).result();
        progress.accept(String.format(Locale.ROOT, "capacity %s: reused from %s (%s, %d probes): %,.0f requests/hour, not probed again",
                role, dir, name, r.steps().size(), r.requestsPerHour()));
        return r;
    }

    /** Why {@code file}'s side {@code name} cannot stand for {@code side} of {@code plan}, or null. */
    static String mismatch(AcceptPlan plan, CapacityFile file, String name, AcceptPlan.Side side) {
        AcceptPlan.Capacity c = plan.capacity();
        if (Math.abs(file.target() - c.target()) > 1e-9) {
            return String.format(Locale.ROOT, "its target is %.4g, the plan's %.4g", file.target(), c.target());
        }
        if (!file.slo().equals(plan.slo().text())) {
            return "its SLO is " + file.slo() + ", the plan's " + plan.slo().text();
        }
        if (file.workload() != null && !file.workload().equals(c.workloadText())) {
            return "its workload is " + file.workload() + ", the plan's " + c.workloadText();
        }
        String url = file.endpoints().get(name);
        if (url != null && side.url() != null && !url.equals(UrlCredentials.redacted(side.url()))) {
            return "its " + name + " was measured at " + url + ", the plan's side is at " + UrlCredentials.redacted(side.url());
        }
        return null;
    }

    private static RunService.SetupException refused(String message) {
        return new RunService.SetupException("capacity.from: " + message, true, null);
    }
}
