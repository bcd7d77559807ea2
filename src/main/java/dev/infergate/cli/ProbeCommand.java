package dev.infergate.cli;

import dev.infergate.analysis.Summarizer;
import dev.infergate.probe.Probe;
import dev.infergate.probe.ProbePlan;
import dev.infergate.probe.ProbeReport;
import dev.infergate.record.RunDocument;
import dev.infergate.report.ConsoleSummary;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code infergate probe}: checks how an endpoint streams and caches, in a minute or two, with evidence. */
@Command(name = "probe", header = "Does the endpoint really stream? Cold vs warm cache.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Checks an OpenAI-compatible endpoint as users feel it: whether streaming is incremental, bursty "
                + "or buffered; TTFT and effective tok/s cold (unique prefix) vs warm (the same prompt again, and a "
                + "shared prefix with a new suffix); whether cached tokens, the usage chunk, [DONE], "
                + "continuous_usage_stats, /tokenize, reasoning and tool-call deltas are there. Figures are medians "
                + "over several requests, sent one at a time. Writes OUT/probe.json and OUT/requests.jsonl.",
                "Exit code 0 when streaming is incremental or bursty, 1 when it is buffered, 3 when every request failed."})
public final class ProbeCommand extends SendingCommand {
    @Option(names = "--rounds", defaultValue = "5", paramLabel = "N",
            description = "Rounds of cold, warm-repeat and warm-prefix requests (3 requests each). Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = {"--input-tokens", "--isl"}, defaultValue = "2000", paramLabel = "N",
            description = "Length of the long prompt, so a prefix cache makes a visible difference. Default: ${DEFAULT-VALUE}.")
    int inputTokens;

    @Option(names = {"--output-tokens", "--osl"}, defaultValue = "64", paramLabel = "N",
            description = "Output tokens per request, enough to judge delivery. Default: ${DEFAULT-VALUE}.")
    int outputTokens;

    @Mixin
    LabelOptions labels = new LabelOptions();

    @Mixin
    OutputOptions out = new OutputOptions();

    @Override
    public Integer call() throws IOException {
        ProbePlan plan = plan();
        Reports.created(plan.out());
        ProbeReport report;
        try {
            report = Probe.run(plan);
        } catch (Probe.SetupException e) {
            throw new UserError(ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.print(TerminalText.sanitizeLines(
                ConsoleSummary.baseUrlNote(RunDocument.read(plan.out()))));
        o.print(TerminalText.sanitizeLines(report.render()));
        o.println("details: " + plan.out().resolve("probe.json"));
        Summarizer.write(plan.out());
        Reports.html(List.of(plan.out()), plan.out().resolve("report.html"), o, spec.commandLine().getErr());
        o.flush();
        if (report.everyRequestFailed()) {
            throw UserError.cannotRun("every probe request failed (" + report.failureCounts() + "), so nothing about "
                    + "the endpoint's streaming or caching could be told; see " + plan.out().resolve("requests.jsonl")
                    + " for each error");
        }
        return report.failed() ? ExitCode.REJECTED.code() : ExitCode.OK.code();
    }

    ProbePlan plan() {
        Path dir = out.dir();
        try {
            return new ProbePlan(endpoint.chatOrCompletionsEndpoint("probe"), dir, rounds, inputTokens, outputTokens, endpoint.timeouts.timeouts(),
                    endpoint.apiKeyEnv(), endpoint.apiKeySet(), labels.labels());
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
