package dev.infergate.cli;

import dev.infergate.client.Preflight;
import dev.infergate.quality.QualityPlan;
import dev.infergate.quality.QualityRun;
import dev.infergate.quality.eval.BundledEval;
import dev.infergate.quality.eval.EvalSet;
import dev.infergate.report.QualityText;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code infergate quality}: asks one endpoint an evaluation set with deterministic sampling and scores it. */
@Command(name = "quality", header = "Are the answers right? A greedy eval set scored per item.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Asks an endpoint every item of an evaluation set (temperature 0, fixed seed, no streaming: an answer must "
                + "arrive whole within --ttft-timeout and --timeout), "
                + "scores each answer and writes OUT/quality.json (accuracy with a 95%% interval) and OUT/quality-items.jsonl "
                + "(one line per item). Compare two such directories with 'infergate quality-compare'. See docs/quality.md."})
public final class QualityCommand extends SendingCommand {
    @Option(names = "--eval", defaultValue = "arithmetic", paramLabel = "NAME|FILE",
            description = "A bundled set (arithmetic, word-problems, multiple-choice) or a JSONL file of items. Default: ${DEFAULT-VALUE}.")
    String eval;

    @Option(names = "--items", paramLabel = "N",
            description = "How many items: generated for a bundled set (default 100), the first N of a file (default all).")
    Integer items;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "The seed a bundled set is generated from; the same seed and --items give the same questions. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--sampling-seed", defaultValue = "0", paramLabel = "N",
            description = "The 'seed' sent with every request, for servers that honour it. Default: ${DEFAULT-VALUE}.")
    long samplingSeed;

    @Option(names = "--max-tokens", defaultValue = "64", paramLabel = "N",
            description = "The output limit per answer; answers cut short usually score wrong. Default: ${DEFAULT-VALUE}.")
    int maxTokens;

    @Option(names = "--top-logprobs", defaultValue = "0", paramLabel = "K",
            description = "Ask for the top K log-probabilities per output token (1 to 20), so a comparison can show how far two servers' "
                    + "distributions drift apart; 0: do not ask. Default: ${DEFAULT-VALUE}.")
    int topLogprobs;

    @Option(names = "--concurrency", defaultValue = "8", paramLabel = "N",
            description = "Requests in flight at once (saves time only; this is not a load test). Default: ${DEFAULT-VALUE}.")
    int concurrency;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Override
    public Integer call() {
        QualityPlan plan = plan();
        Path dir = Reports.created(out.dir());
        if (Files.exists(dir.resolve("quality.json"))) {
            throw UserError.usage(dir + " already holds a quality run; pass another --out or remove it");
        }
        QualityRun.Result result;
        try {
            result = QualityRun.run(endpoint.chatOrCompletionsEndpoint("quality"), plan, dir);
        } catch (Preflight.Failure e) {
            throw UserError.cannotRun(e.getMessage(), e);
        } catch (IOException e) {
            throw UserError.cannotRun("cannot write the results to " + dir + ": " + e.getMessage(), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.print(TerminalText.sanitizeLines(QualityText.render(result.summary())));
        o.println("results: " + dir.resolve("quality.json") + " (per item: " + dir.resolve("quality-items.jsonl") + ")");
        o.flush();
        if (result.summary().errors() == plan.evalSet().items().size()) {
            throw UserError.cannotRun("every request failed; see " + dir.resolve("quality-items.jsonl") + " for each error");
        }
        return ExitCode.OK.code();
    }

    QualityPlan plan() {
        try {
            int size = items != null ? items : BundledEval.isBundled(eval) ? 100 : 0;
            if (items != null && items < 1) {
                throw new IllegalArgumentException("--items (" + items + ") must be >= 1");
            }
            Duration perAnswer = endpoint.timeouts.wholeAnswer();
            return new QualityPlan(EvalSet.load(eval, seed, size), concurrency, maxTokens, samplingSeed, topLogprobs, perAnswer,
                    endpoint.apiKeyEnv());
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
