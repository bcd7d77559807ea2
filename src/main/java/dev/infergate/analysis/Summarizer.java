package dev.infergate.analysis;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.ItlGaps;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Builds {@code summary.json} from a run directory's {@code run.json} and {@code requests.jsonl} alone:
 * the same function runs at the end of {@code infergate run} and in {@code infergate summarize}, so a
 * crashed or killed run can be summarised afterwards with identical figures.
 */
public final class Summarizer {
    /** The schema id of summary.json; bump the number only for incompatible changes. */
    public static final String SCHEMA = "infergate.summary/1";
    /** The shared mapper for result files; prefer {@link Json#PRETTY}. */
    public static final ObjectMapper JSON = Json.PRETTY;

    private Summarizer() {}

    /**
     * A summary with the figures it came from.
     *
     * @param summary  summary.json
     * @param measured the figures over every measured request (warm-up excluded), with their histograms
     */
    public record Read(Summary summary, Figures measured) {}

    /** Reads the run and returns its summary. */
    public static Summary summarize(Path runDir) {
        return summarize(runDir, r -> { }).summary();
    }

    /**
     * Reads the run once: summarises it and also hands every record, warm-up included, to {@code alsoSee}
     * (so a report can collect what it needs in the same read).
     */
    public static Read summarize(Path runDir, Consumer<RequestRecord> alsoSee) {
        RunDocument run = RunDocument.read(runDir);
        Slo slo = Slo.of(run.slo()).applicable(run.generates());
        Figures all = new Figures(slo);
        Figures cold = new Figures(slo);
        Figures warm = new Figures(slo);
        Map<String, Figures> byCondition = new TreeMap<>();
        DeliveryVerdict delivery = new DeliveryVerdict();
        SessionFigures sessions = new SessionFigures();
        ConnectionFigures connections = new ConnectionFigures();
        PromptReconciliation prompts = new PromptReconciliation();
        ClientLag lag = new ClientLag();
        ReasoningFigures reasoning = new ReasoningFigures();
        InputFigures inputs = new InputFigures();
        long[] warmup = {0};
        long[] cooldown = {0};
        ItlGaps gaps = new ItlGaps();
        RunLog.Read read = RunLog.read(runDir, r -> {
            alsoSee.accept(r);
            if (!r.measured()) {
                (r.phase() == Phase.COOLDOWN ? cooldown : warmup)[0]++;
                return;
            }
            lag.add(r);
            ItlGaps itlGaps = gaps.read(r.events().itlHistogram()) ? gaps : null; // once per record, reused (ItlGaps says why)
            all.add(r, itlGaps);
            delivery.add(r, itlGaps);
            sessions.add(r);
            reasoning.add(r);
            connections.add(r);
            prompts.add(r);
            inputs.add(r);
            (r.warmCache() ? warm : cold).add(r, itlGaps);
            if (r.condition() != null) {
                byCondition.computeIfAbsent(r.condition(), c -> new Figures(slo)).add(r, itlGaps);
            }
        });
        SummaryRun runBlock = SummaryRun.of(run, Distribution.round(all.windowSeconds()),
                Completeness.partialReason(run, read), read.torn() ? read.tornLine() : null);
        Map<String, FigureSet> conditions = new LinkedHashMap<>();
        byCondition.forEach((k, v) -> conditions.put(k, v.figures(0)));
        Summary summary = new Summary(SCHEMA, runBlock, lag.limited(), all.figures(warmup[0], cooldown[0]), lag.figures(),
                new Summary.ByCache(cold.figures(0), warm.figures(0)), prompts.figures(), connections.figures(),
                Boolean.FALSE.equals(run.stream()) ? DeliveryVerdict.Figures.notStreamed() : delivery.figures(),
                ServerMetricsSummary.summarize(runDir, all.windowStartNanos(), all.windowEndNanos()),
                sessions.isEmpty() ? null : sessions.figures(run.turnsPerSession()), conditions,
                GpuSummary.summarize(runDir, all.windowStartNanos(), all.windowEndNanos(),
                        summaryThroughput(all, warmup[0])), null, reasoning.isEmpty() ? null : reasoning.figures(),
                inputs.figures(all.windowSeconds()));
        summary = MissingFigures.mask(summary, run.imported()); // an imported run: what its file does not carry is missing, never invented
        return new Read(summary, all);
    }

    /** The output tokens per second of the measured requests, for the GPU figures per watt and per GPU. */
    private static double summaryThroughput(Figures all, long warmup) {
        return all.figures(warmup).throughput().outputTokensPerS();
    }

    /** Summarises {@code runDir} and writes its summary.json; returns the summary. */
    public static Summary write(Path runDir) {
        Summary summary = summarize(runDir);
        try {
            AtomicFiles.writeJson(JSON, runDir.resolve(RunLog.SUMMARY_FILE), summary);
        } catch (IOException e) {
            throw new UncheckedIOException(cannotWrite(runDir.resolve(RunLog.SUMMARY_FILE), e), e);
        }
        return summary;
    }

    /** "disk full at PATH" when the device is full, else "cannot write PATH (cause)": one line for the user. */
    public static String cannotWrite(Path file, IOException e) {
        return String.valueOf(e.getMessage()).contains("No space left on device") ? "disk full at " + file
                : "cannot write " + file + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
    }
}
