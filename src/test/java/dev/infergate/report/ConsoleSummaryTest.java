package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.ConnectionFigures;
import dev.infergate.analysis.Percentiles;
import dev.infergate.analysis.PromptReconciliation;
import dev.infergate.analysis.ServerFigures;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.SummaryBuilder;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
    private static SummaryBuilder summary() {
        SummaryBuilder b = new SummaryBuilder();
        b.prompts = new PromptReconciliation.Figures(10, 2, 4, 2, 4, 0.0);
        b.connections = new ConnectionFigures.Figures(10, 10, 1.0, 2, null);
        return b;
    }

    @Test
    void cacheSplit_showsTtftPerSideWithRequests_andTheWarmShareUsed() {
        SummaryBuilder b = summary();
        b.cold = b.figures(SummaryBuilder.percentiles(4, 512.25, 700, 1234.5));
        b.warm = b.figures(SummaryBuilder.percentiles(6, 61.5, 80, 95.25));
        String both = ConsoleSummary.render(b.build());
        assertThat(both).contains("  cold TTFT (< 50 % cached): p50 512.3 ms · p95 700.0 ms · p99 1235 ms · 4 requests\n"
                + "  warm TTFT (>= 50 % cached): p50 61.50 ms · p95 80.00 ms · p99 95.25 ms · 6 requests\n");
        b.cold = b.figures(SummaryBuilder.percentiles(10, 500, 600, 700));
        b.warm = b.figures(SummaryBuilder.percentiles(0, 0, 0, 0));
        String coldOnly = ConsoleSummary.render(b.build());
        assertThat(coldOnly).contains("  cold TTFT (< 50 % cached): p50 500.0 ms").doesNotContain("warm TTFT");
    }

    @Test
    void noStream_saysNotStreamed_withoutNaNShares() {
        SummaryBuilder b = summary();
        b.delivery = DeliveryVerdict.Figures.notStreamed();
        String out = ConsoleSummary.render(b.build());
        assertThat(out).contains("streaming delivery: not streamed (--no-stream)").doesNotContain("NaN");
    }

    @Test
    void serverLine_listsOnlyWhatTheServerReports() {
        SummaryBuilder b = summary();
        b.server = new ServerFigures("llamacpp", 3, 0, Map.of("running_requests", new ServerFigures.Gauge(2, 4, 3)),
                List.of("preemptions", "queue_time_seconds"));
        String out = ConsoleSummary.render(b.build());
        assertThat(out).contains("server (llamacpp /metrics): running max 4\n").doesNotContain("not reported", "preemptions");
    }

    @Test
    void measuredRequestsThatOpenedNoConnection_sayTheWarmUpOpenedThem() {
        SummaryBuilder b = summary();
        b.connections = new dev.infergate.analysis.ConnectionFigures.Figures(150, 0, 0.0, 0, null);
        b.run.put("connections", Map.of("connections_opened", 8, "client_retries", 0));
        assertThat(ConsoleSummary.render(b.build()))
                .contains("connections: 0 opened for 150 requests (0.00 per request, all reused: 8 opened before the clock (warm-up))");
        b.connections = new dev.infergate.analysis.ConnectionFigures.Figures(150, 4, 0.027, 0, null);
        assertThat(ConsoleSummary.render(b.build())).contains("connections: 4 opened for 150 requests (0.03 per request) ·");
    }

    @Test
    void llamaCppsPromptTokens_areSaidToBeTheComputedOnes_vllmsAreNotShown() {
        SummaryBuilder b = summary();
        b.server = new ServerFigures("llamacpp", 3, 0, Map.of("prompt_tokens", new ServerFigures.Amount(3959)), List.of());
        assertThat(ConsoleSummary.render(b.build()))
                .contains("server (llamacpp /metrics): prompt tokens computed 3959 (cached prompt tokens not counted by this engine)\n");
        b.server = new ServerFigures("vllm", 3, 0, Map.of("prompt_tokens", new ServerFigures.Amount(3959),
                "running_requests", new ServerFigures.Gauge(2, 4, 3)), List.of());
        assertThat(ConsoleSummary.render(b.build())).contains("server (vllm /metrics): running max 4\n");
    }

    @Test
    void theSimulatorsLag_isShownOnItsOwnLine_andWarnsWhenItFellBehind() {
        SummaryBuilder b = summary();
        b.server = new ServerFigures("vllm", 3, 0, Map.of(), List.of(),
                new SimulatorLag.Figures(1.5, 0.001, 1200, 0.25, 2.0, false));
        assertThat(ConsoleSummary.render(b.build())).contains("simulator lag (its own clock, not in any figure above):"
                + " engine stalls 1.50 ms (0.1 % of the run) · tokens late p50 0.25 ms, p99 2.00 ms\n").doesNotContain("WARNING");
        b.server = new ServerFigures("vllm", 3, 0, Map.of(), List.of(),
                new SimulatorLag.Figures(300.0, 0.03, 1200, 1.0, 50.0, true));
        assertThat(ConsoleSummary.render(b.build())).contains("WARNING: the simulator fell behind its own model in this run ("
                + SimulatorLag.LIMITS + ")");
        b.server = new ServerFigures("vllm", 3, 0, Map.of(), List.of());
        assertThat(ConsoleSummary.render(b.build())).as("another server").doesNotContain("simulator");
    }

    @Test
    void aServerThatServedTheSimulatorsSeriesWithoutProvingItself_isSaidOnce_withNoLagLine() {
        SummaryBuilder b = summary();
        b.server = new ServerFigures("vllm", 3, 0, Map.of(), List.of(), null,
                dev.infergate.attest.SimulatorAttestation.UNPROVEN);

        String out = ConsoleSummary.render(b.build());

        assertThat(out).contains("the server serves infergate-sim series but did not prove it is infergate's simulator:"
                + " its own word is not used\n").doesNotContain("simulator lag");
    }

    @Test
    void cacheConnectionsAndPromptLines_showSharesRetriesAndTheDifference() {
        String out = ConsoleSummary.render(summary().build());
        assertThat(out).contains("cache: 0 of 10 completed requests warm (at least 50 % of the prompt cached)"
                + " · cached-token share 0.4 % · 10 had any cached tokens")
                .contains("prompt tokens: server count minus intended p50 +2, p99 +4")
                .contains("connections: 10 opened for 10 requests (1.00 per request) · 2 client retries");
    }

    @Test
    void aServerWhoseMetricsCouldNotBeRead_isSaidOnce_withWhatToDo() {
        SummaryBuilder b = summary();
        b.server = new ServerFigures(null, 0, 1, Map.of(), null);
        assertThat(ConsoleSummary.render(b.build())).contains("server metrics: none: /metrics could not be read (1 failed"
                + " scrape, the errors are in server_metrics.jsonl); --server-metrics URL names where they are,"
                + " --server-metrics off skips them\n");
    }

    @Test
    void estimatedPromptLengths_areSaid_withTheTokenizerAndTheServersCounts() {
        SummaryBuilder b = summary();
        b.run.put("workload", Map.of("tokenizer", "cl100k_base", "input_lengths_exact", false));
        assertThat(ConsoleSummary.render(b.build())).contains("prompt lengths: estimated with cl100k_base, not counted by"
                + " the server's tokenizer; the server's own counts against them:\nprompt tokens: server count minus");
        b.prompts = null;
        assertThat(ConsoleSummary.render(b.build())).contains("the server reported no prompt counts to check them against");
        b.run.put("workload", Map.of("tokenizer", "cl100k_base", "input_lengths_exact", true));
        assertThat(ConsoleSummary.render(b.build())).doesNotContain("prompt lengths: estimated");
    }

    @Test
    void aClientThatFellBehindOnABusyMachine_getsOneLineNamingTheMachine_notAWarningPerSymptom() {
        SummaryBuilder b = summary();
        b.client = new dev.infergate.analysis.ClientLag.Figures(SummaryBuilder.percentiles(100, 2, 30, 40),
                Percentiles.empty(), 100, 0, true);
        b.run.put("client_cpu", Map.of("load_s", 2.0, "load_wall_s", 10.0, "machine_busy_share", 0.95, "cores", 2));
        String busy = ConsoleSummary.render(b.build());
        assertThat(busy).contains("busy machine: its CPUs were 95 % busy during the load, 1.7 of its 2 cores used by"
                + " other processes (this client 0.2); the client fell behind its schedule (lag p99 40.0 ms)")
                .doesNotContain("WARNING", "cause:");
        b.run.put("client_cpu", Map.of("load_s", 18.0, "load_wall_s", 10.0, "machine_busy_share", 0.95, "cores", 2));
        assertThat(ConsoleSummary.render(b.build())).as("the client's own CPU: its warning and cause stand")
                .contains("WARNING: client-limited", "cause:").doesNotContain("busy machine");
    }
}
