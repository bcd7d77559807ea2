package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.cli.Main;
import dev.infergate.cli.QuickDemo;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opens generated reports in real headless Chromium and reads the page's own self-check from the DOM. */
class HtmlReportBrowserTest {
    static final Path ARTIFACTS = Path.of("target", "report-artifacts");

    @TempDir
    Path dir;

    static String attribute(String dom, String name) {
        Matcher m = Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    static void assertDrawnWithoutErrors(String dom) {
        assertThat(attribute(dom, "data-report-ready")).as("page finished drawing").isEqualTo("1");
        assertThat(attribute(dom, "data-errors")).as("script errors").isEmpty();
        int expected = Integer.parseInt(attribute(dom, "data-charts-expected"));
        assertThat(expected).isGreaterThan(0);
        assertThat(attribute(dom, "data-charts-drawn")).isEqualTo(String.valueOf(expected));
    }

    @Test
    void comparisonReport_drawsEveryChartWithoutErrors_andLeavesAScreenshot() throws Exception {
        Chromium.binary();
        Path baseline = new SyntheticRun().named("baseline").write(dir);
        SyntheticRun cand = new SyntheticRun().named("candidate");
        cand.speed = 0.8;
        cand.seed = 2;
        cand.labelsJson = "{\"kv_cache\":\"fp8\"}";
        Path candidate = cand.write(dir);
        Path page = ARTIFACTS.resolve("comparison.html");
        HtmlReport.write(List.of(baseline, candidate), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("comparison.png"));

        assertDrawnWithoutErrors(dom);
        assertThat(Integer.parseInt(attribute(dom, "data-charts-expected"))).isGreaterThanOrEqualTo(11);
        assertThat(Files.size(ARTIFACTS.resolve("comparison.png"))).isGreaterThan(10_000);
    }

    @Test
    void acceptanceReport_drawsMatrixCapacityAndServerMetrics() throws Exception {
        Chromium.binary();
        Path accept = AcceptanceFixture.write(dir);
        Path page = ARTIFACTS.resolve("acceptance.html");
        HtmlReport.write(List.of(accept), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("acceptance.png"));

        assertDrawnWithoutErrors(dom);
        // 4 CDFs + 6 over time + timeline + 2 capacity + 5 server metrics
        assertThat(Integer.parseInt(attribute(dom, "data-charts-expected"))).isEqualTo(18);
        assertThat(dom).contains("id=\"cell-11\"").contains("href=\"#cell-0\"").contains("? INCONCLUSIVE")
                .contains("href=\"cells/chat-fresh/report.html\"");
    }

    @Test
    void demoAcceptance_reportDrawsTheRealMatrixWithoutErrors() throws Exception {
        Chromium.binary();
        QuickDemo.Run demo = QuickDemo.get(); // the one quick demo of the test JVM, whose story DemoStoryEndToEndTest reads
        assertThat(demo.code()).as(demo.err()).isZero();
        Path page = demo.dir().resolve("report.html");
        assertThat(page).exists();
        java.nio.file.Files.createDirectories(ARTIFACTS);
        java.nio.file.Files.copy(page, ARTIFACTS.resolve("demo.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("demo.png"));

        assertDrawnWithoutErrors(dom);
        // the matrix comes from acceptance.json as accept writes it: the demo's one condition as a cell
        assertThat(dom).contains("long-doc").contains("single-user").contains("id=\"cell-0\"");
        // the decision block on the real demo: a verdict for the one audience, the longest wait of each side
        assertThat(dom).contains("<section id=\"decision\">").contains("all users (one audience)")
                .contains("longest wait, baseline").contains("longest wait, candidate").contains("href=\"#cell-0\"");
    }

    @Test
    void hostileText_rendersLiterallyAndRunsNoScript() throws Exception {
        Chromium.binary();
        Path run = Hostile.write(dir);
        Path page = ARTIFACTS.resolve("hostile.html");
        HtmlReport.write(List.of(run), page);

        String dom = Chromium.dumpDom(page, dir);

        assertDrawnWithoutErrors(dom); // no error, and no alert/confirm/prompt was called
        assertThat(dom).doesNotContain("<img").doesNotContain("href=\"javascript:");
        assertThat(dom).contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;\"&gt;&lt;img src=x onerror=alert(1)&gt;");
        assertThat(dom.split("&lt;/script&gt;&lt;script&gt;alert\\(1\\)", -1).length - 1).isGreaterThanOrEqualTo(8);
    }

    /** Measures one bundled simulator profile with the real CLI on loopback; returns the run directory. */
    private Path simulatorRun(String profile, String name) throws Exception {
        Path out = dir.resolve(name);
        try (SimServer sim = SimServer.start(SimProfile.bundled(profile), "127.0.0.1", 0, 1)) {
            java.io.StringWriter err = new java.io.StringWriter();
            int code = Main.execute(new String[] {"run", "--base-url", sim.baseUrl(), "--concurrency", "4",
                "--requests", "40", "--warmup", "4", "--input-tokens", "64", "--output-tokens", "24",
                "--slo", "ttft=2s", "--label", "profile=" + profile, "--out", out.toString(), "--no-progress"},
                    new java.io.PrintWriter(new java.io.StringWriter(), true), new java.io.PrintWriter(err, true));
            assertThat(code).as(err.toString()).isZero();
        }
        return out;
    }

    @Test
    void simulatorRuns_incrementalVsBuffered_drawEveryChartWithoutErrors() throws Exception {
        Chromium.binary();
        Path incremental = simulatorRun("baseline", "sim-baseline");
        Path buffered = simulatorRun("managed-buffered", "sim-buffered");
        Path page = ARTIFACTS.resolve("simulator.html");
        HtmlReport.write(List.of(incremental, buffered), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("simulator.png"));

        assertDrawnWithoutErrors(dom);
        assertThat(dom).contains("sim-baseline").contains("sim-buffered").contains("Streaming timelines")
                .doesNotContain("id=\"sessions\""); // no agent sessions, no section for them
    }

    @Test
    void agentSessionRuns_drawTheSessionsSection_withoutErrors() throws Exception {
        Chromium.binary();
        Path[] runs = new Path[2];
        String[] profiles = {"baseline", "candidate-fp8-kv"};
        for (int i = 0; i < 2; i++) {
            runs[i] = dir.resolve("agent-" + profiles[i]);
            try (SimServer sim = SimServer.start(SimProfile.bundled(profiles[i]), "127.0.0.1", 0, 1)) {
                java.io.StringWriter err = new java.io.StringWriter();
                int code = Main.execute(new String[] {"run", "--base-url", sim.baseUrl(), "--sessions", "4", "--concurrency", "2",
                    "--turns", "3", "--think-time", "10ms", "--system-tokens", "128", "--turn-tokens", "16", "--tool-tokens", "16",
                    "--output-tokens", "8", "--out", runs[i].toString(), "--no-progress"},
                        new java.io.PrintWriter(new java.io.StringWriter(), true), new java.io.PrintWriter(err, true));
                assertThat(code).as(err.toString()).isZero();
            }
        }
        Path page = ARTIFACTS.resolve("sessions.html");
        HtmlReport.write(List.of(runs[0], runs[1]), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("sessions.png"));

        assertDrawnWithoutErrors(dom);
        assertThat(dom).contains("id=\"sessions\"", "href=\"#sessions\"", "TTFT p50 by turn", "E2E p50 by turn (agent turn latency)",
                "cached tokens (mean)");
        // 4 CDFs + 6 over time + timeline + 2 by turn, and as many server-metric charts as the simulator exports
        assertThat(Integer.parseInt(attribute(dom, "data-charts-expected"))).isGreaterThanOrEqualTo(13);
    }
}
