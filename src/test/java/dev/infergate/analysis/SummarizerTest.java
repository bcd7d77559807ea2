package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.json.Json;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummarizerTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** A successful request: scheduled at {@code startMs}, sent 1 ms later, TTFT {@code ttftMs}, 10 tokens 10 ms apart. */
    static RequestRecord ok(long id, long startMs, long ttftMs, int cached, Phase phase) {
        long sent = (startMs + 1) * MS;
        long first = sent + ttftMs * MS;
        long last = first + 9 * 10 * MS;
        int[] gaps = new int[9];
        java.util.Arrays.fill(gaps, 10_000);
        return RequestRecord.builder(id).phase(phase).scheduledNanos(startMs * MS).sentNanos(sent)
                .headersNanos(sent + MS).firstTokenNanos(first).lastTokenNanos(last).doneNanos(last + MS).status(200)
                .inputTokens(100).outputTokens(10).outputTokensSource(TokenSource.USAGE).cachedTokens(cached)
                .chunks(10).maxStallNanos(10 * MS).itlHistogram(new ItlCodec().encode(gaps, 9)).build();
    }

    static RequestRecord failed(long id, long startMs, ErrorClass error) {
        return RequestRecord.builder(id).scheduledNanos(startMs * MS).sentNanos((startMs + 1) * MS)
                .doneNanos((startMs + 2) * MS).status(429).error(error).errorDetail("rate limited")
                .retryAfterSeconds(1.0).build();
    }

    void writeRun(List<RequestRecord> records, String slo, String tail) throws IOException {
        Files.writeString(dir.resolve("run.json"),
                "{\"schema\":\"infergate.run/1\",\"base_url\":\"http://x/v1\",\"model\":\"m\",\"slo\":" + slo + "}");
        StringBuilder sb = new StringBuilder();
        for (RequestRecord r : records) {
            sb.append(RecordCodec.toJson(r)).append('\n');
        }
        Files.writeString(dir.resolve("requests.jsonl"), sb + tail);
    }

    @Test
    void summary_countsFailuresInEveryDenominator() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        records.add(ok(0, 0, 50, 0, Phase.WARMUP));
        for (int i = 1; i <= 8; i++) {
            records.add(ok(i, i * 100L, i <= 4 ? 100 : 900, i % 2 == 0 ? 64 : 0, Phase.MEASURED));
        }
        records.add(failed(9, 900, ErrorClass.HTTP_429));
        records.add(failed(10, 1000, ErrorClass.TIMEOUT_IDLE));
        writeRun(records, "{\"ttft_ms\":500}", "");

        Summary s = Summarizer.summarize(dir);
        FigureSet f = s.figures();

        assertThat(s.schema()).isEqualTo("infergate.summary/1");
        assertThat(f.requests()).isEqualTo(new FigureSet.Requests(10, 8, 2, 1));
        assertThat(f.errors()).isEqualTo(Map.of("http_429", 1L, "timeout_idle", 1L));
        // 4 requests met TTFT <= 500 ms (from scheduled: 101 ms); 4 did not (901 ms); 2 failed: 4 / 10.
        assertThat(f.goodput().attainment()).isEqualTo(0.4);
        // window: first scheduled 100 ms .. last end: request 8 ends at 801+900+90+1 = 1792 ms
        assertThat(f.throughput().windowS()).isEqualTo(1.692);
        assertThat(f.throughput().requestsPerS()).isEqualTo(Math.round(8 / 1.692 * 1000) / 1000.0);
        Percentiles ttft = f.latencyMs().get(Metric.TTFT);
        assertThat(ttft.count()).isEqualTo(8L);
        assertThat(ttft.p50()).isBetween(99.9, 100.1);
        assertThat(ttft.max()).isBetween(899.5, 900.5);
        assertThat(ttft.lowSample()).isEqualTo(List.of("p50", "p90", "p95", "p99", "p999"));
        Percentiles itl = f.latencyMs().get(Metric.ITL);
        assertThat(itl.count()).isEqualTo(72L);
        assertThat(itl.p50()).isBetween(9.99, 10.01);
        assertThat(f.cache().requestsWithCachedTokens()).isEqualTo(4L);
        assertThat(s.byCache().warm().requests().sent()).isEqualTo(4L);
        assertThat(s.byCache().cold().requests().sent()).isEqualTo(6L);
        String json = Json.PRETTY.writeValueAsString(s);
        assertThat(json).contains("\"errors\" : {\n    \"http_429\" : 1,\n    \"timeout_idle\" : 1\n  },\n  \"error_rate\" : 0.2,");
    }

    @Test
    void summary_skipsATornLastLineFromAKilledRun() throws IOException {
        writeRun(List.of(ok(0, 0, 50, 0, Phase.MEASURED)), "null", "{\"id\":1,\"sched");
        assertThat(Summarizer.summarize(dir).figures().requests().sent()).isEqualTo(1L);
    }

    @Test
    void summary_refusesACorruptLineInTheMiddleNamingIt() throws IOException {
        writeRun(List.of(), "null", "garbage\n" + RecordCodec.toJson(ok(0, 0, 50, 0, Phase.MEASURED)) + "\n");
        assertThatThrownBy(() -> Summarizer.summarize(dir)).hasMessageContaining("line 1");
    }

    @Test
    void slo_parseNamesUnknownTargets() {
        assertThat(Slo.parse("ttft=500ms,tpot=50ms,e2e=20s").e2e()).hasSeconds(20);
        assertThatThrownBy(() -> Slo.parse("latency=1s")).hasMessageContaining("unknown SLO 'latency'");
    }

    @Test
    void enoughSamples_wantsTenBeyondThePercentile() {
        assertThat(Distribution.enoughSamples(999, 99)).isFalse();
        assertThat(Distribution.enoughSamples(1000, 99)).isTrue();
        assertThat(Distribution.enoughSamples(10_000, 99.9)).isTrue();
        assertThat(Distribution.enoughSamples(200, 95)).isTrue();
    }

    @Test
    void summary_hasADeliveryVerdictBesideTheExistingBlocks() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            records.add(ok(i, i * 100L, 100, 0, Phase.MEASURED));
        }
        writeRun(records, "{}", "");
        String json = Json.PRETTY.writeValueAsString(Summarizer.summarize(dir));
        assertThat(json).contains("\"requests\"", "\"latency_ms\"", "\"by_cache\"", "\"effective_tokens_per_s\"",
                "\"delivery\" : {\n    \"verdict\" : \"incremental\",\n    \"share_buffered\" : 0.0,");
    }

    @Test
    void summary_ofANonStreamingRun_saysDeliveryWasNotStreamed() throws IOException {
        writeRun(List.of(ok(0, 0, 100, 0, Phase.MEASURED)), "{}", "");
        Files.writeString(dir.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"stream\":false,\"slo\":{}}");
        assertThat(Json.COMPACT.writeValueAsString(Summarizer.summarize(dir).delivery())).isEqualTo("{\"verdict\":\"not_streamed\"}");
    }
}
