package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.cli.Main;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reasoning candidate against an aggregate baseline: its reasoning figures shown, the aggregate's side empty. */
class AggregateReasoningTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void aReasoningCandidate_showsItsReasoningRows_withTheAggregatesSideEmpty() throws IOException {
        Path run = Files.createDirectories(dir.resolve("cand"));
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"api\":\"chat\","
                + "\"load\":{\"mode\":\"closed\",\"concurrency\":8},\"ended_at\":\"2026-12-04T08:00:00Z\"}");
        StringBuilder sb = new StringBuilder();
        long a = RequestRecord.ABSENT;
        for (int i = 0; i < 100; i++) {
            long sent = i * 25 * MS;
            long first = sent + (90 + i % 20) * MS;
            long answer = first + 120 * MS;
            long last = answer + 80 * MS;
            sb.append(RecordCodec.toJson(RequestRecord.builder(i).scheduledNanos(sent).sentNanos(sent)
                    .headersNanos(sent + MS).firstTokenNanos(first).lastTokenNanos(last).doneNanos(last).status(200)
                    .error((ErrorClass) null).inputTokens(100).outputTokens(21).outputTokensSource(TokenSource.USAGE)
                    .chunks(21).maxStallNanos(12 * MS).clientRetryDelayNanos(0).intendedInputTokens(100)
                    .slotNanos(sent).dispatchNanos(a).connectWaitNanos(a).firstReasoningNanos(first)
                    .firstAnswerNanos(answer).reasoningChunks(12).usageReasoningTokens(12).build())).append('\n');
        }
        Files.writeString(run.resolve("requests.jsonl"), sb.toString());
        Path vllm = Files.writeString(dir.resolve("vllm.json"), """
                {"date": "20261204-080000", "endpoint_type": "openai-chat", "label": null, "model_id": "m",
                 "tokenizer_id": "m", "num_prompts": 100, "request_rate": "inf", "burstiness": 1.0,
                 "max_concurrency": 8, "duration": 2.5, "completed": 100, "failed": 0,
                 "total_input_tokens": 10000, "total_output_tokens": 2100, "request_throughput": 40.0,
                 "request_goodput": null, "output_throughput": 840.0, "total_token_throughput": 4840.0,
                 "mean_ttft_ms": 100.0, "median_ttft_ms": 100.0, "std_ttft_ms": 6.0, "p99_ttft_ms": 110.0,
                 "mean_tpot_ms": 10.0, "median_tpot_ms": 10.0, "std_tpot_ms": 0.3, "p99_tpot_ms": 10.8,
                 "mean_itl_ms": 10.0, "median_itl_ms": 10.0, "std_itl_ms": 1.2, "p99_itl_ms": 11.9,
                 "mean_e2el_ms": 301.0, "median_e2el_ms": 301.0, "std_e2el_ms": 12.0, "p99_e2el_ms": 330.0}
                """);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"compare", vllm.toString(), run.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertThat(code).as(err.toString()).isIn(0, 1, 4);
        assertThat(out.toString()).containsPattern("\nreasoning_tokens\\.mean +- +12\\.0 +- ")
                .containsPattern("\nanswer_tokens\\.p50 +- +9\\.0 +- ");
    }
}
