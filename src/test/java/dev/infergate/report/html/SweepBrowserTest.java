package dev.infergate.report.html;

import static dev.infergate.report.html.HtmlReportBrowserTest.ARTIFACTS;
import static dev.infergate.report.html.HtmlReportBrowserTest.assertDrawnWithoutErrors;
import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.FastSim;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real sweep of two simulators, its page opened in headless Chromium: the frontier and both latency charts. */
class SweepBrowserTest {
    @TempDir
    Path dir;

    /** What the chart {@code id} says it drew: {@code baseline:c=1,c=2|candidate:c=1,c=2}; null when no such chart. */
    static String drawn(String dom, String id) {
        Matcher m = Pattern.compile("data-chart=\"" + id + "\"[^>]*data-drawn=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    @Test
    void aSweepsPage_drawsBothSidesCurves_withEveryLevelsPoint_onTheFrontierAndAgainstThroughput() throws Exception {
        Chromium.binary();
        Path out = dir.resolve("sweep");
        StringWriter err = new StringWriter();
        try (SimServer base = SimServer.start(FastSim.profile("baseline", dir), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(FastSim.profile("candidate-fp8-kv", dir), "127.0.0.1", 0, 1)) {
            int code = Main.execute(new String[] {"sweep", "--base-url", base.baseUrl(), "--candidate-url", cand.baseUrl(),
                    "--concurrency", "1,2,4", "--requests", "2x", "--warmup", "0", "--out", out.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isZero();
        }
        Path page = out.resolve("report.html");
        Files.createDirectories(ARTIFACTS);
        Files.copy(page, ARTIFACTS.resolve("sweep.html"), StandardCopyOption.REPLACE_EXISTING);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, ARTIFACTS.resolve("sweep.png"));

        assertDrawnWithoutErrors(dom);
        String everyLevel = "baseline:c=1,c=2,c=4|candidate:c=1,c=2,c=4";
        assertThat(drawn(dom, "frontier")).as("frontier: output tok/s per GPU against tok/s per user").isEqualTo(everyLevel);
        assertThat(drawn(dom, "ttft")).as("TTFT p50 against throughput").isEqualTo(everyLevel);
        assertThat(drawn(dom, "e2e")).as("E2E p50 against throughput").isEqualTo(everyLevel);
        assertThat(dom).contains("<section id=\"sweep\">").contains("Frontier: output tok/s per GPU against tok/s per user")
                .contains("output tok/s / 1 GPU (the default: --gpus not given)")
                .contains("Change, candidate vs baseline (98.3 % intervals)").contains("Bonferroni");
        assertThat(Files.size(ARTIFACTS.resolve("sweep.png"))).isGreaterThan(10_000);
    }
}
