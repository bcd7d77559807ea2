package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * summary.json (schema {@value Summarizer#SCHEMA}) as a value: built by {@link Summarizer} from a run
 * directory's run.json and requests.jsonl alone, written by the shared JSON mapper, and read by the console,
 * the HTML report and the run command without going back through JSON. Keys follow the contract of
 * docs/results.md: extend, never rename.
 *
 * @param run          run.json as recorded, plus {@code duration_s}, {@code partial} (with its reason) and
 *                     {@code torn_last_line} ({@link SummaryRun})
 * @param clientLimited whether the client fell behind its schedule (see {@link ClientLag})
 * @param figures      every measured request's figures (warm-up excluded); written at the top level
 * @param byCache      the same figures for cold and warm requests apart
 * @param byCondition  the same per condition label; empty when the run had none
 * @param promptTokensVsIntended the server's prompt count against the workload's; null when not known
 * @param connections  connections opened and client retries; null when not recorded
 * @param server       the server's /metrics over the window; null when not scraped
 * @param sessions     agent sessions; null for independent requests
 * @param gpu          GPU figures from a DCGM exporter ({@link GpuSummary}); null without them
 * @param missing      for a run imported from another tool's file, the figures that file does not carry
 *                     ({@code dev.infergate.record.ImportedFrom}); null for infergate's own runs
 * @param reasoning    reasoning models: time to the first reasoning and answer events, token split; null when no
 *                     request streamed reasoning
 * @param inputs       images, audio clips and documents the requests carried ({@link InputFigures}); null for text
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "run", "client_limited", "figures", "client", "by_cache", "prompt_tokens_vs_intended",
    "inputs", "connections", "delivery", "server", "gpu", "sessions", "by_condition", "missing", "reasoning"})
public record Summary(String schema, SummaryRun run, boolean clientLimited, @JsonUnwrapped FigureSet figures,
        ClientLag.Figures client, ByCache byCache, PromptReconciliation.Figures promptTokensVsIntended,
        ConnectionFigures.Figures connections, DeliveryVerdict.Figures delivery, ServerFigures server,
        SessionFigures.Figures sessions, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, FigureSet> byCondition,
        GpuSummary.Figures gpu, List<String> missing, ReasoningFigures.Figures reasoning, InputFigures.Figures inputs) {

    /** A summary of text-only requests (no images, clips or documents). */
    public Summary(String schema, SummaryRun run, boolean clientLimited, FigureSet figures,
            ClientLag.Figures client, ByCache byCache, PromptReconciliation.Figures promptTokensVsIntended,
            ConnectionFigures.Figures connections, DeliveryVerdict.Figures delivery, ServerFigures server,
            SessionFigures.Figures sessions, Map<String, FigureSet> byCondition, GpuSummary.Figures gpu,
            List<String> missing, ReasoningFigures.Figures reasoning) {
        this(schema, run, clientLimited, figures, client, byCache, promptTokensVsIntended, connections, delivery, server,
                sessions, byCondition, gpu, missing, reasoning, null);
    }

    /** A summary without GPU or reasoning figures and with nothing missing (a run measured by infergate without DCGM). */
    public Summary(String schema, SummaryRun run, boolean clientLimited, FigureSet figures,
            ClientLag.Figures client, ByCache byCache, PromptReconciliation.Figures promptTokensVsIntended,
            ConnectionFigures.Figures connections, DeliveryVerdict.Figures delivery, ServerFigures server,
            SessionFigures.Figures sessions, Map<String, FigureSet> byCondition) {
        this(schema, run, clientLimited, figures, client, byCache, promptTokensVsIntended, connections, delivery, server,
                sessions, byCondition, null, null, null);
    }

    public Summary {
        if (figures == null || byCache == null || run == null) {
            throw new IllegalArgumentException("run, figures and byCache must be set");
        }
        byCondition = Collections.unmodifiableMap(new LinkedHashMap<>(byCondition));
    }

    /** Cold and warm requests apart (see {@code RequestRecord.warmCache()}). */
    public record ByCache(FigureSet cold, FigureSet warm) {}

    /** Whether the run stopped before its schedule ended (interrupted, or a log whose end is missing). */
    @JsonIgnore
    public boolean partial() {
        return run.partial();
    }
}
