package dev.infergate.scale.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.Main;
import dev.infergate.record.RunLog;
import dev.infergate.scale.KubernetesJob;
import dev.infergate.scale.LaunchSpec;
import dev.infergate.scale.Launcher;
import dev.infergate.scale.ShardArchive;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code k8s run} against a fake Kubernetes API: the objects it creates, the barrier (the start is written only once
 * every pod is Ready), the collection of each shard from its pod's log, the clean-up, and that no credential appears
 * in any object but the Secret.
 */
class KubernetesFleetTest {
    static final String API_KEY = "sk-fake-secret-123";
    static final String HEADER_VALUE = "hdr-secret-456";
    static final List<String> RUN_ARGS = List.of("--base-url", "http://vllm:8000/v1", "--rate", "20", "--requests", "12",
            "--header", "x-api-key: " + HEADER_VALUE, "--header", "X-Trace: visible");

    @TempDir
    static Path shards;

    /** Two real shards of one run against serve-sim, as two pods would leave them. */
    @BeforeAll
    static void runTwoShards() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            String start = Instant.now().plusSeconds(3).toString();
            List<CompletableFuture<Integer>> workers = new ArrayList<>();
            for (int shard = 0; shard < 2; shard++) {
                String[] args = {"run", "--base-url", sim.baseUrl(), "--rate", "20", "--requests", "12", "--input-tokens", "16",
                    "--output-tokens", "4", "--seed", "3", "--prompt-salt", "5", "--shard", shard + "/2", "--start-at", start,
                    "--out", shards.resolve("s" + shard).toString(), "--no-progress", "--no-client-warmup", "--server-metrics", "off"};
                workers.add(CompletableFuture.supplyAsync(() -> Main.execute(args, new PrintWriter(new StringWriter(), true),
                        new PrintWriter(new StringWriter(), true))));
            }
            for (CompletableFuture<Integer> w : workers) {
                assertThat(w.get()).isZero();
            }
        }
    }

    static String podLog(int shard, long offsetMicros, boolean cutShort) throws Exception {
        StringWriter log = new StringWriter();
        PrintWriter out = new PrintWriter(log);
        out.println("infergate-worker ready shard=" + shard);
        out.println("infergate-worker started shard=" + shard + " offset_us=" + offsetMicros);
        out.println("infergate-worker progress shard=" + shard + " records=6");
        ShardArchive.write(shards.resolve("s" + shard), out);
        out.println("infergate-worker done shard=" + shard + " exit=0");
        out.flush();
        String text = log.toString();
        return cutShort ? text.substring(0, text.indexOf("infergate-data ") + 40) : text;
    }

    static KubernetesClient client(FakeKubernetesApi api) {
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl(api.url()).withNamespace("ns1")
                .withRequestRetryBackoffLimit(0).build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    static Launcher.Result launch(FakeKubernetesApi api, Path out) throws Exception {
        LaunchSpec spec = new LaunchSpec(2, RUN_ARGS, 5, out, Duration.ofMillis(500), Duration.ofMinutes(1), Duration.ofSeconds(10));
        KubernetesJob job = new KubernetesJob("bench", "ns1", "reg/infergate:1", 2, RUN_ARGS, 5, "bench-credentials",
                "bench-credentials", null, true, KubernetesJob.PodResources.DEFAULT, Duration.ofHours(1));
        try (KubernetesClient client = client(api);
                KubernetesFleet fleet = new KubernetesFleet(client, job, spec,
                        Map.of("api-key", API_KEY, "x-api-key", HEADER_VALUE), false)) {
            return new Launcher(fleet, spec, new PrintWriter(new StringWriter(), true)).run();
        }
    }

    @Test
    void createsTheObjects_opensTheBarrierOnceEveryPodIsReady_collectsMergesAndCleansUp(@TempDir Path out) throws Exception {
        Launcher.Result result;
        List<FakeKubernetesApi.Call> calls;
        Map<String, ?> left;
        try (FakeKubernetesApi api = new FakeKubernetesApi(Map.of(0, podLog(0, 1_200, false), 1, podLog(1, 3_700, false)))) {
            result = launch(api, out);
            calls = api.calls();
            left = api.objects();
            assertThat(api.readyWhenStartPublished()).as("Ready pods when the start was published").isEqualTo(2);
        }
        List<String> created = calls.stream().filter(c -> c.method().equals("POST")).map(FakeKubernetesApi.Call::path).toList();
        assertThat(created).containsExactly("/api/v1/namespaces/ns1/secrets", "/api/v1/namespaces/ns1/serviceaccounts",
                "/apis/rbac.authorization.k8s.io/v1/namespaces/ns1/roles",
                "/apis/rbac.authorization.k8s.io/v1/namespaces/ns1/rolebindings", "/api/v1/namespaces/ns1/configmaps",
                "/apis/batch/v1/namespaces/ns1/jobs");
        assertThat(calls).filteredOn(c -> c.method().equals("DELETE")).hasSize(6);
        assertThat(left.keySet()).as("objects left after the clean-up").allMatch(k -> k.contains("/pods/"));

        List<FakeKubernetesApi.Call> secretCalls = calls.stream().filter(c -> c.path().contains("/secrets")
                && c.method().equals("POST")).toList();
        assertThat(secretCalls.get(0).body()).as("the Secret holds them").contains(API_KEY).contains(HEADER_VALUE);
        for (FakeKubernetesApi.Call c : calls) {
            if (!secretCalls.contains(c)) {
                assertThat(c.body()).as(c.method() + " " + c.path()).doesNotContain(API_KEY).doesNotContain(HEADER_VALUE);
            }
        }
        String job = calls.stream().filter(c -> c.path().endsWith("/jobs")).findFirst().orElseThrow().body();
        assertThat(job).contains("secretKeyRef").contains("x-api-key: $(INFERGATE_HEADER_1)").contains("X-Trace: visible");

        List<Long> ids = new ArrayList<>();
        RunLog.readRecords(out, r -> ids.add(r.id()));
        assertThat(ids).containsExactlyInAnyOrderElementsOf(LongStream.range(0, 12).boxed().toList());
        Map<?, ?> run = Summarizer.JSON.convertValue(result.summary().run(), Map.class); // as summary.json writes it
        assertThat(run.get("partial")).isEqualTo(false);
        Map<?, ?> scaleOut = (Map<?, ?>) run.get("scale_out");
        assertThat(((Number) scaleOut.get("start_spread_ms")).doubleValue()).isEqualTo(2.5);
        assertThat(scaleOut.get("fleet").toString()).contains("Job ns1/bench");
    }

    @Test
    void aLogCutShort_givesNoShardRatherThanAWrongOne_andTheMergeNamesIt(@TempDir Path out) throws Exception {
        Launcher.Result result;
        try (FakeKubernetesApi api = new FakeKubernetesApi(Map.of(0, podLog(0, 100, false), 1, podLog(1, 200, true)))) {
            result = launch(api, out);
        }
        List<Long> ids = new ArrayList<>();
        RunLog.readRecords(out, r -> ids.add(r.id()));
        assertThat(ids).hasSize(6).allSatisfy(id -> assertThat(id % 2).isZero());
        Map<?, ?> run = Summarizer.JSON.convertValue(result.summary().run(), Map.class); // as summary.json writes it
        assertThat(run.get("partial")).isEqualTo(true);
        assertThat(run.get("partial_reason").toString()).contains("shard 1 of 2 left no results");
    }
}
