package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    @TempDir
    Path dir;

    static String embeddedData(String html) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"infergate-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        assertThat(m.find()).as("data block present").isTrue();
        return m.group(1);
    }

    @Test
    void hostileText_cannotCloseTheDataBlockOrAddMarkup() throws Exception {
        Path run = Hostile.write(dir);

        String html = new HtmlReport().render(List.of(run));

        // the template has exactly four script elements; a breakout would add more
        assertThat(Pattern.compile("<script").matcher(html).results().count()).isEqualTo(4);
        assertThat(Pattern.compile("</script", Pattern.CASE_INSENSITIVE).matcher(html).results().count()).isEqualTo(4);
        assertThat(html).doesNotContain("<img").doesNotContain("<!--");
        String data = embeddedData(html);
        assertThat(data).doesNotContain("<").doesNotContain(">").doesNotContain("&").doesNotContain("\u2028");
        JsonNode parsed = ReportInputs.JSON.readTree(data);
        assertThat(parsed.path("sides").get(0).path("name").asText()).isEqualTo(Hostile.BOTH);
        assertThat(parsed.path("sides").get(0).path("by_condition").has(Hostile.BOTH)).isTrue();
        assertThat(html).contains("<title>infergate report: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img");
    }

    @Test
    void embeddedJson_escapesEveryCharacterThatCouldEndAScriptElement() {
        String json = HtmlReport.embeddedJson(Map.of("k", "a</script>&\u2028\u2029<!--"));

        assertThat(json).isEqualTo("{\"k\":\"a\\u003c/script\\u003e\\u0026\\u2028\\u2029\\u003c!--\"}");
    }

    @Test
    void templateFill_neverRescansInsertedText() {
        String filled = HtmlReport.fill("<t>{{TITLE}}</t><d>{{DATA}}</d>", Map.of("TITLE", "{{DATA}}", "DATA", "x"));

        assertThat(filled).isEqualTo("<t>{{DATA}}</t><d>x</d>");
    }

    @Test
    void aHundredThousandRequests_makeAPageOfAFewMegabytesAtMost() throws Exception {
        SyntheticRun big = new SyntheticRun().named("big");
        big.requests = 100_000;
        big.ratePerSecond = 200;
        big.eventEvery = 100;
        Path run = big.write(dir);
        Path out = dir.resolve("report.html");

        HtmlReport.write(List.of(run), out);

        assertThat(Files.size(out)).isLessThan(3_000_000);
        JsonNode side = ReportInputs.JSON.readTree(embeddedData(Files.readString(out))).path("sides").get(0);
        // statistics see every request; drawings are thinned
        assertThat(side.path("summary").path("requests").path("sent").asLong()).isEqualTo(100_000);
        assertThat(side.path("cdf").path("ttft").path("count").asLong()).isGreaterThan(98_000);
        assertThat(side.path("cdf").path("ttft").path("x_ms").size()).isLessThanOrEqualTo(Cdf.MAX_POINTS);
        assertThat(side.path("timeline").size()).isLessThanOrEqualTo(ReportModel.MAX_TIMELINES);
        assertThat(side.path("series").path("in_flight").size()).isLessThanOrEqualTo(TimeSeries.MAX_BUCKETS);
    }

    @Test
    void aDirectoryThatIsNotARun_isNamedInTheError() throws Exception {
        Files.createDirectories(dir.resolve("empty"));

        assertThatThrownBy(() -> new HtmlReport().render(List.of(dir.resolve("empty"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty").hasMessageContaining("run directory");
    }
}
