package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decision at a glance, read in real headless Chromium from the report of a recorded accept result (the
 * golden fixture: 2 matrix cells with 2 repeats, capacity, burst and quality, recorded against serve-sim).
 * Screenshots (1,400 px wide) are kept under target/report-artifacts.
 */
class DecisionBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SECTION = Pattern.compile("<section id=\"([a-z-]+)\">(.*?)</section>", Pattern.DOTALL);

    @TempDir
    Path dir;

    /** The fixture copied to {@code dir}, its acceptance.json changed by {@code edit} (null: as recorded). */
    private Path fixture(java.util.function.Consumer<Map<String, Object>> edit) throws IOException {
        Path copy = RecordedFixture.copy(dir.resolve("accept"), UnaryOperator.identity());
        if (edit != null) {
            Map<String, Object> acceptance = new LinkedHashMap<>(DecisionBlockTest.recorded());
            edit.accept(acceptance);
            JSON.writeValue(copy.resolve(ReportInputs.ACCEPTANCE_FILE).toFile(), acceptance);
        }
        return copy;
    }

    private static Map<String, String> sections(String dom) {
        return RecordedFixture.byId(SECTION, dom);
    }

    /** The section's content beyond its title and notes: a table, a chart, a list or a verdict. */
    private static boolean hasContent(String section) {
        String body = section.replaceAll("<h2>.*?</h2>", "").replaceAll("<p class=\"note[^\"]*\">.*?</p>", "");
        return Stream.of("<table", "<canvas", "<dl", "<li", "class=\"verdict").anyMatch(body::contains);
    }

    @Test
    void recordedAcceptance_decisionBlockShowsVerdictRequestsPerHourLongestWaitAndChanges_andNoSectionIsEmpty() throws Exception {
        Chromium.binary();
        Path page = HtmlReportBrowserTest.ARTIFACTS.resolve("decision.html");
        HtmlReport.write(List.of(fixture(null)), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, HtmlReportBrowserTest.ARTIFACTS.resolve("decision.png"));

        HtmlReportBrowserTest.assertDrawnWithoutErrors(dom);
        Map<String, String> sections = sections(dom);
        assertThat(sections.keySet()).startsWith("decision", "headline", "acceptance", "sweep", "quality", "burst")
                .contains("distributions", "over-time", "cache", "environment");
        assertThat(SweepBrowserTest.drawn(dom, "frontier")).as("the plan's sweep step, from sweep/sweep.json")
                .isEqualTo("baseline:c=1,c=4|candidate:c=1,c=4");
        String decision = sections.get("decision");
        // the verdict per audience (no audiences in this acceptance.json: the top-level verdict as one audience)
        assertThat(decision).contains("all users (one audience)").contains("? INCONCLUSIVE")
                .contains("? inconclusive: ttft.p50 max_regression 25% in <a href=\"#cell-0\">short-chat/fresh/typical</a> (+24.3 %");
        // requests/hour with its interval, linked to the capacity curves
        assertThat(decision).contains("0 requests/hour [-43,200, +43,200] (baseline 43,200/h → candidate 43,200/h; "
                + "the interval includes zero").contains("href=\"#capacity\"");
        // the longest wait per side, from scheduled, at each side's capacity
        assertThat(decision).contains("longest wait, baseline").contains("p99 E2E from scheduled 2,851 ms (TTFT 119.6 ms) of 62 requests")
                .contains("longest wait, candidate").contains("p99 E2E from scheduled 2,127 ms (TTFT 120.7 ms) of 62 requests");
        // TTFT / E2E / throughput changes with intervals, each condition linked to its cell
        assertThat(decision).contains("href=\"#cell-0\"").contains("href=\"#cell-1\"")
                .contains("-7.31 % [-7.67 %, -6.45 %]").contains("+7.15 % [+7.14 %, +7.16 %]")
                .contains("E2E p50: up in 0, down in 2, unsettled in 0");
        assertThat(sections.get("quality")).contains("accuracy drop 0.0%");
        assertThat(sections.get("burst")).contains("baseline · during");
        // the cards show the cell the decision rests on (its first criterion not passed), and say so
        assertThat(sections.get("headline")).contains("run shown").contains("<h3>baseline — short-chat/fresh/typical, repeat 1</h3>");
        sections.forEach((id, body) -> assertThat(hasContent(body)).as("section %s has content", id).isTrue());
        // Cell details: criteria and changes filled in, no column of dashes
        assertThat(sections.get("acceptance")).contains("e2e.p50 max_regression 10%: ✓ pass")
                .doesNotContain("<td class=\"text\">—</td>");
    }

    @Test
    void audiencesInAcceptanceJson_eachShowsItsVerdictAndReason_asText() throws Exception {
        Chromium.binary();
        Path accept = fixture(a -> a.put("audiences", List.of(
                Map.of("name", "chat", "label", "people chatting", "verdict", "rejected", "reason", "TTFT p50 rose <img src=x onerror=alert(1)>",
                        "criteria", List.of(Map.of("criterion", "ttft.p50 max_regression 10%"))),
                Map.of("name", "batch", "verdict", "accepted", "reason", "throughput +9 % [+9.0 %, +9.3 %]",
                        "criteria", new ArrayList<>()))));
        Path page = HtmlReportBrowserTest.ARTIFACTS.resolve("decision-audiences.html");
        HtmlReport.write(List.of(accept), page);

        String dom = Chromium.dumpDomAndScreenshot(page, dir, HtmlReportBrowserTest.ARTIFACTS.resolve("decision-audiences.png"));

        HtmlReportBrowserTest.assertDrawnWithoutErrors(dom); // no alert was called
        String decision = sections(dom).get("decision");
        assertThat(decision).contains("people chatting (chat)").contains("✗ REJECTED").contains("evidence: criteria (1)")
                .contains("batch").contains("✓ ACCEPTED").contains("throughput +9 % [+9.0 %, +9.3 %]")
                .contains("TTFT p50 rose &lt;img src=x onerror=alert(1)&gt;").doesNotContain("<img");
    }
}
