package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.Main;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole scale-out path on one machine: four local worker processes behind the barrier send exactly the
 * requests one process sends, and merge into one run; a worker killed mid-run leaves its finished records and
 * a merged run marked partial that names it.
 */
class LocalFleetTest {
    @TempDir
    Path dir;

    static List<String> runOptions(SimServer sim, int requests, double rate) {
        return List.of("--base-url", sim.baseUrl(), "--rate", Double.toString(rate), "--arrival", "poisson",
                "--requests", Integer.toString(requests), "--input-tokens", "32", "--output-tokens", "4", "--seed", "9",
                "--no-client-warmup", "--server-metrics", "off");
    }

    /**
     * {@link LocalFleet#currentJvm()} with C2 off ({@code -XX:TieredStopAtLevel=1}): four workers starting at once on a
     * 2-core CI machine spent most of their ~12 s to ready compiling (C1 only: ~6 s, measured Dec 7). These tests check
     * what the workers send, record and merge, not how fast they run; {@code k8s run --local} (K8sRunCommandTest) keeps
     * the plain JVM's defaults.
     */
    static List<String> workerJvm() {
        List<String> command = new ArrayList<>(LocalFleet.currentJvm());
        command.add(1, "-XX:TieredStopAtLevel=1");
        return command;
    }

    static LaunchSpec spec(List<String> runArgs, Path out) {
        return new LaunchSpec(4, runArgs, 77, out, Duration.ofSeconds(2), Duration.ofMinutes(3), Duration.ofSeconds(60));
    }

    /** What identifies a request of the schedule: its id, when it was due, how long its prompt and answer were meant to be. */
    static List<String> schedule(Path run) {
        List<String> rows = new ArrayList<>();
        RunLog.readRecords(run, r -> rows.add(r.id() + "@" + r.marks().scheduledNanos() + ":" + r.tokens().intendedInput() + "/" + r.tokens().input()));
        return rows;
    }

    @Test
    void fourLocalWorkers_sendExactlyWhatOneProcessSends_andMergeIntoTheWholeRun() throws Exception {
        Launcher.Result result;
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            List<String> single = new ArrayList<>(List.of("run"));
            single.addAll(runOptions(sim, 40, 20));
            single.addAll(List.of("--prompt-salt", "77", "--out", dir.resolve("single").toString(), "--no-progress"));
            assertThat(Main.execute(single.toArray(String[]::new), new PrintWriter(new StringWriter(), true),
                    new PrintWriter(new StringWriter(), true))).isZero();
            LaunchSpec spec = spec(runOptions(sim, 40, 20), dir.resolve("fleet"));
            StringWriter console = new StringWriter();
            try (LocalFleet fleet = new LocalFleet(spec, workerJvm())) {
                result = new Launcher(fleet, spec, new PrintWriter(console, true)).run();
            }
            assertThat(console.toString()).contains("all 4 workers ready");
        }
        assertThat(schedule(dir.resolve("fleet"))).hasSize(40).containsExactlyInAnyOrderElementsOf(schedule(dir.resolve("single")));
        for (int shard = 0; shard < 4; shard++) {
            int s = shard;
            List<Long> ids = new ArrayList<>();
            RunLog.readRecords(dir.resolve("fleet/shards/shard-" + shard), r -> ids.add(r.id()));
            assertThat(ids).hasSize(10).allSatisfy(id -> assertThat(id % 4).isEqualTo(s));
        }
        Map<?, ?> run = Summarizer.JSON.convertValue(result.summary().run(), Map.class); // as summary.json writes it
        assertThat(run.get("partial")).isEqualTo(false);
        assertThat(Files.readString(dir.resolve("fleet/summary.json"))).contains("\"sent\" : 40");
        Map<?, ?> scaleOut = (Map<?, ?>) run.get("scale_out");
        assertThat(scaleOut.get("start_spread_ms")).isInstanceOf(Number.class);
        assertThat((List<?>) scaleOut.get("shards")).hasSize(4).allSatisfy(s -> {
            assertThat(((Map<?, ?>) s).get("state")).isEqualTo("complete");
            assertThat(((Map<?, ?>) s).get("start_offset_ms")).isInstanceOf(Number.class);
        });
        assertThat(Files.readString(dir.resolve("fleet/summary.json"))).contains("\"start_spread_ms\"");
    }

    @Test
    void aWorkerKilledMidRun_leavesItsFinishedRecords_andTheMergedRunIsPartialNamingIt() throws Exception {
        Launcher.Result result;
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            // 40 requests a shard at 10/s: the kill comes right after shard 2's third record, ~3.7 s before its last is due
            LaunchSpec spec = spec(runOptions(sim, 160, 40), dir.resolve("fleet"));
            try (LocalFleet fleet = new LocalFleet(spec, workerJvm())) {
                Launcher launcher = new Launcher(fleet, spec, new PrintWriter(new StringWriter(), true));
                CompletableFuture<Launcher.Result> running = CompletableFuture.supplyAsync(() -> {
                    try {
                        return launcher.run();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                Path log = spec.shardDir(2).resolve(RunLog.REQUESTS_FILE);
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                while (lines(log) < 3 && System.nanoTime() < deadline && !running.isDone()) {
                    Thread.sleep(50);
                }
                fleet.kill(2);
                result = running.get(5, TimeUnit.MINUTES);
            }
        }
        // every shard's log as the merge read it: the workers ended before the merge, so their files no longer change
        List<Long> shardIds = new ArrayList<>();
        for (int shard = 0; shard < 4; shard++) {
            List<Long> ids = new ArrayList<>();
            RunLog.readRecords(dir.resolve("fleet/shards/shard-" + shard), r -> ids.add(r.id()));
            if (shard == 2) {
                assertThat(ids).as("the killed shard's whole records").hasSizeGreaterThanOrEqualTo(3).hasSizeLessThan(40);
            } else {
                assertThat(ids).as("shard %d ran to its end", shard).hasSize(40);
            }
            shardIds.addAll(ids);
        }
        List<Long> merged = new ArrayList<>();
        RunLog.readRecords(dir.resolve("fleet"), r -> merged.add(r.id()));
        assertThat(merged).as("the merged log holds every shard's records, none lost, none twice")
                .containsExactlyInAnyOrderElementsOf(shardIds);
        Map<?, ?> run = Summarizer.JSON.convertValue(result.summary().run(), Map.class); // as summary.json writes it
        assertThat(run.get("partial")).isEqualTo(true);
        assertThat(run.get("partial_reason").toString()).contains("shard 2 of 4 did not run to its end")
                .doesNotContain("shard 0").doesNotContain("shard 1").doesNotContain("shard 3");
        List<?> shards = (List<?>) ((Map<?, ?>) run.get("scale_out")).get("shards");
        assertThat(((Map<?, ?>) shards.get(2)).get("state")).isEqualTo("partial");
        assertThat(((Map<?, ?>) shards.get(0)).get("state")).isEqualTo("complete");
    }

    @Test
    void aStop_likeCtrlC_stopsEveryWorker_andStillMergesWhatTheyMeasured() throws Exception {
        Launcher.Result result;
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            LaunchSpec spec = new LaunchSpec(2, runOptions(sim, 2_000, 10), 77, dir.resolve("fleet"), Duration.ofSeconds(1),
                    Duration.ofMinutes(3), Duration.ofSeconds(60));
            try (LocalFleet fleet = new LocalFleet(spec, workerJvm())) {
                Launcher launcher = new Launcher(fleet, spec, new PrintWriter(new StringWriter(), true));
                CompletableFuture<Launcher.Result> running = CompletableFuture.supplyAsync(() -> {
                    try {
                        return launcher.run();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                while ((lines(spec.shardDir(0).resolve(RunLog.REQUESTS_FILE)) < 2
                        || lines(spec.shardDir(1).resolve(RunLog.REQUESTS_FILE)) < 2) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                launcher.stop();
                result = running.get(3, TimeUnit.MINUTES);
            }
        }
        assertThat(result.stopped()).isTrue();
        Map<?, ?> run = Summarizer.JSON.convertValue(result.summary().run(), Map.class); // as summary.json writes it
        assertThat(run.get("partial")).isEqualTo(true);
        assertThat(run.get("partial_reason").toString()).contains("shard 0 of 2").contains("shard 1 of 2");
        List<Long> ids = new ArrayList<>();
        RunLog.readRecords(dir.resolve("fleet"), r -> ids.add(r.id()));
        assertThat(ids).hasSizeGreaterThanOrEqualTo(4).hasSizeLessThan(2_000);
        assertThat(ids).anyMatch(id -> id % 2 == 0).anyMatch(id -> id % 2 == 1);
    }

    static long lines(Path file) throws Exception {
        if (!Files.exists(file)) {
            return 0;
        }
        try (var s = Files.lines(file)) {
            return s.count();
        }
    }
}
