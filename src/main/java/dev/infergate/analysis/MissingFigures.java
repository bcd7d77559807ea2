package dev.infergate.analysis;

import dev.infergate.record.ImportedFrom;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Marks the figures an imported run does not carry ({@link ImportedFrom#missing()}) as missing in its summary, so
 * no figure that the records only seem to hold (latency from a scheduled time that is really the send time) is
 * ever shown: such a latency block is empty ({@code {count: 0}}), and {@code missing} lists every figure the file
 * lacks, the run figures (throughput, goodput, error shares of a sampled file) included, which readers and
 * comparisons must not judge.
 */
public final class MissingFigures {
    private MissingFigures() {}

    /** {@code summary} with the run's {@code imported} block applied; unchanged for infergate's own runs (null). */
    public static Summary mask(Summary summary, ImportedFrom imported) {
        if (imported == null || imported.missing().isEmpty()) {
            return summary;
        }
        Summary.ByCache byCache = new Summary.ByCache(mask(summary.byCache().cold(), imported),
                mask(summary.byCache().warm(), imported));
        Map<String, FigureSet> conditions = new LinkedHashMap<>();
        summary.byCondition().forEach((k, v) -> conditions.put(k, mask(v, imported)));
        return new Summary(summary.schema(), summary.run(), summary.clientLimited(), mask(summary.figures(), imported),
                summary.client(), byCache, summary.promptTokensVsIntended(), summary.connections(), summary.delivery(),
                summary.server(), summary.sessions(), conditions, summary.gpu(), imported.missing(), summary.reasoning(),
                summary.inputs());
    }

    private static FigureSet mask(FigureSet f, ImportedFrom imported) {
        Map<Metric, Percentiles> latency = new EnumMap<>(f.latencyMs().byMetric());
        latency.replaceAll((m, p) -> imported.lacks(m.key()) ? Percentiles.empty() : p);
        return new FigureSet(f.requests(), f.errors(), f.errorRate(), new LatencyFigures(latency), f.effectiveTokensPerS(),
                f.chunksPerRequest(), f.throughput(), f.goodput(), f.tokens(), f.cache());
    }
}
