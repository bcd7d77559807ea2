package dev.infergate.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.SAXException;

class ExportTest {
    static final long MS = 1_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * A run of 4 measured requests and one warm-up: #1 keeps its event times (gaps 10, 20, 30 ms), #2 only its
     * histogram (gaps 5 ms x 4), #3 failed with a hostile detail, #4 one token.
     */
    static Path run(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"api\":\"chat\","
                + "\"started_at\":\"2026-12-04T07:00:00Z\",\"labels\":{\"gpu\":\"H100\"},"
                + "\"load\":{\"mode\":\"closed\",\"concurrency\":2,\"requests\":4},\"ended_at\":\"2026-12-04T07:00:01Z\"}");
        ItlCodec codec = new ItlCodec();
        List<RequestRecord> records = new ArrayList<>();
        records.add(RequestRecord.builder(0).phase(Phase.WARMUP).sentNanos(0).headersNanos(0).firstTokenNanos(50 * MS)
                .lastTokenNanos(60 * MS).doneNanos(61 * MS).status(200).inputTokens(10).outputTokens(2)
                .outputTokensSource(TokenSource.USAGE).chunks(2).maxStallNanos(10 * MS)
                .itlHistogram(codec.encode(new int[] {10_000}, 1)).build());
        records.add(RequestRecord.builder(1).scheduledNanos(100 * MS).sentNanos(101 * MS).headersNanos(110 * MS)
                .firstTokenNanos(200 * MS).lastTokenNanos(260 * MS).doneNanos(262 * MS).status(200).inputTokens(100)
                .outputTokens(4).outputTokensSource(TokenSource.USAGE).chunks(4).maxStallNanos(30 * MS)
                .itlHistogram(codec.encode(new int[] {10_000, 20_000, 30_000}, 3))
                .eventOffsetsNanos(new long[] {99 * MS, 109 * MS, 129 * MS, 159 * MS}).build());
        records.add(RequestRecord.builder(2).scheduledNanos(100 * MS).sentNanos(100 * MS).headersNanos(105 * MS)
                .firstTokenNanos(150 * MS).lastTokenNanos(170 * MS).doneNanos(171 * MS).status(200).inputTokens(80)
                .outputTokens(5).outputTokensSource(TokenSource.USAGE).chunks(5).maxStallNanos(5 * MS)
                .itlHistogram(codec.encode(new int[] {5_000, 5_000, 5_000, 5_000}, 4)).build());
        records.add(RequestRecord.builder(3).scheduledNanos(200 * MS).sentNanos(200 * MS).headersNanos(210 * MS)
                .doneNanos(220 * MS).status(500).error(ErrorClass.HTTP_5XX)
                .errorDetail("=HYPERLINK(\"x\")\u0001 <b>&").inputTokens(90).build());
        records.add(RequestRecord.builder(4).scheduledNanos(300 * MS).sentNanos(300 * MS).headersNanos(301 * MS)
                .firstTokenNanos(340 * MS).lastTokenNanos(340 * MS).doneNanos(400 * MS).status(200).inputTokens(70)
                .outputTokens(1).outputTokensSource(TokenSource.USAGE).chunks(1).build());
        StringBuilder sb = new StringBuilder();
        records.forEach(r -> sb.append(RecordCodec.toJson(r)).append('\n'));
        Files.writeString(dir.resolve("requests.jsonl"), sb.toString());
        return dir;
    }

    static int cli(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void gaps_areExactWithEventTimes_andFromTheHistogramOtherwise() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        dev.infergate.record.RunLog.readRecords(run(dir.resolve("r")), records::add);
        assertThat(Gaps.millis(records.get(1))).containsExactly(10.0, 20.0, 30.0);
        assertThat(Gaps.exact(records.get(1))).isTrue();
        assertThat(Gaps.millis(records.get(2))).containsExactly(new double[] {5.0, 5.0, 5.0, 5.0}, org.assertj.core.data.Offset.offset(0.005));
        assertThat(Gaps.exact(records.get(2))).isFalse();
        assertThat(Gaps.millis(records.get(4))).isEmpty();
    }

    @Test
    void csv_writesOneRowPerRequestAndTheSummaryAsKeyValueRows() throws IOException {
        Path run = run(dir.resolve("r"));
        StringWriter out = new StringWriter();
        assertThat(cli(out, new StringWriter(), "export", run.toString(), "--format", "csv", "--detail")).isZero();
        List<String> lines = Files.readAllLines(run.resolve("requests.csv"));
        assertThat(lines).hasSize(1 + 5);
        assertThat(lines.get(0)).startsWith("id,worker,phase,condition");
        assertThat(lines.get(2)).contains(",measured,").contains(",99.0,").contains("\"10.0 20.0 30.0\",true");
        // a formula from a server is defused with an apostrophe, and its quotes are CSV-escaped
        assertThat(lines.get(4)).contains("\"'=HYPERLINK(\"\"x\"\")");
        String summary = Files.readString(run.resolve("summary.csv"));
        assertThat(summary).startsWith("key,value\n").contains("requests.sent,4\n").contains("latency_ms.ttft.p50,")
                .doesNotContain("run.model");
    }

    @Test
    void vllm_writesVllmKeysWithVllmDefinitions() throws IOException {
        Path run = run(dir.resolve("r"));
        assertThat(cli(new StringWriter(), new StringWriter(), "export", run.toString(), "--format", "vllm", "--detail"))
                .isZero();
        JsonNode v = JSON.readTree(run.resolve("vllm-result.json").toFile());
        assertThat(v.get("completed").asInt()).isEqualTo(3);
        assertThat(v.get("failed").asInt()).isEqualTo(1);
        assertThat(v.get("num_prompts").asInt()).isEqualTo(4);
        // TTFTs of the successful requests: 99, 50, 40 ms
        assertThat(v.get("mean_ttft_ms").asDouble()).isCloseTo(63.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(v.get("median_ttft_ms").asDouble()).isEqualTo(50.0);
        // E2EL = done - sent: 161, 71, 100 ms
        assertThat(v.get("p50_e2el_ms").asDouble()).isEqualTo(100.0);
        // vLLM's TPOT ends at done: (161-99)/3 and (71-50)/4; the one-token request has none
        assertThat(v.get("mean_tpot_ms").asDouble()).isCloseTo((62.0 / 3 + 21.0 / 4) / 2, org.assertj.core.data.Offset.offset(1e-9));
        // duration from the first send (100 ms) to the last end (400 ms)
        assertThat(v.get("duration").asDouble()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(v.get("request_throughput").asDouble()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(v.get("itls").get(0).toString()).isEqualTo("[0.01,0.02,0.03]");
        assertThat(v.get("ttfts").get(2).asDouble()).isZero();
        assertThat(v.get("errors").get(2).asText()).startsWith("http_5xx: ");
        assertThat(v.get("label").asText()).isEqualTo("gpu=H100");
    }

    @Test
    void vllm_countsAUserCancellation_neitherCompletedNorFailed() throws IOException {
        Path run = run(dir.resolve("c"));
        RequestRecord stopped = RequestRecord.builder(5).scheduledNanos(400 * MS).sentNanos(400 * MS)
                .headersNanos(405 * MS).firstTokenNanos(420 * MS).lastTokenNanos(430 * MS).doneNanos(431 * MS)
                .status(200).error(ErrorClass.USER_CANCELLED).inputTokens(60).outputTokens(3)
                .outputTokensSource(TokenSource.CLIENT).chunks(3).build();
        Files.writeString(run.resolve("requests.jsonl"), RecordCodec.toJson(stopped) + "\n", StandardOpenOption.APPEND);
        assertThat(cli(new StringWriter(), new StringWriter(), "export", run.toString(), "--format", "vllm", "--detail"))
                .isZero();
        JsonNode v = JSON.readTree(run.resolve("vllm-result.json").toFile());
        assertThat(v.get("num_prompts").asInt()).isEqualTo(5);
        assertThat(v.get("completed").asInt()).isEqualTo(3);
        assertThat(v.get("failed").asInt()).as("a user cancellation is not a failure").isEqualTo(1);
        assertThat(v.get("user_cancelled").asInt()).isEqualTo(1);
        assertThat(v.get("errors").get(4).asText()).isEqualTo("user_cancelled");
    }

    @Test
    void vllm_ofAnOpenLoopRun_writesItsRate() throws IOException {
        Path capacity = Path.of("src/test/resources/dev/infergate/golden/accept-small/capacity/baseline/rate-12.0000-a0");
        Path out = dir.resolve("v.json");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", capacity.toString(), "--format", "vllm", "-o",
                out.toString())).isZero();
        JsonNode v = JSON.readTree(out.toFile());
        assertThat(v.get("request_rate").asDouble()).isEqualTo(12.0);
        assertThat(v.has("ttfts")).isFalse();
        assertThat(v.get("completed").asInt()).isPositive();
    }

    @Test
    void outNamesADirectoryInEveryFormat_oNamesTheFile_andALegacyFileOutStillWorksWithANote() throws IOException {
        Path capacity = Path.of("src/test/resources/dev/infergate/golden/accept-small/capacity/baseline/rate-12.0000-a0");
        Path accept = Path.of("src/test/resources/dev/infergate/golden/accept-small");
        Path folder = dir.resolve("for-ci");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", capacity.toString(), "--format", "vllm", "--out",
                folder.toString())).isZero();
        assertThat(cli(new StringWriter(), new StringWriter(), "export", accept.toString(), "--format", "junit", "--out",
                folder.toString())).isZero();
        assertThat(folder.resolve("vllm-result.json")).isRegularFile();
        assertThat(folder.resolve("junit.xml")).isRegularFile();

        StringWriter err = new StringWriter();
        Path legacy = dir.resolve("old-style.json");
        assertThat(cli(new StringWriter(), err, "export", capacity.toString(), "--format", "vllm", "--out",
                legacy.toString())).isZero();
        assertThat(legacy).isRegularFile();
        assertThat(err.toString()).contains("--out " + legacy + " names a file, which is deprecated", "-o " + legacy);

        StringWriter both = new StringWriter();
        assertThat(cli(new StringWriter(), both, "export", capacity.toString(), "--format", "vllm", "--out",
                folder.toString(), "-o", legacy.toString())).isEqualTo(2);
        assertThat(both.toString()).contains("give --out DIR (writes DIR/vllm-result.json) or -o FILE, not both");
    }

    @Test
    void junit_ofTheRecordedAcceptResult_validatesAgainstTheJunitSchema() throws Exception {
        Path accept = Path.of("src/test/resources/dev/infergate/golden/accept-small");
        Path xml = dir.resolve("ci/junit.xml");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", accept.toString(), "--format", "junit", "-o",
                xml.toString())).isZero();
        String text = Files.readString(xml);
        validate(text);
        // every criterion of every condition is a test case, and the quality criterion one more
        JsonNode acceptance = JSON.readTree(accept.resolve("acceptance.json").toFile());
        int criteria = 0;
        for (JsonNode c : acceptance.get("comparison").get("conditions")) {
            criteria += c.get("criteria").size();
        }
        assertThat(text.split("<testcase ", -1).length - 1).isEqualTo(criteria + 1);
        assertThat(text).contains("name=\"short-chat/fresh/typical: ttft.p50 max_regression 25%\"").contains("<skipped");
    }

    @Test
    void junit_marksAFailedCriterionAsFailureWithItsFigures_andEscapesHostileText() throws Exception {
        JsonNode comparison = JSON.readTree("{\"conditions\":[{\"condition\":\"c<&\\u0001>\",\"verdict\":\"fail\","
                + "\"figures\":[{\"statistic\":\"ttft.p95\",\"unit\":\"ms\",\"baseline\":100.0,\"candidate\":150.0,"
                + "\"delta\":0.5,\"delta_ci\":[0.4,0.6]}],\"criteria\":[{\"criterion\":\"ttft.p95 max_regression 10%\","
                + "\"statistic\":\"ttft.p95\",\"verdict\":\"fail\"},{\"criterion\":\"errors.rate max 0.5%\","
                + "\"statistic\":\"errors.rate\",\"verdict\":\"pass\"}]}]}");
        String xml = JunitXml.of(comparison);
        validate(xml);
        assertThat(xml).contains("tests=\"2\" failures=\"1\"")
                .contains("message=\"ttft.p95 max_regression 10%: failed (baseline 100.0 ms, candidate 150.0 ms, delta +50.0 % [+40.0 %, +60.0 %])\"")
                .contains("classname=\"infergate.c&lt;&amp;\uFFFD&gt;\"");
    }

    @Test
    void theSchemaRejectsATestCaseWithoutAName() throws Exception {
        assertThatThrownBy(() -> validate("<testsuites><testsuite name=\"s\" tests=\"1\"><testcase classname=\"x\"/>"
                + "</testsuite></testsuites>")).isInstanceOf(SAXException.class);
    }

    @Test
    void junit_ofADirectoryWithoutAResult_isOneLineAndExit2() throws IOException {
        StringWriter err = new StringWriter();
        assertThat(cli(new StringWriter(), err, "export", run(dir.resolve("r")).toString(), "--format", "junit")).isEqualTo(2);
        assertThat(err.toString()).contains("holds no acceptance.json or comparison.json").doesNotContain("Exception");
    }

    static void validate(String xml) throws Exception {
        Validator v = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(Path.of("src/test/resources/dev/infergate/export/jenkins-junit.xsd").toFile()).newValidator();
        v.validate(new StreamSource(new StringReader(xml)));
    }
}
