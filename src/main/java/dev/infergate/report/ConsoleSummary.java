package dev.infergate.report;

import dev.infergate.analysis.BusyMachine;
import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.ClientLimitCauses;
import dev.infergate.analysis.GpuSummary;
import dev.infergate.analysis.ConnectionFigures;
import dev.infergate.analysis.FigureSet;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Percentiles;
import dev.infergate.analysis.PromptReconciliation;
import dev.infergate.analysis.ServerFigures;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.SessionFigures;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.Summary;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import dev.infergate.metrics.ServerFigure;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RunDocument;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a summary.json document as the console table printed at the end of a run. A pure function of
 * the summary, so {@code infergate summarize} prints exactly what the run printed.
 */
public final class ConsoleSummary {

    private ConsoleSummary() {}

    public static String render(Summary summary) {
        StringBuilder out = new StringBuilder();
        RunDocument run = summary.run().document();
        FigureSet all = summary.figures();
        FigureSet.Requests requests = all.requests();
        out.append(baseUrlNote(run));
        ImportedFrom imported = run.imported();
        String endpoint = imported != null ? "imported from " + imported.tool() + " (" + imported.source() + ")" : run.baseUrl();
        out.append(String.format(Locale.ROOT, "%s · model %s · %s%s%n", endpoint, run.model(), run.api(), summary.partial()
                ? " · PARTIAL (" + (summary.run().partialReason() != null ? summary.run().partialReason() : "interrupted") + ")" : ""));
        out.append(String.format(Locale.ROOT, "requests: %s sent, %s completed, %s failed%s%s · %s warm-up%s excluded · window %.1f s%n",
                requests.sent(), requests.completed(), requests.failed(), errors(all.errors()),
                requests.cancelled() == 0 ? "" : String.format(Locale.ROOT, ", %d cancelled by the client (%.1f%%)",
                        requests.cancelled(), requests.cancelledShare() * 100),
                requests.warmup(), requests.cooldown() == 0 ? "" : ", " + requests.cooldown() + " cool-down",
                all.throughput().windowS()));
        out.append(String.format(Locale.ROOT, "%-24s %7s", "latency (ms)", "count"));
        for (String c : Percentiles.COLUMNS) {
            out.append(String.format(Locale.ROOT, " %9s", Percentiles.label(c)));
        }
        out.append('\n');
        boolean anyLow = false;
        boolean allBuffered = requests.buffered() > 0 && requests.buffered() >= requests.completed();
        boolean generates = run.generates();
        for (Metric m : Metric.latencyBlock()) {
            if (!generates && needsOutputTokens(m)) {
                continue; // a row that cannot apply is left out, not printed as a count of 0 and dashes
            }
            anyLow |= allBuffered && notMeasurableWhenBuffered(m) ? notMeasurable(out, m.label())
                    : row(out, m.label(), all.latencyMs().get(m));
        }
        if (generates) {
            anyLow |= allBuffered ? notMeasurable(out, Metric.EFFECTIVE_TOKENS_PER_S.label())
                    : row(out, Metric.EFFECTIVE_TOKENS_PER_S.label(), all.effectiveTokensPerS());
        } else {
            out.append(String.format(Locale.ROOT, "  TTFT, ITL, TPOT, stalls and effective tok/s do not apply: %s are"
                    + " answered whole, with no output tokens%n", scoredNoun(run)));
        }
        if (requests.buffered() > 0) {
            out.append(String.format(Locale.ROOT, "  TPOT, ITL and effective tok/s: not measurable (buffered) for %d"
                    + " of %d completed answers, which came in one lump: left out of those rows, never 0; their TTFT is"
                    + " the wait for the lump%n", requests.buffered(), requests.completed()));
        }
        if (anyLow) {
            out.append("  * fewer than 10 samples beyond this percentile: treat it as a rough bound, not a figure\n");
        }
        FigureSet.Throughput tp = all.throughput();
        if (summary.missing() != null && summary.missing().contains(Metric.THROUGHPUT_OUTPUT_TOKENS.key())) {
            out.append("throughput: missing (the imported file cannot place every request in time; see run.imported)\n");
        } else if (!run.generates() && run.documents() > 0) { // every request carried the same number of documents
            out.append(String.format(Locale.ROOT, "throughput: %.2f req/s · %.1f documents/s (%d per request) · %.1f input tok/s"
                    + " (%s: no output tokens)%n", nan(tp.requestsPerS()), nan(tp.requestsPerS()) * run.documents(),
                    run.documents(), nan(tp.inputTokensPerS()), run.api()));
        } else if (!run.generates()) {
            out.append(String.format(Locale.ROOT, "throughput: %.2f req/s · %.1f input tok/s (%s: no output tokens)%n",
                    nan(tp.requestsPerS()), nan(tp.inputTokensPerS()), run.api()));
        } else {
            out.append(String.format(Locale.ROOT, "throughput: %.2f req/s · %.1f output tok/s · %.1f input tok/s (output tokens from %s)%n",
                    nan(tp.requestsPerS()), nan(tp.outputTokensPerS()), nan(tp.inputTokensPerS()), all.tokens().outputSource()));
        }
        out.append(OfferedLoad.line(summary));
        FigureSet.Goodput goodput = all.goodput();
        String slo = slo(goodput.slo());
        if (!slo.isEmpty()) {
            out.append(String.format(Locale.ROOT, "goodput: %.2f req/s · SLO attainment %.1f %% (%s; failures count as misses)%s%n",
                    nan(goodput.requestsPerS()), nan(goodput.attainment()) * 100, slo,
                    generates ? "" : "; ttft and tpot targets do not apply to " + scoredNoun(run)));
        } else if (!generates) {
            out.append("goodput: does not apply: " + scoredNoun(run) + " have no output tokens, so no ttft or tpot; set an e2e"
                    + " target (--slo e2e=DUR)\n");
        }
        cache(out, all.cache(), requests.completed());
        cacheSplit(out, all.cache(), summary.byCache());
        prompts(out, summary.promptTokensVsIntended(), run);
        InputsLine.append(out, summary.inputs());
        connections(out, summary.connections(), run.connections());
        BusyMachine busy = BusyMachine.of(run);
        client(out, summary.client(), run, busy);
        delivery(out, summary.delivery(), generates ? null : scoredNoun(run));
        server(out, summary.server());
        simulator(out, summary.server(), busy);
        busyMachine(out, busy, summary);
        out.append(GpuSummary.line(summary.gpu()));
        if (summary.sessions() != null) {
            sessions(out, summary.sessions());
        }
        out.append(ReasoningLine.render(summary.reasoning()));
        return out.toString();
    }

    /** What a run without output tokens sends, as a plural noun: embeddings, rerank requests, score requests. */
    private static String scoredNoun(RunDocument run) {
        return "embeddings".equals(run.api()) || run.api() == null ? "embeddings" : run.api() + " requests";
    }

    /** A line when the run used --base-url plus /v1 because the given root had no model list, else "". */
    public static String baseUrlNote(RunDocument run) {
        String given = run.server() == null ? null : run.server().baseUrlGiven();
        return given == null ? "" : String.format(Locale.ROOT,
                "base URL: %s has no /models, so %s was used (pass it as --base-url to skip this check)%n", given, run.baseUrl());
    }

    /** Warm and cold by the share of the prompt served from cache, and the cached share of all prompt tokens. */
    private static void cache(StringBuilder out, FigureSet.Cache cache, long completed) {
        if (!cache.reportedByServer()) {
            out.append("cache: the server did not report cached tokens: every request counts as cold\n");
            return;
        }
        out.append(String.format(Locale.ROOT,
                "cache: %s of %s completed requests warm (at least %.0f %% of the prompt cached) · cached-token share %s · %s had any cached tokens%n",
                cache.warmRequests(), completed, cache.warmCachedShare() * 100,
                percent(cache.cachedTokenRatio()), cache.requestsWithCachedTokens()));
    }

    /**
     * One TTFT row per cache side that has completed requests, so the prefix cache's effect shows as
     * milliseconds. Only when the server reports cached tokens: otherwise every request is cold and the
     * row would repeat the TTFT row above.
     */
    private static void cacheSplit(StringBuilder out, FigureSet.Cache cache, Summary.ByCache byCache) {
        if (!cache.reportedByServer()) {
            return;
        }
        double warmShare = cache.warmCachedShare() * 100;
        for (boolean warm : new boolean[] {false, true}) {
            Percentiles ttft = (warm ? byCache.warm() : byCache.cold()).latencyMs().get(Metric.TTFT);
            if (ttft.count() > 0) {
                out.append(String.format(Locale.ROOT, "  %s TTFT (%s %.0f %% cached): p50 %s ms · p95 %s ms · p99 %s ms · %s requests%n",
                        warm ? "warm" : "cold", warm ? ">=" : "<", warmShare, cell(ttft.p50()), cell(ttft.p95()),
                        cell(ttft.p99()), ttft.count()));
            }
        }
    }

    /** The server's prompt count against the workload's: how far every input-token figure is off. */
    private static void prompts(StringBuilder out, PromptReconciliation.Figures p, RunDocument run) {
        if ("false".equals(run.workload().get("input_lengths_exact")) && run.imported() == null) {
            String tokenizer = run.workload().get("tokenizer");
            out.append("prompt lengths: estimated" + (tokenizer == null ? "" : " with " + tokenizer)
                    + ", not counted by the server's tokenizer" + (p == null
                            ? "; the server reported no prompt counts to check them against (--tokenizer-file with the"
                                    + " model's tokenizer.json makes them exact)\n"
                            : "; the server's own counts against them:\n"));
        }
        if (p == null) {
            return;
        }
        out.append(String.format(Locale.ROOT,
                "prompt tokens: server count minus intended p50 %+d, p99 %+d (min %+d, max %+d; %s requests, %s exact)%n",
                p.differenceP50(), p.differenceP99(), p.differenceMin(), p.differenceMax(), p.requests(),
                percent(p.exactShare())));
    }

    /** Connections opened per request and the client's retries: client behaviour, never server figures. */
    /**
     * The measured requests' connections; when they opened none (all reused from the warm-ups, which open the pool
     * before the clock), the whole run's count from run.json says where the connections came from.
     */
    private static void connections(StringBuilder out, ConnectionFigures.Figures c, RunDocument.Connections whole) {
        if (c == null) {
            return;
        }
        Long openedInRun = whole == null ? null : whole.connectionsOpened();
        String reused = c.opened() == 0 && c.requests() > 0 && openedInRun != null && openedInRun > 0
                ? String.format(Locale.ROOT, ", all reused: %d opened before the clock (warm-up)", openedInRun) : "";
        out.append(String.format(Locale.ROOT,
                "connections: %s opened for %s requests (%s per request%s) · %s client retries (connection lost before any response byte: not server errors)%n",
                c.opened(), c.requests(), format(c.openedPerRequest()), reused, c.clientRetries()));
    }

    private static String percent(Double share) {
        return share == null ? "-" : String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    /** The client's own lag (older summaries have no such block) and, when it was too large, the warning. */
    private static void client(StringBuilder out, ClientLag.Figures c, RunDocument run, BusyMachine busy) {
        RunDocument.ClientWarmup warmup = run.clientWarmup();
        if (warmup != null && warmup.requests() != null) {
            out.append(String.format(Locale.ROOT, "client warm-up before the clock: %s requests to a loopback stub in %s s wall, %s s CPU%n",
                    warmup.requests(), cell(warmup.wallS()), cell(warmup.cpuS())));
        }
        Percentiles lag = c.lagMs();
        if (lag.p50() == null) {
            return;
        }
        out.append(String.format(Locale.ROOT, "client lag (ms, not in any server figure): p50 %s · p99 %s · max %s · write p99 %s%n",
                cell(lag.p50()), cell(lag.p99()), cell(lag.max()), cell(c.writeMs().p99())));
        if (c.limited() && busy == null) { // on a busy machine the cause is said once, below
            out.append(ClientLag.warning(lag.p99())).append('\n');
            out.append(ClientLimitCauses.line(run)).append('\n');
        }
    }

    /** @param scored what a run without output tokens sent ({@link #scoredNoun}), or null for a generating run */
    private static void delivery(StringBuilder out, DeliveryVerdict.Figures d, String scored) {
        if (d == null || d.verdict() == null) {
            return;
        }
        if (scored != null) {
            out.append("streaming delivery: does not apply: " + scored + " are answered whole, with no output tokens\n");
            return;
        }
        if ("not_streamed".equals(d.verdict()) || d.evidence() == null) {
            out.append("streaming delivery: not streamed (--no-stream): each answer came whole, so there is no delivery verdict\n");
            return;
        }
        DeliveryVerdict.Evidence e = d.evidence();
        // no completed stream (or E2E of 0): there is no share to show, and "NaN %" would read as a figure
        double ttftShare = number(e.ttftShareOfE2eP50());
        String share = Double.isFinite(ttftShare) ? String.format(Locale.ROOT, "at p50 TTFT is %.0f %% of E2E, ", ttftShare * 100) : "";
        out.append(String.format(Locale.ROOT,
                "streaming delivery: %s (%.0f %% incremental, %.0f %% bursty, %.0f %% buffered; %s%s tokens per event)%n",
                d.verdict(), d.shareIncremental() * 100, d.shareBursty() * 100,
                d.shareBuffered() * 100, share, format(number(e.tokensPerChunkP50()))));
    }

    private static void server(StringBuilder out, ServerFigures s) {
        if (s != null && s.engine() == null && s.scrapeErrors() > 0) {
            out.append("server metrics: none: /metrics could not be read (" + s.scrapeErrors() + " failed "
                    + (s.scrapeErrors() == 1 ? "scrape" : "scrapes") + ", the errors are in server_metrics.jsonl);"
                    + " --server-metrics URL names where they are, --server-metrics off skips them\n");
            return;
        }
        if (s == null || s.engine() == null) {
            return;
        }
        StringBuilder line = new StringBuilder("server (" + s.engine() + " /metrics):");
        Double hitRate = s.amount(ServerFigure.PREFIX_CACHE_HIT_RATE.key());
        if (hitRate != null) {
            line.append(String.format(Locale.ROOT, " prefix-cache hit rate %.1f %%,", hitRate * 100));
        }
        Double preemptions = s.amount(ServerFigure.PREEMPTIONS.key());
        if (preemptions != null) {
            line.append(String.format(Locale.ROOT, " preemptions %.0f,", preemptions));
        }
        ServerFigures.Gauge running = s.gauge(ServerFigure.RUNNING_REQUESTS.key());
        ServerFigures.Gauge waiting = s.gauge(ServerFigure.WAITING_REQUESTS.key());
        if (running != null) {
            line.append(String.format(Locale.ROOT, " running max %.0f,", running.max()));
        }
        if (waiting != null) {
            line.append(String.format(Locale.ROOT, " waiting max %.0f,", waiting.max()));
        }
        ServerFigures.Gauge kv = s.gauge(ServerFigure.KV_CACHE_USAGE.key());
        if (kv != null) {
            line.append(String.format(Locale.ROOT, " KV cache usage max %.0f %%,", kv.max() * 100));
        }
        Double prompt = s.amount(ServerFigure.PROMPT_TOKENS.key());
        if (prompt != null && Boolean.FALSE.equals(dev.infergate.metrics.Engine.ofLabel(s.engine()).promptTokensIncludeCached())) {
            // llama.cpp's counter is not "prompt tokens sent": a shared-prefix run shows a fraction of them
            line.append(String.format(Locale.ROOT, " prompt tokens computed %.0f (cached prompt tokens not counted"
                    + " by this engine),", prompt));
        }
        if (line.charAt(line.length() - 1) == ':') {
            return; // the line lists what the server reports, and it reported none of these
        }
        out.append(line, 0, line.length() - (line.charAt(line.length() - 1) == ',' ? 1 : 0)).append('\n');
    }

    /** infergate's simulator's own lag over the run, and the warning when it was too large; nothing for another server. */
    private static void simulator(StringBuilder out, ServerFigures s, BusyMachine busy) {
        if (s != null && s.simulatorUnproven() != null) {
            out.append(s.simulatorUnproven()).append('\n');
        }
        SimulatorLag.Figures lag = s == null ? null : s.simulator();
        if (lag == null) {
            return;
        }
        out.append(String.format(Locale.ROOT, "simulator lag (its own clock, not in any figure above): engine stalls %s ms (%s %% of the run)"
                + " · tokens late p50 %s ms, p99 %s ms%n", cell(lag.stalledMs()),
                lag.stalledShare() == null ? "-" : String.format(Locale.ROOT, "%.1f", lag.stalledShare() * 100),
                cell(lag.lateP50Ms()), cell(lag.lateP99Ms())));
        if (lag.behind() && busy == null) {
            out.append("WARNING: the simulator fell behind its own model in this run (" + SimulatorLag.LIMITS + "): its"
                    + " figures describe this machine, not the profile; accept and compare leave such runs out; free CPU and run again\n");
        }
    }

    /** A busy machine, said once, when the client or the simulator fell behind on it. */
    private static void busyMachine(StringBuilder out, BusyMachine busy, Summary summary) {
        if (busy == null) {
            return;
        }
        ClientLag.Figures c = summary.client();
        Double lagP99 = c != null && c.limited() ? c.lagMs().p99() : null;
        boolean simulatorBehind = summary.server() != null && summary.server().simulator() != null
                && summary.server().simulator().behind();
        if (lagP99 != null || simulatorBehind) {
            out.append(busy.line(lagP99, simulatorBehind)).append('\n');
        }
    }

    /** Agent sessions: how many completed, the session total, and per turn the agent turn latency. */
    private static void sessions(StringBuilder out, SessionFigures.Figures sessions) {
        Percentiles total = sessions.sessionTotalMs();
        out.append(String.format(Locale.ROOT, "sessions: %s of %s completed all %s turns · session total p50 %s ms, p95 %s ms%n",
                sessions.completed(), sessions.count(), sessions.turnsPerSession(), cell(total.p50()), cell(total.p95())));
        out.append(String.format(Locale.ROOT, "%-6s %7s %11s %11s %11s %11s %11s%n", "turn", "count", "TTFT p50",
                "E2E p50", "E2E p95", "input tok", "cached tok"));
        for (SessionFigures.TurnFigures turn : sessions.byTurn()) {
            Percentiles e2e = turn.e2eMs();
            out.append(String.format(Locale.ROOT, "%-6s %7s %11s %11s %11s %11s %11s%n", turn.turn(),
                    e2e.count(), cell(turn.ttftMs().p50()), cell(e2e.p50()), cell(e2e.p95()),
                    cell(turn.inputTokensMean()), cell(turn.cachedTokensMean())));
        }
    }

    /** A figure that may be missing, as a number (NaN prints as such, as it always did). */
    private static double nan(Double v) {
        return v == null ? Double.NaN : v;
    }

    private static String cell(Double v) {
        return v == null ? "-" : format(v);
    }

    private static String cell(Object v) {
        return v == null ? "-" : format(number(v));
    }

    /** The rows about tokens as they arrive: an API without output tokens (embeddings, rerank, score) has none. */
    private static boolean needsOutputTokens(Metric m) {
        return m == Metric.TTFT || m == Metric.TTFT_FROM_SCHEDULED || m == Metric.ITL || m == Metric.TPOT
                || m == Metric.MAX_STALL;
    }

    private static boolean notMeasurableWhenBuffered(Metric m) {
        return m == Metric.TPOT || m == Metric.ITL || m == Metric.MAX_STALL;
    }

    /** A row of a figure no answer of the run has: every answer was buffered. */
    private static boolean notMeasurable(StringBuilder out, String label) {
        out.append(String.format(Locale.ROOT, "%-24s %7s  not measurable (buffered)%n", label, 0));
        return false;
    }

    private static boolean row(StringBuilder out, String label, Percentiles dist) {
        out.append(String.format(Locale.ROOT, "%-24s %7s", label, dist.count()));
        for (String c : Percentiles.COLUMNS) {
            double v = dist.get(c);
            String cell = Double.isNaN(v) ? "-" : format(v) + (dist.isLowSample(c) ? "*" : "");
            out.append(String.format(Locale.ROOT, " %9s", cell));
        }
        out.append('\n');
        return dist.lowSample() != null && dist.p50() != null;
    }

    private static String errors(Map<String, Long> errors) {
        if (errors.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        errors.forEach((k, v) -> sb.append(sb.length() > 2 ? ", " : "").append(k).append(' ').append(v));
        return sb.append(')').toString();
    }

    private static String slo(Slo.Targets slo) {
        StringBuilder sb = new StringBuilder();
        slo.byMetric().forEach((m, v) -> sb.append(sb.length() > 0 ? ", " : "").append(m.key()).append(" <= ")
                .append(format(v)).append(" ms"));
        return sb.toString();
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }

}
