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

    record Outcome(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

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
                "--concurrency", "--rate", "mutually exclusive");
    }

    @Test
    void badOptionValues_nameTheOptionAsTypedTheValueAndTheForm() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--timeout", "10"), 2,
                "option '--timeout'", "'10' is not a duration", "250ms, 10s, 2m");
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--rate", "fast"), 2,
                "option '--rate'", "'fast' is not a rate", "360/m");
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--request-rate", "fast"), 2, "option '--request-rate'");
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--slo", "ttft=fast"), 2,
                "option '--slo'", "'fast' is not a duration");
        assertOneLine(run("capacity", "--base-url", "http://127.0.0.1:9/v1", "--tolerance", "lots"), 2,
                "option '--tolerance'", "'lots' is not a share", "5% or 0.05");
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--warmup", "soon"), 2,
                "option '--warmup'", "'soon' is neither a request count (20) nor a duration (10s)");
    }

    @Test
    void run_withBothClosedAndOpenLoopUnderTheirVllmNames_namesWhatWasTyped() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--concurrency", "2", "--request-rate", "3"), 2,
                "--concurrency", "--request-rate", "mutually exclusive");
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
        assertThat(dir.resolve("r")).as("a run that failed before its first request leaves no folder").doesNotExist();
    }

    @Test
    void run_againstNothing_withCredentialsInTheUrl_namesTheUrlWithoutThem_pathBeforeTheQuery() throws Exception {
        int port = freePort();
        Outcome o = run("run", "--base-url", "http://user:PASS1234@127.0.0.1:" + port + "/v1?key=SECRET99",
                "--out", dir.resolve("r").toString(), "--no-progress");
        assertOneLine(o, 3, "cannot reach http://<redacted>@127.0.0.1:" + port + "/v1/models?key=<redacted>");
        assertThat(o.all()).doesNotContain("SECRET99").doesNotContain("PASS1234");
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

    // issue 16, item 8: wrong meanings are refused with one line and the right exit code

    @Test
    void run_withARateTooLowToSendItsRequests_isRefused() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--rate", "1e-300", "--requests", "3"), 2,
                "--rate (1.0E-300)", "one a day");
    }

    @Test
    void run_withAZeroDuration_isRefused() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--duration", "0s"), 2, "--duration (0s) must be > 0");
    }

    @Test
    void run_withAnApiKeyVariableThatIsNotSet_isRefused() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--api-key-env", "INFERGATE_TEST_UNSET_VAR_42",
                "--out", dir.resolve("k").toString()), 2, "$INFERGATE_TEST_UNSET_VAR_42", "not set");
    }

    @Test
    void run_withAHeaderNameHoldingASpace_isRefused() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--header", "Bad Name: v",
                "--out", dir.resolve("h").toString()), 2, "'Bad Name'", "not a valid HTTP header name");
    }

    @Test
    void run_withAHeaderValueHoldingALineBreak_isRefusedWithoutTheValue() {
        Outcome o = run("run", "--base-url", "http://127.0.0.1:9/v1", "--header", "x-api-key: sk-1\r\nX: sk-hidden-77",
                "--out", dir.resolve("crlf").toString());
        assertOneLine(o, 2, "header 'x-api-key'", "line break");
        assertThat(o.err()).doesNotContain("sk-hidden-77").doesNotContain("sk-1");
    }

    @Test
    void run_withAnOutputDirectoryThatCannotBeCreated_saysSo() {
        assertOneLine(run("run", "--base-url", "http://127.0.0.1:9/v1", "--out", "/proc/self/nope"), 3,
                "cannot create output directory /proc/self/nope", "--out");
    }

    @Test
    void summarize_ofABinaryLog_isOneLineAndNotZero() throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("g"));
        java.nio.file.Files.writeString(dir.resolve("g/run.json"), "{\"schema\":\"infergate.run/1\"}");
        java.nio.file.Files.write(dir.resolve("g/requests.jsonl"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, (byte) 0xc3, 0x28});
        Outcome o = run("summarize", dir.resolve("g").toString());
        assertThat(o.code()).isIn(2, 3);
        assertOneLine(o, o.code(), dir.resolve("g").toString());
        assertThat(o.err()).doesNotContain("unexpected error");
    }

    @Test
    void k8sJob_withACredentialHeaderAndNoSecret_isRefusedWithoutTheValue() {
        Outcome o = run("k8s-job", "--workers", "2", "--image", "img", "--", "--base-url", "http://vllm:8000/v1",
                "--header", "x-api-key: sk-k8s-hidden");
        assertOneLine(o, 2, "--header-secret", "x-api-key");
        assertThat(o.all()).doesNotContain("sk-k8s-hidden");
    }

    @Test
    void k8sJob_withoutAnImage_isOneLine_andTheManifestNamesTheDefaultNamespace() {
        assertOneLine(run("k8s-job", "--workers", "2", "--", "--base-url", "http://vllm:8000/v1"), 2, "k8s-job needs --image");
        Outcome o = run("k8s-job", "--workers", "2", "--image", "img", "--results-claim", "r", "--", "--base-url",
                "http://vllm:8000/v1");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.all()).contains("namespace: default", "kubectl -n default wait");
    }

    @Test
    void k8sDurations_areReadByTheDurationConverter_oneLineNamingTheOption() {
        assertOneLine(run("k8s", "run", "--workers", "2", "--local", "--start-lead", "soon", "--", "--base-url",
                "http://127.0.0.1:9/v1"), 2, "--start-lead", "soon");
        assertOneLine(run("k8s-job", "--workers", "2", "--image", "img", "--ttl", "1 day", "--", "--base-url",
                "http://vllm:8000/v1"), 2, "--ttl", "1 day");
        Outcome o = run("k8s-job", "--workers", "2", "--image", "img", "--results-claim", "r", "--ttl", "90m", "--",
                "--base-url", "http://vllm:8000/v1");
        assertThat(o.out()).contains("ttlSecondsAfterFinished: 5400");
    }

    static Outcome accept(Path dir, String name, byte[] plan) throws Exception {
        Path file = dir.resolve(name);
        java.nio.file.Files.write(file, plan);
        return run("accept", file.toString(), "--out", dir.resolve("out-" + name).toString());
    }

    static Outcome accept(Path dir, String name, String plan) throws Exception {
        return accept(dir, name, ("baseline: http://127.0.0.1:9/v1\ncandidate: http://127.0.0.1:9/v1\n" + plan)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void accept_withWrongPlanValues_namesFileLineAndKey() throws Exception {
        assertOneLine(accept(dir, "cap.yaml", "capacity: {start_rate: 100, max_rate: 1}\n"), 2,
                "cap.yaml line 3, key capacity.max_rate");
        assertOneLine(accept(dir, "target.yaml", "capacity: {target: 1.5}\n"), 2, "target.yaml line 3, key capacity.target");
        assertOneLine(accept(dir, "tok.yaml", "tokenizer: gpt9\n"), 2, "tok.yaml line 3, key tokenizer", "gpt9");
        assertOneLine(accept(dir, "two.yaml", "---\nrepeats: 2\n"), 2, "two.yaml line 4", "second YAML document");
        assertOneLine(accept(dir, "warm.yaml", "warmup: -5\n"), 2, "warm.yaml line 3, key warmup");
        assertOneLine(accept(dir, "empty.yaml", "matrix:\n  workloads: []\n"), 2, "empty.yaml line 4, key matrix.workloads");
        assertOneLine(accept(dir, "tab.yaml", "matrix:\n\tloads: {}\n"), 2, "tab.yaml:4:1: not valid YAML: a tab");
        assertOneLine(accept(dir, "syntax.yaml", "matrix: [a\n"), 2, "syntax.yaml:4:1: not valid YAML");
    }

    @Test
    void accept_withABinaryPlan_isOneLine() throws Exception {
        byte[] junk = new byte[256];
        new java.util.Random(7).nextBytes(junk);
        junk[0] = (byte) 0xff;
        assertOneLine(accept(dir, "junk.yaml", junk), 2, "junk.yaml is not UTF-8 text");
    }
}
