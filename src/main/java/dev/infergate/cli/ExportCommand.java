package dev.infergate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Summarizer;
import dev.infergate.export.JunitXml;
import dev.infergate.export.RequestCsv;
import dev.infergate.export.SummaryCsv;
import dev.infergate.export.VllmResult;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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

/** {@code infergate export DIR --format csv|vllm|junit}: a run or a verdict in a format other tools read. */
@Command(name = "export", header = "Results for other tools: CSV, vLLM JSON, JUnit XML.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a run or a verdict in a format other tools read (docs/results.md, docs/coming-from.md):",
                "csv: DIR/requests.csv (one row per request: timeline in ms, TTFT, E2E, TPOT, ITL, tokens, outcome) and "
                + "DIR/summary.csv (summary.json flattened to key,value rows).",
                "vllm: DIR/vllm-result.json, the keys of vLLM's 'bench serve --save-result' (mean_ttft_ms, p99_itl_ms, ...)"
                + " computed with vLLM's definitions; --detail adds the per-request arrays of --save-detailed.",
                "junit: DIR/junit.xml from DIR's acceptance.json or comparison.json: one test case per criterion and "
                + "condition (failed: failure, inconclusive: skipped)."})
public final class ExportCommand implements Callable<Integer> {
    /** The formats. */
    enum Format { csv, vllm, junit }

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "A run directory (csv, vllm), or an accept/compare result directory "
            + "(junit; the file acceptance.json or comparison.json itself works too).")
    Path dir;

    @Option(names = "--format", required = true, paramLabel = "FORMAT",
            description = "csv, vllm or junit.")
    Format format;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The directory to write into, as every command's --out names a directory (created when missing):"
                    + " requests.csv and summary.csv, vllm-result.json or junit.xml. Default: DIR (next to the results)."
                    + " A path ending in .json or .xml is still written as that file, with a note (deprecated: use -o).")
    Path out;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "vllm, junit: the file itself, e.g. -o ci/junit.xml (instead of --out).")
    Path output;

    @Option(names = "--detail", description = "vllm: add the per-request arrays (ttfts, itls, latencies, start_times, "
            + "input_lens, output_lens, errors); csv: add each request's inter-token gaps in ms (itl_gaps_ms).")
    boolean detail;

    @Override
    public Integer call() {
        if (!Files.exists(dir)) {
            throw UserError.usage(dir + " does not exist; pass a run directory or an accept/compare result");
        }
        try {
            List<Path> written = switch (format) {
                case csv -> csv();
                case vllm -> List.of(vllm());
                case junit -> List.of(junit(dir, file("junit.xml", ".xml", folder(dir).resolve("junit.xml"))));
            };
            written.forEach(p -> spec.commandLine().getOut().println("wrote " + p));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw UserError.cannotRun("cannot export " + dir + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }

    /** Where a one-file format goes: -o FILE, else --out DIR/NAME, else {@code fallback} (a legacy --out FILE noted). */
    private Path file(String name, String legacySuffix, Path fallback) {
        if (out != null && output != null) {
            throw UserError.usage("give --out DIR (writes DIR/" + name + ") or -o FILE, not both");
        }
        return Reports.fileIn(out, output, name, legacySuffix, fallback, spec.commandLine().getErr());
    }

    private List<Path> csv() throws IOException {
        requireRun();
        if (output != null) {
            throw UserError.usage("csv writes two files (requests.csv, summary.csv): give --out DIR, not -o");
        }
        Path target = out == null ? dir : out;
        Files.createDirectories(target);
        StringWriter requests = new StringWriter();
        RequestCsv.write(dir, requests, detail);
        AtomicFiles.writeString(target.resolve("requests.csv"), requests.toString());
        StringWriter summary = new StringWriter();
        SummaryCsv.write(Summarizer.JSON.valueToTree(Summarizer.summarize(dir)), summary);
        AtomicFiles.writeString(target.resolve("summary.csv"), summary.toString());
        return List.of(target.resolve("requests.csv"), target.resolve("summary.csv"));
    }

    private Path vllm() throws IOException {
        requireRun();
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        Path target = file("vllm-result.json", ".json", dir.resolve("vllm-result.json"));
        AtomicFiles.writeJson(Summarizer.JSON, target, VllmResult.of(RunDocument.read(dir).document(), records, detail));
        return target;
    }

    /**
     * Writes the JUnit XML of the acceptance.json or comparison.json in {@code source} (a directory or the file) to
     * {@code target}; {@code accept --junit} calls it too.
     */
    static Path junit(Path source, Path target) throws IOException {
        Path file = Files.isDirectory(source) ? resultFile(source) : source;
        JsonNode result;
        try {
            result = Summarizer.JSON.readTree(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (result == null || !(result.has("comparison") || result.has("conditions"))) {
            throw new IllegalArgumentException(file + " is neither an acceptance.json nor a comparison.json (no criteria)");
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AtomicFiles.writeString(target, JunitXml.of(result));
        return target;
    }

    private static Path resultFile(Path dir) {
        for (String name : List.of("acceptance.json", "comparison.json")) {
            if (Files.isRegularFile(dir.resolve(name))) {
                return dir.resolve(name);
            }
        }
        throw new IllegalArgumentException(dir + " holds no acceptance.json or comparison.json; pass the --out of "
                + "'infergate accept' or 'infergate compare --out'");
    }

    private static Path folder(Path p) {
        return Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
    }

    private void requireRun() {
        if (!Files.isRegularFile(dir.resolve(RunLog.REQUESTS_FILE)) || !Files.isRegularFile(dir.resolve(RunLog.RUN_FILE))) {
            throw new IllegalArgumentException(dir + " is not a run directory (no run.json and requests.jsonl); csv and "
                    + "vllm export one run");
        }
    }
}
