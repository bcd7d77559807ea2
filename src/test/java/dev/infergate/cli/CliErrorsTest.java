package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line on stderr naming the problem and the fix, and a documented exit code. */
class CliErrorsTest {
    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {}

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    static void assertOneLine(Outcome o, int code, String... fragments) {
        assertThat(o.code()).isEqualTo(code);
        assertThat(o.err().strip().lines().count()).as("stderr: %s", o.err()).isEqualTo(1);
        assertThat(o.err()).startsWith("infergate: ").doesNotContain("Exception\n\tat ");
        for (String f : fragments) {
            assertThat(o.err()).contains(f);
        }
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void run_withoutBaseUrl_isAUsageError() {
        assertOneLine(run("run"), 2, "--base-url");
    }

    @Test
    void run_withBothClosedAndOpenLoop_saysWhichToChoose() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--concurrency", "2", "--rate", "3"), 2,
                "--concurrency", "--rate", "not both");
    }

    @Test
    void run_withADurationWithoutUnit_namesTheForm() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--duration", "10"), 2, "'10' is not a duration", "10s");
    }

    @Test
    void run_withABadIdleConnectionTimeout_namesTheOption() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--idle-connection-timeout", "abc"), 2,
                "--idle-connection-timeout", "'abc' is not a duration");
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--idle-connection-timeout", "0s"), 2,
                "--idle-connection-timeout must be more than 0");
    }

    @Test
    void run_withAMalformedSlo_namesIt() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--slo", "latency=1s"), 2, "unknown SLO 'latency'");
    }

    @Test
    void run_withAMalformedLabel_namesIt() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--label", "gpu"), 2, "--label 'gpu'", "key=value");
    }

    @Test
    void run_withAnUnknownPreset_namesIt() {
        Outcome o = run("run", "--base-url", "http://127.0.0.1:9/v1", "--preset", "huge");
        assertOneLine(o, 2, "huge");
    }

    @Test
    void run_againstNothing_cannotRunAndSaysWhere() throws Exception {
        int port = freePort();
        Outcome o = run("run", "--base-url", "http://127.0.0.1:" + port + "/v1", "--out", dir.resolve("r").toString(), "--no-progress");
        assertOneLine(o, 3, "cannot reach http://127.0.0.1:" + port + "/v1/models", "--base-url");
    }

    @Test
    void verbose_addsTheStackTrace() throws Exception {
        int port = freePort();
        Outcome o = run("--verbose", "run", "--base-url", "http://127.0.0.1:" + port + "/v1", "--out", dir.resolve("r").toString(), "--no-progress");
        assertThat(o.code()).isEqualTo(3);
        assertThat(o.err()).contains("\tat ");
    }

    @Test
    void summarize_ofADirectoryThatIsNotARun_saysSo() {
        assertOneLine(run("summarize", dir.toString()), 3, "run.json does not exist");
        assertOneLine(run("summarize", dir.resolve("missing").toString()), 2, "is not a directory");
    }
}
