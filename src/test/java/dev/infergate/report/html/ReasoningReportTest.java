package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's reasoning block and section (a side with reasoning beside one without), and a side's cancellations. */
class ReasoningReportTest {
    @TempDir
    Path dir;

    private Path simulatorRun(String name, String... extra) {
        Path out = dir.resolve(name);
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            List<String> args = new ArrayList<>(List.of("run", "--base-url", sim.baseUrl(), "--concurrency", "2",
                    "--requests", "8", "--warmup", "0", "--input-tokens", "32", "--output-tokens", "12", "--out", out.toString(),
                    "--no-progress", "--server-metrics", "off"));
            args.addAll(Arrays.asList(extra));
            StringWriter err = new StringWriter();
            int code = Main.execute(args.toArray(String[]::new), new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isZero();
        }
        return out;
    }

    @Test
    void aReasoningSide_getsARowWithBothFirstMarksAndTheTokenSplit_aPlainSideNone() {
        Path thinking = simulatorRun("thinking", "--extra-body", "{\"reasoning_tokens\": 8}");
        Path plain = simulatorRun("plain");
        ReportData model = ReportModel.build(List.of(plain, thinking));
        assertThat(model.reasoning()).isNotNull();
        List<ReasoningView.Row> rows = model.reasoning().sides();
        assertThat(rows).hasSize(1);
        ReasoningView.Row row = rows.get(0);
        assertThat(row.side()).isEqualTo("thinking");
        assertThat(row.index()).as("its colour on the page: the second side").isEqualTo(1);
        assertThat(row.requests()).isEqualTo(8);
        assertThat(row.firstReasoningMs().count()).isEqualTo(8);
        assertThat(row.firstAnswerMs().p50()).isGreaterThan(row.firstReasoningMs().p50());
        assertThat(row.reasoningTokensMean()).isEqualTo(8.0);
        assertThat(row.answerTokensMean()).isEqualTo(4.0);
        assertThat(ReportModel.build(List.of(plain)).reasoning()).isNull();
    }

    @Test
    void thePage_drawsTheReasoningSection_andTheCancelledCount_withoutErrors() throws Exception {
        Chromium.binary();
        Path thinking = simulatorRun("thinking", "--extra-body", "{\"reasoning_tokens\": 8}", "--cancel-rate", "0.5",
                "--cancel-after", "3tok");
        Path plain = simulatorRun("plain");
        Path page = HtmlReportBrowserTest.ARTIFACTS.resolve("reasoning.html");
        HtmlReport.write(List.of(plain, thinking), page);
        String dom = Chromium.dumpDom(page, dir);
        HtmlReportBrowserTest.assertDrawnWithoutErrors(dom);
        assertThat(dom).contains("id=\"reasoning\"").contains("first answer p50 / p95 (ms)").contains("cancelled by the client");
    }
}
