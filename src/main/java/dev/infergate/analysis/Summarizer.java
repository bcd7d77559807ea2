package dev.infergate.analysis;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Builds {@code summary.json} from a run directory's {@code run.json} and {@code requests.jsonl} alone:
 * the same function runs at the end of {@code infergate run} and in {@code infergate summarize}, so a
 * crashed or killed run can be summarised afterwards with identical figures.
 */
public final class Summarizer {
    /** The schema id of summary.json; bump the number only for incompatible changes. */
    public static final String SCHEMA = "infergate.summary/1";
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Summarizer() {}

    /**
     * A summary with the figures it came from.
     *
     * @param document the summary.json document
     * @param measured the figures over every measured request (warm-up excluded)
     */
    public record Summary(Map<String, Object> document, Figures measured) {}

    private static void putIfPresent(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    /** Reads the run and returns the summary as an ordered map (the JSON document). */
    public static Map<String, Object> summarize(Path runDir) {
        return summarize(runDir, r -> { }).document();
    }

    /**
     * Reads the run once: summarises it and also hands every record, warm-up included, to {@code alsoSee}
     * (so a report can collect what it needs in the same read).
     */
    public static Summary summarize(Path runDir, Consumer<RequestRecord> alsoSee) {
        Map<String, Object> run = readRun(runDir);
        Slo slo = Slo.fromMap(asMap(run.get("slo")));
        Figures all = new Figures(slo);
        Figures cold = new Figures(slo);
        Figures warm = new Figures(slo);
        Map<String, Figures> byCondition = new TreeMap<>();
        DeliveryVerdict delivery = new DeliveryVerdict();
        SessionFigures sessions = new SessionFigures();
        ConnectionFigures connections = new ConnectionFigures();
        PromptReconciliation prompts = new PromptReconciliation();
        ClientLag lag = new ClientLag();
        long[] warmup = {0};
        RunLog.Read read = RunLog.read(runDir, r -> {
            alsoSee.accept(r);
            if (!r.measured()) {
                warmup[0]++;
                return;
            }
            lag.add(r);
            Histogram itlGaps = ItlCodec.decodeOrNull(r.itlHistogram()); // once per record: it is the costly part
            all.add(r, itlGaps);
            delivery.add(r, itlGaps);
            sessions.add(r);
            connections.add(r);
            prompts.add(r);
            (r.warmCache() ? warm : cold).add(r, itlGaps);
            if (r.condition() != null) {
                byCondition.computeIfAbsent(r.condition(), c -> new Figures(slo)).add(r, itlGaps);
            }
        });
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("schema", SCHEMA);
        Map<String, Object> runBlock = new LinkedHashMap<>(run);
        runBlock.remove("schema");
        runBlock.put("duration_s", Distribution.round(all.windowSeconds()));
        String partialReason = Completeness.partialReason(run, read);
        runBlock.put("partial", partialReason != null);
        if (partialReason != null) {
            runBlock.put("partial_reason", partialReason);
        }
        if (read.torn()) {
            runBlock.put("torn_last_line", read.tornLine());
        }
        summary.put("run", runBlock);
        summary.put("client_limited", lag.limited());
        summary.putAll(all.toMap(warmup[0]));
        summary.put("client", lag.toMap());
        Map<String, Object> split = new LinkedHashMap<>();
        split.put("cold", cold.toMap(0));
        split.put("warm", warm.toMap(0));
        summary.put("by_cache", split);
        putIfPresent(summary, "prompt_tokens_vs_intended", prompts.toMap());
        putIfPresent(summary, "connections", connections.toMap());
        summary.put("delivery", Boolean.FALSE.equals(run.get("stream"))
                ? Map.of("verdict", "not_streamed") : delivery.toMap());
        Map<String, Object> server = ServerMetricsSummary.summarize(runDir, all.windowStartNanos(), all.windowEndNanos());
        if (server != null) {
            summary.put("server", server);
        }
        Map<String, Object> gpu = GpuSummary.summarize(runDir, all.windowStartNanos(), all.windowEndNanos(),
                ((Number) asMap(summary.get("throughput")).get("output_tokens_per_s")).doubleValue());
        if (gpu != null) {
            summary.put("gpu", gpu); // DCGM: output tokens per second per watt and per GPU
        }
        if (!sessions.isEmpty()) {
            summary.put("sessions", sessions.toMap(SessionFigures.turnsPerSession(run)));
        }
        if (!byCondition.isEmpty()) {
            Map<String, Object> conditions = new LinkedHashMap<>();
            byCondition.forEach((k, v) -> conditions.put(k, v.toMap(0)));
            summary.put("by_condition", conditions);
        }
        MissingFigures.mask(summary, run); // an imported run: what its file does not carry is missing, never invented
        return new Summary(summary, all);
    }

    /** Summarises {@code runDir} and writes its summary.json; returns the summary. */
    public static Map<String, Object> write(Path runDir) {
        Map<String, Object> summary = summarize(runDir);
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

    /** Reads run.json; throws IllegalArgumentException when it is missing or not JSON. */
    public static Map<String, Object> readRun(Path runDir) {
        Path file = runDir.resolve(RunLog.RUN_FILE);
        try {
            return JSON.readValue(Files.readString(file), new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + " does not exist; is " + runDir + " a run directory?", e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) { // its getMessage() spans lines
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not valid UTF-8 text; is it a run.json written by infergate?", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }
}
