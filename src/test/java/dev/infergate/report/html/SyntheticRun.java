package dev.infergate.report.html;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Writes a deterministic run directory for report tests: an open-loop run at {@code ratePerSecond} with a
 * warm-up, cold and warm requests, a few failures, one buffered and one stalling stream among the requests
 * that keep their event offsets. {@code speed} scales every latency (a candidate at 0.8 is 20 % faster).
 */
final class SyntheticRun {
    static final long MS = 1_000_000L;

    String name = "baseline";
    String labelsJson = "{}";
    int requests = 200;
    int warmup = 10;
    double ratePerSecond = 20;
    double speed = 1.0;
    long seed = 1;
    int eventEvery = 7;
    String condition = null;
    String extraRunJson = "";

    SyntheticRun named(String name) {
        this.name = name;
        return this;
    }

    Path write(Path parent) throws IOException {
        Path dir = parent.resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"tool\":{\"name\":\"infergate\",\"version\":\"dev\"},"
                + "\"base_url\":\"http://127.0.0.1:8000/v1\",\"api\":\"chat\",\"model\":\"sim-7b\",\"stream\":true,"
                + "\"labels\":" + labelsJson + ",\"load\":{\"mode\":\"open\",\"arrival\":\"piecewise\",\"segments\":["
                + "{\"duration_seconds\":" + (requests / ratePerSecond / 2) + ",\"arrival\":\"poisson\",\"rate_per_second\":" + ratePerSecond + "},"
                + "{\"duration_seconds\":" + (requests / ratePerSecond / 2) + ",\"arrival\":\"poisson\",\"rate_per_second\":" + (ratePerSecond * 2) + "}]},"
                + "\"workload\":{\"kind\":\"synthetic\",\"prefix\":\"shared\"},\"slo\":{\"ttft_ms\":500,\"tpot_ms\":50,\"e2e_ms\":null},"
                + "\"server\":{\"server_version\":\"sim-1\"}" + extraRunJson + "}");
        SplittableRandom rng = new SplittableRandom(seed);
        ItlCodec itl = new ItlCodec();
        try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("requests.jsonl"), StandardCharsets.UTF_8)) {
            for (int i = 0; i < requests + warmup; i++) {
                RequestRecord r = record(i, rng, itl);
                out.write(RecordCodec.toJson(r));
                out.write('\n');
            }
        }
        return dir;
    }

    private RequestRecord record(int i, SplittableRandom rng, ItlCodec itl) {
        Phase phase = i < warmup ? Phase.WARMUP : Phase.MEASURED;
        long scheduled = Math.round(i * 1e9 / ratePerSecond);
        long sent = scheduled + (long) (rng.nextDouble() * 2 * MS);
        int cached = i % 2 == 0 ? 256 : 0;
        if (i % 97 == 13) {
            return RequestRecord.builder(i).phase(phase).condition(condition).scheduledNanos(scheduled)
                    .sentNanos(sent).doneNanos(sent + 5 * MS).status(429).error(ErrorClass.HTTP_429)
                    .errorDetail("rate limited").retryAfterSeconds(1).build();
        }
        int outputTokens = 20 + rng.nextInt(80);
        long ttft = (long) ((cached > 0 ? 60 : 140) * MS * speed * (0.5 + rng.nextDouble() + (rng.nextInt(50) == 0 ? 6 : 0)));
        long gap = (long) (20 * MS * speed * (0.8 + 0.4 * rng.nextDouble()));
        long[] offsets = new long[outputTokens];
        boolean buffered = i == warmup + 5;
        boolean stalled = i == warmup + 15;
        for (int k = 0; k < outputTokens; k++) {
            offsets[k] = ttft + (buffered ? k * 20_000L : k * gap + (stalled && k >= outputTokens / 2 ? 900 * MS : 0));
        }
        if (buffered) {
            Arrays.setAll(offsets, k -> ttft + outputTokens * gap + k * 20_000L);
        }
        int[] gaps = new int[outputTokens - 1];
        long maxStall = 0;
        for (int k = 1; k < outputTokens; k++) {
            gaps[k - 1] = (int) ((offsets[k] - offsets[k - 1]) / 1000);
            maxStall = Math.max(maxStall, offsets[k] - offsets[k - 1]);
        }
        long first = sent + offsets[0];
        long last = sent + offsets[outputTokens - 1];
        boolean keepEvents = i % eventEvery == 0 || buffered || stalled;
        return RequestRecord.builder(i).phase(phase).condition(condition).scheduledNanos(scheduled).sentNanos(sent)
                .headersNanos(sent + MS).firstTokenNanos(first).lastTokenNanos(last).doneNanos(last + MS).status(200)
                .inputTokens(512).outputTokens(outputTokens).outputTokensSource(TokenSource.USAGE)
                .cachedTokens(cached).chunks(outputTokens).maxStallNanos(maxStall)
                .itlHistogram(itl.encode(gaps, gaps.length)).eventOffsetsNanos(keepEvents ? offsets : null).build();
    }
}
