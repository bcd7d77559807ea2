package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

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

        String dom = Chromium.dumpDom(page, dir);
        Chromium.screenshot(page, dir, ARTIFACTS.resolve("comparison.png"));

        assertDrawnWithoutErrors(dom);
        assertThat(Integer.parseInt(attribute(dom, "data-charts-expected"))).isGreaterThanOrEqualTo(11);
        assertThat(Files.size(ARTIFACTS.resolve("comparison.png"))).isGreaterThan(10_000);
    }
}
