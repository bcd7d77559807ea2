package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data embedded in the page for a small fixed pair of runs, against a golden file. To accept an
 * intended change, run with {@code -Dgolden.update=true} and review the diff of the golden file.
 */
class ReportModelGoldenTest {
    private static final long MS = 1_000_000L;
    private static final Path GOLDEN = Path.of("src/test/resources/dev/infergate/report/html/golden-two-runs.json");

    @TempDir
    Path dir;

    /** scheduled every 250 ms, TTFT {@code ttftMs}, 4 events {@code gapMs} apart; even ids warm. */
    static RequestRecord ok(long id, Phase phase, long ttftMs, long gapMs, String condition, boolean keepEvents) {
        long scheduled = id * 250 * MS;
        long sent = scheduled + MS;
        long[] offsets = new long[4];
        for (int k = 0; k < 4; k++) {
            offsets[k] = (ttftMs + k * gapMs) * MS;
        }
        int[] gaps = {(int) (gapMs * 1000), (int) (gapMs * 1000), (int) (gapMs * 1000)};
        return RequestRecord.builder(id).phase(phase).condition(condition).scheduledNanos(scheduled).sentNanos(sent)
                .headersNanos(sent + MS).firstTokenNanos(sent + offsets[0]).lastTokenNanos(sent + offsets[3])
                .doneNanos(sent + offsets[3] + MS).status(200).inputTokens(100).outputTokens(4)
                .outputTokensSource(TokenSource.USAGE).cachedTokens(id % 2 == 0 ? 64 : 0).chunks(4)
                .maxStallNanos(gapMs * MS).itlHistogram(new ItlCodec().encode(gaps, 3))
                .eventOffsetsNanos(keepEvents ? offsets : null).build();
    }

    static Path run(Path parent, String name, String labels, long ttftMs, long gapMs) throws Exception {
        Path d = parent.resolve(name);
        Files.createDirectories(d);
        Files.writeString(d.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"base_url\":\"http://127.0.0.1:8000/v1\","
                + "\"model\":\"m\",\"labels\":" + labels + ",\"load\":{\"mode\":\"closed\",\"concurrency\":2},"
                + "\"slo\":{\"ttft_ms\":200,\"tpot_ms\":null,\"e2e_ms\":null}}");
        List<String> lines = new ArrayList<>();
        lines.add(RecordCodec.toJson(ok(0, Phase.WARMUP, ttftMs * 3, gapMs, null, false)));
        for (long id = 1; id <= 8; id++) {
            lines.add(RecordCodec.toJson(ok(id, Phase.MEASURED, ttftMs + id * 10, gapMs, id <= 4 ? "short" : "long", id % 3 == 0)));
        }
        lines.add(RecordCodec.toJson(RequestRecord.builder(9).condition("long").scheduledNanos(9 * 250 * MS)
                .sentNanos(9 * 250 * MS + MS).doneNanos(9 * 250 * MS + 30 * MS).status(503).error(ErrorClass.HTTP_5XX)
                .errorDetail("overloaded").build()));
        Files.write(d.resolve("requests.jsonl"), lines, StandardCharsets.UTF_8);
        Files.writeString(d.resolve(ReportInputs.SERVER_METRICS_FILE),
                "{\"offset_ns\":500000000,\"engine\":\"vllm\",\"values\":{\"kv_cache_usage\":0.1,\"running_requests\":1,"
                + "\"waiting_requests\":0,\"prefix_cache_queries\":100,\"prefix_cache_hits\":0,\"preemptions\":0}}\n"
                + "{\"offset_ns\":1500000000,\"engine\":\"vllm\",\"values\":{\"kv_cache_usage\":0.4,\"running_requests\":2,"
                + "\"waiting_requests\":1,\"prefix_cache_queries\":300,\"prefix_cache_hits\":150,\"preemptions\":1}}\n"
                + "not json\n");
        return d;
    }

    @Test
    void embeddedData_forTwoSmallRuns_matchesTheGoldenFile() throws Exception {
        Path baseline = run(dir, "baseline", "{}", 100, 20);
        Path candidate = run(dir, "candidate", "{\"kv_cache\":\"fp8\",\"engine\":\"v2\"}", 80, 15);

        String actual = ReportInputs.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(ReportModel.build(List.of(baseline, candidate))) + "\n";

        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, actual);
        }
        assertThat(actual).isEqualTo(Files.readString(GOLDEN));
    }
}
