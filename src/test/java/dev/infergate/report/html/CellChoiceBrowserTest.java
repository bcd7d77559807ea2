package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The choice of cell, read in real headless Chromium from the report of the recorded accept result (2 cells with
 * 2 repeats, DecisionBrowserTest's fixture): opened at {@code #cell=N}, the page chooses that option in its select
 * the way a reader does, and the cards and run-drawn sections are drawn again for it and name it. Screenshots
 * (1,400 px wide) are kept under target/report-artifacts.
 */
class CellChoiceBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern H2 = Pattern.compile("<section id=\"([a-z-]+)\"><h2>(.*?)</h2>");
    private static final Pattern CARD = Pattern.compile("<div class=\"card\"[^>]*><h3>(.*?)</h3>(.*?)</dl>");
    /** The sections drawn from the runs of one cell, as the recorded result has them. */
    private static final List<String> RUN_DRAWN = List.of("distributions", "over-time", "timeline", "conditions", "cache", "server");

    @TempDir
    Path dir;

    /** The headings of the page's visible sections, by id. */
    private static Map<String, String> headings(String dom) {
        return RecordedFixture.byId(H2, dom);
    }

    /** "4.72 req/s": a side's throughput in the given cell as the page formats it (2 decimals below 10). */
    private static String throughput(String side, String cell) throws IOException {
        JsonNode summary = JSON.readTree(DecisionBlockTest.RECORDED.resolve(side).resolve(cell).resolve("r1/summary.json").toFile());
        double rps = summary.path("throughput").path("requests_per_s").doubleValue();
        assertThat(rps).isBetween(1.0, 10.0);
        return String.format(Locale.ROOT, "%.2f req/s", rps).replaceAll("0+ req/s$", " req/s").replace(". req/s", " req/s");
    }

    @Test
    void choosingAnotherCell_redrawsTheCardsAndRunChartsForIt_andNamesItInEveryHeading() throws Exception {
        Chromium.binary();
        Path page = HtmlReportBrowserTest.ARTIFACTS.resolve("cell-choice.html");
        HtmlReport.write(List.of(DecisionBlockTest.RECORDED), page);

        String first = Chromium.dumpDom(page, dir);
        String chosen = Chromium.dumpDomAndScreenshot(page, "#cell=2", dir, HtmlReportBrowserTest.ARTIFACTS.resolve("cell-choice.png"));

        HtmlReportBrowserTest.assertDrawnWithoutErrors(first);
        HtmlReportBrowserTest.assertDrawnWithoutErrors(chosen);
        assertThat(chosen).contains("<option value=\"2\">short-chat/shared/typical, repeat 1 · inconclusive</option>")
                .contains("<option value=\"0\">short-chat/fresh/typical, repeat 1 · inconclusive · shown first</option>");
        // the page opens on the cell the decision rests on; the choice moves every run-drawn heading to the other cell
        for (String id : RUN_DRAWN) {
            assertThat(headings(first).get(id)).as(id).endsWith(" — short-chat/fresh/typical, repeat 1");
            assertThat(headings(chosen).get(id)).as(id).endsWith(" — short-chat/shared/typical, repeat 1");
        }
        // each row of Cell details links to its cell's charts (the option of its repeat 1)
        assertThat(chosen).contains("short-chat · shared · typical · <a class=\"charts\" href=\"#cell=2\">its charts</a>")
                .contains("short-chat · fresh · typical · <a class=\"charts\" href=\"#cell=0\">its charts</a>");
        // drawn once: one legend entry per side, one of each section
        assertThat(chosen.split("<span>baseline \\(baseline\\)</span>", -1)).hasSize(2);
        assertThat(chosen.split("<section id=\"distributions\">", -1)).hasSize(2);
        // the plan-wide sections keep their headings
        assertThat(headings(chosen)).containsEntry("decision", "Decision").containsEntry("acceptance", "Acceptance")
                .containsEntry("headline", "Headline");
        // the cards: headed by side and cell, with that cell's figures (throughput from the cell's own summary.json)
        String fresh = throughput("baseline", "short-chat/fresh/typical");
        String shared = throughput("baseline", "short-chat/shared/typical");
        assertThat(fresh).isNotEqualTo(shared);
        Matcher before = CARD.matcher(first);
        Matcher after = CARD.matcher(chosen);
        assertThat(before.find()).isTrue();
        assertThat(after.find()).isTrue();
        assertThat(before.group(1)).isEqualTo("baseline — short-chat/fresh/typical, repeat 1");
        assertThat(after.group(1)).isEqualTo("baseline — short-chat/shared/typical, repeat 1");
        assertThat(before.group(2)).contains("<dt>throughput</dt><dd>" + fresh).doesNotContain(shared);
        assertThat(after.group(2)).contains("<dt>throughput</dt><dd>" + shared).doesNotContain(fresh);
        assertThat(Files.size(HtmlReportBrowserTest.ARTIFACTS.resolve("cell-choice.png"))).isGreaterThan(10_000);
    }

    @Test
    void hostileCellNames_reachTheChoiceAndHeadingsAsText() throws Exception {
        Chromium.binary();
        String hostile = "<img src=x onerror=alert(1)>";
        Path copy = RecordedFixture.copy(dir.resolve("accept"), rel -> rel.replace("short-chat", hostile));
        ObjectNode acceptance = (ObjectNode) JSON.readTree(copy.resolve(ReportInputs.ACCEPTANCE_FILE).toFile());
        acceptance.path("matrix").forEach(c -> ((ObjectNode) c).put("workload", hostile));
        acceptance.path("runs").forEach(r -> ((ObjectNode) r).put("dir", r.path("dir").textValue().replace("short-chat", hostile)));
        JSON.writeValue(copy.resolve(ReportInputs.ACCEPTANCE_FILE).toFile(), acceptance);
        Path page = dir.resolve("hostile-cells.html");
        HtmlReport.write(List.of(copy), page);

        String dom = Chromium.dumpDom(page, "#cell=3", dir);

        HtmlReportBrowserTest.assertDrawnWithoutErrors(dom); // no alert was called
        assertThat(dom).doesNotContain("<img")
                .contains("<option value=\"3\">&lt;img src=x onerror=alert(1)&gt;/shared/typical, repeat 2 · inconclusive</option>");
        assertThat(headings(dom).get("distributions")).isEqualTo("Latency distributions — &lt;img src=x onerror=alert(1)&gt;/shared/typical, repeat 2");
    }
}
