package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json read back typed, from real files under {@code run-documents/}: {@code measured} and {@code open} were
 * written by {@code infergate run} against {@code serve-sim} (closed loop with a TTFT target; open loop at 20 req/s),
 * {@code imported} by the vLLM import of a {@code export --format vllm --detail} file. {@code older} was written by
 * the jar of commit 3bffa54 (before run.json had request_id_prefix, ended_at, client_warmup, client_cpu or a workload
 * preset) running 12 requests at concurrency 4 against its own serve-sim; its requests.jsonl keeps the first 9 of
 * the 12 records, as a run of an older version that was killed would leave it.
 */
class RunDocumentTest {
    @TempDir
    Path tmp;

    private static Path dir(String name) throws URISyntaxException {
        return Path.of(RunDocumentTest.class.getResource("run-documents/" + name + "/run.json").toURI()).getParent();
    }

    @Test
    void aMeasuredRun_readsEveryTypedFact() throws Exception {
        RunDocument run = RunDocument.read(dir("measured"));
        assertThat(run.api()).isEqualTo("chat");
        assertThat(run.model()).isEqualTo("sim-llama-8b");
        assertThat(run.baseUrl()).isEqualTo("http://127.0.0.1:19601/v1");
        assertThat(run.stream()).isTrue();
        assertThat(run.labels()).containsExactly(Map.entry("gpu", "simulated"));
        assertThat(run.requestIdPrefix()).isEqualTo("infergate-4bbf193f7964-");
        assertThat(run.endedAtKey()).isTrue();
        assertThat(run.endedAt()).isEqualTo("2026-12-04T16:12:11.979373992Z");
        assertThat(run.partial()).isFalse();
        assertThat(run.slo().ttftMs()).isEqualTo(2000.0);
        assertThat(run.slo().tpotMs()).isNull();
        assertThat(run.load().mode()).isEqualTo("closed");
        assertThat(run.load().requests()).isEqualTo(12L);
        assertThat(run.load().durationS()).isNull();
        assertThat(run.load().warmupRequests()).isZero();
        assertThat(run.load().shard()).isEqualTo("0/1");
        assertThat(run.load().keys()).containsEntry("concurrency", "4").containsEntry("duration_s", "null");
        assertThat(run.workload()).containsEntry("preset", "short-chat").containsEntry("cache_mix", "0.0");
        assertThat(run.clientCpu().startupS()).isEqualTo(1.78);
        assertThat(run.clientCpu().loadS()).isEqualTo(0.5);
        assertThat(run.clientWarmup().requests()).isPositive();
        assertThat(run.imported()).isNull();
        assertThat(run.generates()).isTrue();
        assertThat(run.turnsPerSession()).isZero();
        assertThat(run.document()).containsKeys("schema", "tool", "timeouts").containsEntry("api", "chat");
    }

    @Test
    void anOpenLoopRun_readsItsRateAndArrival() throws Exception {
        RunDocument.Load load = RunDocument.read(dir("open")).load();
        assertThat(load.mode()).isEqualTo("open");
        assertThat(load.ratePerSecond()).isEqualTo(20.0);
        assertThat(load.arrival()).isEqualTo("poisson");
        assertThat(load.segments()).isEmpty();
    }

    @Test
    void anImportedRun_readsItsImportBlock_andLeavesWhatItLacksNull() throws Exception {
        RunDocument run = RunDocument.read(dir("imported"));
        assertThat(run.imported()).isEqualTo(new ImportedFrom("vllm", "vllm-result.json", false,
                List.of("ttft_from_scheduled", "e2e_from_scheduled", "queue_wait", "cache.hit_rate")));
        assertThat(run.baseUrl()).isNull();
        assertThat(run.slo()).isNull();
        assertThat(run.server()).isNull();
        assertThat(run.clientCpu()).isNull();
        assertThat(run.requestIdPrefix()).isNull();
        assertThat(run.workload()).isEmpty();
        assertThat(run.load().mode()).isNull();
        assertThat(run.load().requests()).isEqualTo(16L);
        assertThat(run.load().keys()).containsEntry("request_rate", "inf").containsEntry("max_concurrency", "8");
        assertThat(run.labels()).containsOnlyKeys("label");
    }

    @Test
    void anImportedRun_summarisesWithItsMissingFiguresMasked() throws Exception {
        Summary summary = Summarizer.summarize(dir("imported"));
        assertThat(summary.missing()).contains("queue_wait", "ttft_from_scheduled");
        assertThat(summary.run().partial()).isFalse();
    }

    @Test
    void anOlderRun_withoutEndedAt_readsWithAbsentFactsNull() throws Exception {
        RunDocument run = RunDocument.read(dir("older"));
        assertThat(run.endedAtKey()).isFalse();
        assertThat(run.endedAt()).isNull();
        assertThat(run.clientCpu()).isNull();
        assertThat(run.clientWarmup()).isNull();
        assertThat(run.requestIdPrefix()).isNull(); // X-Request-Id prefixes came later (3e44733)
        assertThat(run.document()).doesNotContainKeys("client_warmup", "client_cpu", "request_id_prefix");
        assertThat(run.api()).isEqualTo("chat");
        assertThat(run.model()).isEqualTo("sim-llama-8b");
        assertThat(run.baseUrl()).isEqualTo("http://127.0.0.1:19401/v1");
        assertThat(run.labels()).containsExactly(Map.entry("gpu", "simulated"));
        assertThat(run.slo().ttftMs()).isEqualTo(2000.0);
        assertThat(run.load().mode()).isEqualTo("closed");
        assertThat(run.load().requests()).isEqualTo(12L);
        assertThat(run.load().keys()).containsEntry("concurrency", "4");
        assertThat(run.workload()).containsEntry("preset", "null").containsEntry("input_tokens", "512:128")
                .doesNotContainKey("tokenize_dialect");
        assertThat(run.server().serverVersion()).isNull();
    }

    @Test
    void anOlderRun_withFewerRecordsThanPlanned_summarisesAsPartial() throws Exception {
        Summary summary = Summarizer.summarize(dir("older"));
        assertThat(summary.run().partial()).isTrue();
        assertThat(summary.run().partialReason()).isEqualTo("9 of 12 planned requests have a record");
    }

    @Test
    void aRunJsonWithAKeyOfTheWrongKind_isOneLineNamingTheFile() throws IOException {
        Files.writeString(tmp.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"load\":{\"requests\":\"many\"}}");
        assertThatThrownBy(() -> RunDocument.read(tmp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(tmp.resolve("run.json") + " has a key of an unexpected kind")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aMissingOrBrokenRunJson_isOneLineNamingTheFile() throws IOException {
        assertThatThrownBy(() -> RunDocument.read(tmp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not exist");
        Files.writeString(tmp.resolve("run.json"), "{\"schema\": ");
        assertThatThrownBy(() -> RunDocument.read(tmp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(tmp.resolve("run.json") + " is not valid JSON").hasMessageNotContaining("\n");
    }
}
