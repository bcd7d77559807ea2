package dev.infergate.report;

import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.GpuSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a summary.json document as the console table printed at the end of a run. A pure function of
 * the summary, so {@code infergate summarize} prints exactly what the run printed.
 */
public final class ConsoleSummary {
    private static final String[][] LATENCY_ROWS = {
        {"ttft", "TTFT"},
        {"ttft_from_scheduled", "TTFT from scheduled"},
        {"itl", "ITL"},
        {"tpot", "TPOT"},
        {"e2e", "E2E"},
        {"e2e_from_scheduled", "E2E from scheduled"},
        {"queue_wait", "Client queue wait"},
        {"max_stall", "Max stall per request"},
    };
    private static final List<String> COLUMNS = List.of("mean", "p50", "p90", "p95", "p99", "p999", "max");

    private ConsoleSummary() {}

    public static String render(Map<String, Object> summary) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> run = map(summary.get("run"));
        Map<String, Object> requests = map(summary.get("requests"));
        out.append(baseUrlNote(run));
        Object endpoint = run.get("imported") instanceof Map<?, ?> imported
                ? "imported from " + imported.get("tool") + " (" + imported.get("source") + ")" : run.get("base_url");
        out.append(String.format(Locale.ROOT, "%s · model %s · %s%s%n", endpoint, run.get("model"),
                run.get("api"), Boolean.TRUE.equals(run.get("partial"))
                        ? " · PARTIAL (" + (run.get("partial_reason") != null ? run.get("partial_reason") : "interrupted") + ")" : ""));
        out.append(String.format(Locale.ROOT, "requests: %s sent, %s completed, %s failed%s · %s warm-up excluded · window %.1f s%n",
                requests.get("sent"), requests.get("completed"), requests.get("failed"), errors(summary),
                requests.get("warmup"), number(map(summary.get("throughput")).get("window_s"))));
        out.append(String.format(Locale.ROOT, "%-24s %7s", "latency (ms)", "count"));
        for (String c : COLUMNS) {
            out.append(String.format(Locale.ROOT, " %9s", c.equals("p999") ? "p99.9" : c));
        }
        out.append('\n');
        Map<String, Object> latency = map(summary.get("latency_ms"));
        boolean anyLow = false;
        for (String[] row : LATENCY_ROWS) {
            anyLow |= row(out, row[1], map(latency.get(row[0])));
        }
        anyLow |= row(out, "Effective tok/s", map(summary.get("effective_tokens_per_s")));
        if (anyLow) {
            out.append("  * fewer than 10 samples beyond this percentile: treat it as a rough bound, not a figure\n");
        }
        Map<String, Object> tp = map(summary.get("throughput"));
        out.append(String.format(Locale.ROOT, "throughput: %.2f req/s · %.1f output tok/s · %.1f input tok/s (output tokens from %s)%n",
                number(tp.get("requests_per_s")), number(tp.get("output_tokens_per_s")),
                number(tp.get("input_tokens_per_s")), map(summary.get("tokens")).get("output_source")));
        out.append(OfferedLoad.line(summary));
        Map<String, Object> goodput = map(summary.get("goodput"));
        String slo = slo(map(goodput.get("slo")));
        if (!slo.isEmpty()) {
            out.append(String.format(Locale.ROOT, "goodput: %.2f req/s · SLO attainment %.1f %% (%s; failures count as misses)%n",
                    number(goodput.get("requests_per_s")), number(goodput.get("attainment")) * 100, slo));
        }
        cache(out, map(summary.get("cache")), requests.get("completed"));
        cacheSplit(out, map(summary.get("cache")), map(summary.get("by_cache")));
        prompts(out, map(summary.get("prompt_tokens_vs_intended")));
        connections(out, map(summary.get("connections")));
        client(out, map(summary.get("client")), map(run.get("client_warmup")));
        delivery(out, map(summary.get("delivery")));
        server(out, map(summary.get("server")));
        out.append(GpuSummary.line(summary.get("gpu") instanceof Map<?, ?> ? map(summary.get("gpu")) : null));
        if (summary.get("sessions") instanceof Map<?, ?>) {
            sessions(out, map(summary.get("sessions")));
        }
        return out.toString();
    }

    /** A line when the run used --base-url plus /v1 because the given root had no model list, else "". */
    public static String baseUrlNote(Map<String, Object> run) {
        Object given = map(run.get("server")).get("base_url_given");
        return given == null ? "" : String.format(Locale.ROOT,
                "base URL: %s has no /models, so %s was used (pass it as --base-url to skip this check)%n", given, run.get("base_url"));
    }

    /** Warm and cold by the share of the prompt served from cache, and the cached share of all prompt tokens. */
    private static void cache(StringBuilder out, Map<String, Object> cache, Object completed) {
        if (!Boolean.TRUE.equals(cache.get("reported_by_server"))) {
            out.append("cache: the server did not report cached tokens: every request counts as cold\n");
            return;
        }
        out.append(String.format(Locale.ROOT,
                "cache: %s of %s completed requests warm (at least %.0f %% of the prompt cached) · cached-token share %s · %s had any cached tokens%n",
                cache.get("warm_requests"), completed, number(cache.get("warm_cached_share")) * 100,
                percent(cache.get("cached_token_ratio")), cache.get("requests_with_cached_tokens")));
    }

    /**
     * One TTFT row per cache side that has completed requests, so the prefix cache's effect shows as
     * milliseconds. Only when the server reports cached tokens: otherwise every request is cold and the
     * row would repeat the TTFT row above.
     */
    private static void cacheSplit(StringBuilder out, Map<String, Object> cache, Map<String, Object> byCache) {
        if (!Boolean.TRUE.equals(cache.get("reported_by_server"))) {
            return;
        }
        double warmShare = number(cache.get("warm_cached_share")) * 100;
        for (String side : List.of("cold", "warm")) {
            Map<String, Object> ttft = map(map(map(byCache.get(side)).get("latency_ms")).get("ttft"));
            if (number(ttft.get("count")) > 0) {
                out.append(String.format(Locale.ROOT, "  %s TTFT (%s %.0f %% cached): p50 %s ms · p95 %s ms · p99 %s ms · %s requests%n",
                        side, side.equals("warm") ? ">=" : "<", warmShare, cell(ttft.get("p50")), cell(ttft.get("p95")),
                        cell(ttft.get("p99")), ttft.get("count")));
            }
        }
    }

    /** The server's prompt count against the workload's: how far every input-token figure is off. */
    private static void prompts(StringBuilder out, Map<String, Object> p) {
        if (p.isEmpty()) {
            return;
        }
        out.append(String.format(Locale.ROOT,
                "prompt tokens: server count minus intended p50 %+d, p99 %+d (min %+d, max %+d; %s requests, %s exact)%n",
                (int) number(p.get("difference_p50")), (int) number(p.get("difference_p99")),
                (int) number(p.get("difference_min")), (int) number(p.get("difference_max")), p.get("requests"),
                percent(p.get("exact_share"))));
    }

    /** Connections opened per request and the client's retries: client behaviour, never server figures. */
    private static void connections(StringBuilder out, Map<String, Object> c) {
        if (c.isEmpty()) {
            return;
        }
        out.append(String.format(Locale.ROOT,
                "connections: %s opened for %s requests (%s per request) · %s client retries (connection lost before any response byte: not server errors)%n",
                c.get("opened"), c.get("requests"), format(number(c.get("opened_per_request"))), c.get("client_retries")));
    }

    private static String percent(Object share) {
        return share == null ? "-" : String.format(Locale.ROOT, "%.1f %%", number(share) * 100);
    }

    /** The client's own lag (older summaries have no such block) and, when it was too large, the warning. */
    private static void client(StringBuilder out, Map<String, Object> c, Map<String, Object> warmup) {
        if (warmup.get("requests") != null) {
            out.append(String.format(Locale.ROOT, "client warm-up before the clock: %s requests to a loopback stub in %s s wall, %s s CPU%n",
                    warmup.get("requests"), cell(warmup.get("wall_s")), cell(warmup.get("cpu_s"))));
        }
        Map<String, Object> lag = map(c.get("lag_ms"));
        if (lag.get("p50") == null) {
            return;
        }
        Map<String, Object> write = map(c.get("write_ms"));
        out.append(String.format(Locale.ROOT, "client lag (ms, not in any server figure): p50 %s · p99 %s · max %s · write p99 %s%n",
                cell(lag.get("p50")), cell(lag.get("p99")), cell(lag.get("max")), cell(write.get("p99"))));
        if (Boolean.TRUE.equals(c.get("limited"))) {
            out.append(ClientLag.warning(number(lag.get("p99")))).append('\n');
        }
    }

    private static void delivery(StringBuilder out, Map<String, Object> d) {
        if (d.isEmpty() || d.get("verdict") == null) {
            return;
        }
        if ("not_streamed".equals(d.get("verdict"))) {
            out.append("streaming delivery: not streamed (--no-stream): each answer came whole, so there is no delivery verdict\n");
            return;
        }
        Map<String, Object> e = map(d.get("evidence"));
        // no completed stream (or E2E of 0): there is no share to show, and "NaN %" would read as a figure
        double ttftShare = number(e.get("ttft_share_of_e2e_p50"));
        String share = Double.isFinite(ttftShare) ? String.format(Locale.ROOT, "at p50 TTFT is %.0f %% of E2E, ", ttftShare * 100) : "";
        out.append(String.format(Locale.ROOT,
                "streaming delivery: %s (%.0f %% incremental, %.0f %% bursty, %.0f %% buffered; %s%s tokens per event)%n",
                d.get("verdict"), number(d.get("share_incremental")) * 100, number(d.get("share_bursty")) * 100,
                number(d.get("share_buffered")) * 100, share, format(number(e.get("tokens_per_chunk_p50")))));
    }

    private static void server(StringBuilder out, Map<String, Object> s) {
        if (s.isEmpty() || s.get("engine") == null) {
            return;
        }
        StringBuilder line = new StringBuilder("server (" + s.get("engine") + " /metrics):");
        if (s.get("prefix_cache_hit_rate") != null) {
            line.append(String.format(Locale.ROOT, " prefix-cache hit rate %.1f %%,", number(s.get("prefix_cache_hit_rate")) * 100));
        }
        if (s.get("preemptions") != null) {
            line.append(String.format(Locale.ROOT, " preemptions %.0f,", number(s.get("preemptions"))));
        }
        Map<String, Object> running = map(s.get("running_requests"));
        Map<String, Object> waiting = map(s.get("waiting_requests"));
        if (!running.isEmpty()) {
            line.append(String.format(Locale.ROOT, " running max %.0f,", number(running.get("max"))));
        }
        if (!waiting.isEmpty()) {
            line.append(String.format(Locale.ROOT, " waiting max %.0f,", number(waiting.get("max"))));
        }
        Map<String, Object> kv = map(s.get("kv_cache_usage"));
        if (!kv.isEmpty()) {
            line.append(String.format(Locale.ROOT, " KV cache usage max %.0f %%,", number(kv.get("max")) * 100));
        }
        if (line.charAt(line.length() - 1) == ':') {
            return; // the line lists what the server reports, and it reported none of these
        }
        out.append(line, 0, line.length() - (line.charAt(line.length() - 1) == ',' ? 1 : 0)).append('\n');
    }

    /** Agent sessions: how many completed, the session total, and per turn the agent turn latency. */
    private static void sessions(StringBuilder out, Map<String, Object> sessions) {
        Map<String, Object> total = map(sessions.get("session_total_ms"));
        out.append(String.format(Locale.ROOT, "sessions: %s of %s completed all %s turns · session total p50 %s ms, p95 %s ms%n",
                sessions.get("completed"), sessions.get("count"), sessions.get("turns_per_session"),
                cell(total.get("p50")), cell(total.get("p95"))));
        out.append(String.format(Locale.ROOT, "%-6s %7s %11s %11s %11s %11s %11s%n", "turn", "count", "TTFT p50",
                "E2E p50", "E2E p95", "input tok", "cached tok"));
        for (Object o : (List<?>) sessions.get("by_turn")) {
            Map<String, Object> turn = map(o);
            Map<String, Object> e2e = map(turn.get("e2e_ms"));
            out.append(String.format(Locale.ROOT, "%-6s %7s %11s %11s %11s %11s %11s%n", turn.get("turn"),
                    e2e.get("count"), cell(map(turn.get("ttft_ms")).get("p50")), cell(e2e.get("p50")),
                    cell(e2e.get("p95")), cell(turn.get("input_tokens_mean")), cell(turn.get("cached_tokens_mean"))));
        }
    }

    private static String cell(Object v) {
        return v == null ? "-" : format(number(v));
    }

    private static boolean row(StringBuilder out, String label, Map<String, Object> dist) {
        Object count = dist.get("count");
        out.append(String.format(Locale.ROOT, "%-24s %7s", label, count == null ? 0 : count));
        List<?> low = dist.get("low_sample") instanceof List<?> l ? l : List.of();
        for (String c : COLUMNS) {
            Object v = dist.get(c);
            String cell = v == null ? "-" : format(number(v)) + (low.contains(c) ? "*" : "");
            out.append(String.format(Locale.ROOT, " %9s", cell));
        }
        out.append('\n');
        return !low.isEmpty() && dist.get("p50") != null;
    }

    private static String errors(Map<String, Object> summary) {
        Map<String, Object> errors = map(summary.get("errors"));
        if (errors.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        errors.forEach((k, v) -> sb.append(sb.length() > 2 ? ", " : "").append(k).append(' ').append(v));
        return sb.append(')').toString();
    }

    private static String slo(Map<String, Object> slo) {
        StringBuilder sb = new StringBuilder();
        slo.forEach((k, v) -> {
            if (v != null) {
                sb.append(sb.length() > 0 ? ", " : "").append(k.replace("_ms", "")).append(" <= ")
                        .append(format(number(v))).append(" ms");
            }
        });
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

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
