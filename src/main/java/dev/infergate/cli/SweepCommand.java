package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.SweepRuns;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.sweep.LevelCount;
import dev.infergate.analysis.sweep.SweepAnalysis;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepErrorRule;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.client.Endpoint;
import dev.infergate.report.SweepReport;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code infergate sweep}: one work shape at a list of loads, on one endpoint or a baseline and a candidate. */
@Command(name = "sweep", header = "One work shape at a list of loads, one or two sides.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs one work shape at a list of loads (--concurrency 1,4,16,64 or --rate 2,4,8,16, or --levels auto: "
                + "doubling until the SLO breaks on every side) on --base-url, or on it and --candidate-url interleaved per "
                + "level with the same seed and prompts. Each level and repeat is a normal run under OUT/SIDE/LEVEL/rK; "
                + "OUT/sweep.json holds every level's figures and, with two sides, each level's change with its interval "
                + "(Bonferroni over the levels); OUT/report.html draws the frontier (output tok/s per GPU against tok/s per "
                + "user) and TTFT and E2E against throughput (docs/workloads.md, \"Load sweeps\").",
                "Exit code: 0 when every level ran."})
public final class SweepCommand extends SendingCommand {
    @Option(names = "--candidate-url", paramLabel = "URL",
            description = "A second endpoint, the candidate: every level runs on both, interleaved, with the same requests, "
                    + "and each level's change is printed with its interval. The --base-url's options (headers, TLS, "
                    + "--api, time limits) apply to both. Default: one endpoint, no comparison.")
    String candidateUrl;

    @Option(names = "--candidate-model", paramLabel = "ID",
            description = "The candidate's model id, when it differs from --model. Default: --model, else the first id the "
                    + "candidate lists at /models.")
    String candidateModel;

    @Option(names = "--concurrency", paramLabel = "N,N,...",
            description = "Closed-loop levels: users each sending their next request when the last finished, e.g. 1,4,16,64 "
                    + "(with --levels auto: the first level).")
    String concurrency;

    @Option(names = "--rate", paramLabel = "R,R,...",
            description = "Open-loop levels: Poisson arrivals per second, e.g. 2,4,8,16 (with --levels auto: the first level).")
    String rate;

    @Option(names = "--levels", defaultValue = "listed", paramLabel = "listed|auto",
            description = "listed: the levels given; auto: from the one level given (default concurrency 1), double until a "
                    + "level breaks the SLO on every side (attainment below --target, failures counted as misses) or "
                    + "--max-levels ran. Default: ${DEFAULT-VALUE}.")
    String levelsMode;

    @Option(names = "--max-levels", defaultValue = "8", paramLabel = "N",
            description = "With --levels auto: the most levels. Declared before the first level, it sets every interval's "
                    + "confidence (1 - 5%% / N). Default: ${DEFAULT-VALUE}.")
    int maxLevels;

    @Option(names = "--preset", defaultValue = "short-chat", paramLabel = "short-chat|long-doc|long-output",
            description = "A named work shape from the acceptance plan (token counts in docs/workloads.md). Default: ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--prefix", defaultValue = "fresh", paramLabel = "fresh|shared",
            description = "fresh: every prompt starts with unique text, so no prefix cache can help; shared: prompts start with one of a few long common prefixes. Default: ${DEFAULT-VALUE}.")
    String prefix;

    @Option(names = "--requests", defaultValue = "8x", paramLabel = "N|Kx",
            description = "Measured requests per level, side and repeat: N, or K per unit of the level (4x: 4 per user at a "
                    + "concurrency, 4 seconds' worth at a rate). Default: ${DEFAULT-VALUE}.")
    String requests;

    @Option(names = "--warmup", defaultValue = "1x", paramLabel = "N|Kx",
            description = "Warm-up requests before each run, recorded and left out of the figures: N, or K per unit of the "
                    + "level (1x: the first wave of users, whose prompts all arrive at once). Default: ${DEFAULT-VALUE}.")
    String warmup;

    @Option(names = "--repeats", defaultValue = "1", paramLabel = "N",
            description = "Independent runs per level and side, interleaved; from 3 the intervals see the drift between runs. "
                    + "Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(names = "--gpus", defaultValue = "0", paramLabel = "N",
            description = "GPUs (or replicas) each side serves with: the frontier's output tok/s per GPU is output tok/s / N. "
                    + "Default: 1, and the report says it was not given.")
    int gpus;

    @Option(names = "--target", defaultValue = "0.95", paramLabel = "SHARE", converter = ShareConverter.class,
            description = "SLO attainment to hold: the share of requests sent that complete within the SLO (0.95 or 95%%). Default: ${DEFAULT-VALUE}."
                    + " In a sweep, --levels auto stops once every side fell below it.")
    double target;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seed of the prompts, the arrivals and the bootstrap: the same on both sides. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Mixin
    SloOptions slo = new SloOptions();

    @Option(names = "--no-progress", description = "Do not show each run's live view on a terminal (the step lines stay).")
    boolean noProgress;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Override
    public Integer call() throws IOException {
        SweepLevels levels = levels();
        Endpoint base = endpoint.endpoint();
        Endpoint cand = candidate(base);
        SweepRuns.Settings settings = settings(levels, cand != null);
        AcceptPlan plan = plan(base, cand);
        Path dir = Reports.created(out.dir());
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter o = spec.commandLine().getOut();
        SweepDocument doc;
        try {
            doc = SweepRuns.run(plan, settings, SweepRuns.endpoints(plan, base, cand), endpoint.apiKeyEnv(),
                    endpoint.apiKeySet(), dir, LiveRuns.onStderr(err, "infergate: sweep ", TerminalText::sanitize, !noProgress));
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        o.print(TerminalText.sanitizeLines(SweepReport.console(doc)));
        o.println("sweep: " + dir.resolve(SweepDocument.FILE));
        o.println("runs: " + dir + " (SIDE/LEVEL/rK)");
        Reports.html(List.of(dir), dir.resolve("report.html"), o, err);
        return ExitCode.OK.code();
    }

    /** The levels from --concurrency or --rate and --levels. */
    SweepLevels levels() {
        if (concurrency != null && rate != null) {
            throw UserError.usage("give --concurrency or --rate, not both: a sweep varies one kind of load");
        }
        boolean auto = switch (levelsMode) {
            case "auto" -> true;
            case "listed" -> false;
            default -> throw UserError.usage("--levels '" + levelsMode + "' is neither listed nor auto");
        };
        if (concurrency == null && rate == null && !auto) {
            throw UserError.usage("give the levels: --concurrency 1,4,16,64 or --rate 2,4,8,16 (or --levels auto)");
        }
        SweepLevels.Kind kind = rate != null ? SweepLevels.Kind.RATE : SweepLevels.Kind.CONCURRENCY;
        String list = rate != null ? rate : concurrency != null ? concurrency : "1";
        if (auto && maxLevels < 1) {
            throw UserError.usage("--max-levels (" + maxLevels + ") must be >= 1");
        }
        try {
            return SweepLevels.parse(kind, list, auto, maxLevels);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private SweepRuns.Settings settings(SweepLevels levels, boolean twoSides) {
        if (repeats < 1) {
            throw UserError.usage("--repeats (" + repeats + ") must be >= 1");
        }
        if (gpus < 0) {
            throw UserError.usage("--gpus (" + gpus + ") must be >= 1");
        }
        Slo targets = slo.slo();
        List<String> sides = new ArrayList<>(List.of(ComparisonRun.BASELINE_DIR));
        if (twoSides) {
            sides.add(ComparisonRun.CANDIDATE_DIR);
        }
        try {
            SweepAnalysis analysis = new SweepAnalysis(sides, gpus == 0 ? 1 : gpus,
                    gpus == 0 ? "the default: --gpus not given" : "--gpus", targets.text(), target,
                    new SweepErrorRule(levels.planned(), SweepErrorRule.DEFAULT_FAMILY_ERROR), seed, levels.auto());
            return new SweepRuns.Settings(levels, Preset.parse(preset), PrefixMode.parse(prefix),
                    LevelCount.parse("--requests", requests, false), LevelCount.parse("--warmup", warmup, true), repeats, analysis);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** The candidate: the base endpoint's options at --candidate-url (and --candidate-model), or null. */
    private Endpoint candidate(Endpoint base) {
        if (candidateUrl == null) {
            if (candidateModel != null) {
                throw UserError.usage("--candidate-model names the candidate's model; give --candidate-url too");
            }
            return null;
        }
        try {
            Endpoint c = base.withBaseUrl(new URI(candidateUrl.trim()));
            return candidateModel != null ? c.withModel(candidateModel) : c;
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw UserError.usage("--candidate-url '" + candidateUrl + "' is not a URL; write it like http://127.0.0.1:8001/v1");
        }
    }

    /**
     * The plan the sweep's runs take their seed, SLO, time limits, drain time and tokenizer from (the runner of
     * {@code accept} reads them there). Its matrix is never run: one placeholder load, since a plan must hold one; the
     * sweep's levels, counts and repeats are its own ({@link SweepRuns.Settings}).
     */
    private AcceptPlan plan(Endpoint base, Endpoint cand) {
        String api = base.api().key();
        AcceptPlan.Side b = new AcceptPlan.Side(base.baseUrl().toString(), base.model(), api, Map.of());
        AcceptPlan.Side c = cand == null ? b : new AcceptPlan.Side(cand.baseUrl().toString(), cand.model(), api, Map.of());
        try {
            return new AcceptPlan(b, c, List.of(new dev.infergate.accept.MatrixWorkload.Requests(Preset.parse(preset))),
                    List.of(PrefixMode.parse(prefix)), List.of(new AcceptPlan.LoadLevel("sweep", 1, 0, 0)), repeats, 1, 0, seed,
                    slo.slo(), Criteria.DEFAULT, null, null, endpoint.timeouts.timeouts(), Duration.ofSeconds(60), "auto",
                    null, null, 0.15);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
