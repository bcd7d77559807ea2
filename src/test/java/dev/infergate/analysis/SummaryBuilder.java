package dev.infergate.analysis;

import dev.infergate.analysis.delivery.DeliveryVerdict;
import dev.infergate.record.RunDocument;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** A {@link Summary} for tests of what reads one: sensible figures, each part replaceable. */
public final class SummaryBuilder {
    public Map<String, Object> run = new LinkedHashMap<>(Map.of("base_url", "http://h/v1", "model", "m", "api", "completions"));
    public FigureSet.Requests requests = new FigureSet.Requests(10, 10, 0, 0);
    public FigureSet.Throughput throughput = new FigureSet.Throughput(1.0, 10.0, 40.0, 320.0);
    public FigureSet.Cache cache = new FigureSet.Cache(10, 0.004, 0.5, 0, 0.0, true);
    public Percentiles ttft = Percentiles.empty();
    public FigureSet cold;
    public FigureSet warm;
    public PromptReconciliation.Figures prompts;
    public ConnectionFigures.Figures connections;
    public DeliveryVerdict.Figures delivery;
    public ServerFigures server;
    public SessionFigures.Figures sessions;
    public ClientLag.Figures client = new ClientLag.Figures(Percentiles.empty(), Percentiles.empty(), 10, 0, false);

    /** Percentiles with only a count, p50, p95 and p99. */
    public static Percentiles percentiles(long count, double p50, double p95, double p99) {
        return count == 0 ? Percentiles.empty() : new Percentiles(count, null, null, p50, null, p95, p99, null, null, null);
    }

    /** Figures with {@code ttft} as TTFT and every other distribution empty. */
    public FigureSet figures(Percentiles ttftFigures) {
        Map<Metric, Percentiles> latency = new EnumMap<>(Metric.class);
        Metric.latencyBlock().forEach(m -> latency.put(m, Percentiles.empty()));
        latency.put(Metric.TTFT, ttftFigures);
        return new FigureSet(requests, Map.of(), 0.0, new LatencyFigures(latency), Percentiles.empty(), Percentiles.empty(),
                throughput, new FigureSet.Goodput(Slo.NONE.targets(), 0.0, 0.0), new FigureSet.Tokens(0, 0, "usage"), cache);
    }

    public Summary build() {
        FigureSet none = figures(Percentiles.empty());
        return new Summary(Summarizer.SCHEMA, new SummaryRun(RunDocument.of(run), null, false, null, null), false, figures(ttft), client,
                new Summary.ByCache(cold == null ? none : cold, warm == null ? none : warm), prompts, connections,
                delivery, server, sessions, Map.of());
    }
}
