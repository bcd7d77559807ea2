package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two workers take the two shards of one schedule, start together, and merge into one run without loss. */
class ShardedRunTest {
    @TempDir
    Path dir;

    static int cli(StringWriter out, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
    }

    @Test
    void shardsOfOneSchedule_mergeIntoTheWholeRun() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            String start = Instant.now().plusSeconds(3).toString();
            List<CompletableFuture<Integer>> workers = new ArrayList<>();
            for (int shard = 0; shard < 2; shard++) {
                String[] args = {"run", "--base-url", sim.baseUrl(), "--rate", "20", "--arrival", "poisson", "--requests", "30",
                        "--input-tokens", "32", "--output-tokens", "4", "--seed", "9", "--prompt-salt", "77",
                        "--shard", shard + "/2", "--start-at", start, "--out", dir.resolve("w" + shard).toString(), "--no-progress"};
                workers.add(CompletableFuture.supplyAsync(() -> cli(new StringWriter(), args)));
            }
            assertThat(workers).allSatisfy(w -> assertThat(w.get()).isZero());
        }
        List<RequestRecord> w0 = new ArrayList<>();
        RunLog.readRecords(dir.resolve("w0"), w0::add);
        assertThat(w0).extracting(RequestRecord::id).allSatisfy(id -> assertThat(id % 2).isZero());

        StringWriter out = new StringWriter();
        assertThat(cli(out, "merge", "--out", dir.resolve("all").toString(), dir.resolve("w0").toString(),
                dir.resolve("w1").toString())).isZero();
        List<RequestRecord> all = new ArrayList<>();
        RunLog.readRecords(dir.resolve("all"), all::add);
        assertThat(all).extracting(RequestRecord::id).containsExactlyInAnyOrderElementsOf(LongStream.range(0, 30).boxed().toList());
        assertThat(out.toString()).contains("requests: 30 sent");
    }

    @Test
    void merge_namesAPartialShard_evenTheFirst() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            for (int shard = 0; shard < 2; shard++) {
                assertThat(cli(new StringWriter(), "run", "--base-url", sim.baseUrl(), "--requests", "4", "--input-tokens", "8",
                        "--output-tokens", "2", "--shard", shard + "/2", "--prompt-salt", "3", "--no-client-warmup",
                        "--out", dir.resolve("p" + shard).toString(), "--no-progress")).isZero();
            }
        }
        Path run = dir.resolve("p0").resolve(RunLog.RUN_FILE); // as a kill -9 leaves it: no ended_at
        java.nio.file.Files.writeString(run, java.nio.file.Files.readString(run).replaceFirst("\"ended_at\" : \"[^\"]*\"",
                "\"ended_at\" : null"));
        assertThat(cli(new StringWriter(), "merge", "--out", dir.resolve("m").toString(), dir.resolve("p0").toString(),
                dir.resolve("p1").toString())).isZero();
        String merged = java.nio.file.Files.readString(dir.resolve("m").resolve("summary.json"));
        assertThat(merged).contains("\"partial\" : true").contains("p0 did not run to its end").doesNotContain("p1 did not");
    }

    @Test
    void merge_refusesTwoCopiesOfOneShard() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            assertThat(cli(new StringWriter(), "run", "--base-url", sim.baseUrl(), "--requests", "2", "--input-tokens", "8",
                    "--output-tokens", "2", "--out", dir.resolve("a").toString(), "--no-progress")).isZero();
        }
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"merge", "--out", dir.resolve("m").toString(), dir.resolve("a").toString(),
            dir.resolve("a").toString()}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("appears twice");
    }
}
