package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate k8s run} at the command line: bad input is one line (exit 2); --local runs, merges and reports. */
class K8sRunCommandTest {
    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {}

    static Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void perShardOptions_andAMissingImage_areBadInput() {
        Outcome shard = cli("k8s", "run", "--workers", "2", "--local", "--out", dir.resolve("a").toString(), "--",
                "--base-url", "http://127.0.0.1:9/v1", "--shard", "0/2");
        assertThat(shard.code()).isEqualTo(2);
        assertThat(shard.err().strip()).isEqualTo("infergate: leave --shard out of the run options: the launcher sets it per shard");
        Outcome image = cli("k8s", "run", "--workers", "2", "--out", dir.resolve("b").toString(), "--",
                "--base-url", "http://127.0.0.1:9/v1");
        assertThat(image.code()).isEqualTo(2);
        assertThat(image.err()).contains("--image").contains("--local");
        Outcome runOption = cli("k8s", "run", "--workers", "2", "--local", "--out", dir.resolve("c").toString(), "--",
                "--base-url", "http://127.0.0.1:9/v1", "--no-such-option");
        assertThat(runOption.code()).isEqualTo(2);
        assertThat(runOption.err()).contains("the run options").contains("--no-such-option");
        assertThat(Files.exists(dir.resolve("c").resolve("shards"))).as("no worker started").isFalse();
    }

    @Test
    void k8sJob_printsTheBarrieredJob_andWarnsThatAnEmptyDirLosesTheResults() {
        Outcome o = cli("k8s-job", "--workers", "3", "--image", "reg/infergate:1", "--", "--base-url", "http://vllm:8000/v1",
                "--rate", "50");
        assertThat(o.code()).isZero();
        assertThat(o.err()).contains("warning: no --results-claim").contains("patch configmap infergate-run-start");
        assertThat(o.out()).contains("kind: Job").contains("completionMode: Indexed").contains("ttlSecondsAfterFinished:")
                .contains("configmap:infergate-run-start").contains("emptyDir").doesNotContain("--start-at");
        Outcome claimed = cli("k8s-job", "--workers", "3", "--image", "reg/infergate:1", "--results-claim", "results", "--",
                "--base-url", "http://vllm:8000/v1");
        assertThat(claimed.err()).doesNotContain("warning");
        assertThat(claimed.out()).contains("claimName: results").doesNotContain("emptyDir");
    }

    @Test
    void local_runsMergesAndReports_withTheStartSpread() throws Exception {
        Outcome o;
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            o = cli("k8s", "run", "--workers", "2", "--local", "--start-lead", "1s", "--out", dir.resolve("run").toString(), "--",
                    "--base-url", sim.baseUrl(), "--rate", "10", "--requests", "8", "--input-tokens", "16", "--output-tokens", "2",
                    "--no-client-warmup", "--server-metrics", "off");
        }
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("all 2 workers ready; the schedule starts at");
        assertThat(o.out()).contains("requests: 8 sent").contains("scale-out: 2 local processes")
                .contains("start spread").contains("shard 1: complete, start offset");
        assertThat(dir.resolve("run/report.html")).exists();
        assertThat(dir.resolve("run/shards/shard-0.log")).exists();
    }
}
