package dev.infergate.cli;

import dev.infergate.analysis.ShardRule;
import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import dev.infergate.record.ShardMerge;
import dev.infergate.report.ConsoleSummary;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate merge --out DIR SHARD...}: one run from the directories of its shards. */
@Command(name = "merge", header = "Merges the shards of one run into one run directory.", mixinStandardHelpOptions = true,
        description = "Merges the run directories of a sharded run (workers started with --shard I/N and one --start-at) "
                + "into one run directory, and summarises it: records are concatenated without loss.")
public final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The merged run directory (must not hold a run).")
    Path out;

    @Parameters(paramLabel = "SHARD", arity = "1..*", description = "The run directories of the shards.")
    List<Path> shards = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (Files.exists(out.resolve(RunLog.REQUESTS_FILE))) {
            throw UserError.usage(out + " already holds a run; pass another --out");
        }
        try {
            RunDocument first = RunDocument.read(shards.get(0)); // its keys, of any version, kept as they are
            List<String> incomplete = new ArrayList<>();
            for (Path shard : shards) {
                RunDocument other = RunDocument.read(shard);
                if (!ShardRule.complete(shard, other)) {
                    incomplete.add("shard " + shard + " did not run to its end"); // the first one too
                }
                String differs = ShardRule.disagreement(first, other);
                if (differs != null) {
                    throw UserError.usage(shard + " differs from " + shards.get(0) + " in '" + differs
                            + "': these are not shards of one run");
                }
            }
            Files.createDirectories(out);
            first.withPartialReason(incomplete.isEmpty() ? null : String.join("; ", incomplete)) // one partial shard
                    .withShards(shards.stream().map(Path::toString).toList()).write(out);      // makes the run partial
            ShardMerge.mergeRecords(shards, out);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        Summary summary = Summarizer.write(out);
        spec.commandLine().getOut().print(TerminalText.sanitizeLines(ConsoleSummary.render(summary)));
        spec.commandLine().getOut().println("merged " + shards.size() + " shards: " + out.resolve("summary.json"));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
