package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API key and credential headers reach no file and no console line, against a server that echoes the
 * request headers everywhere it can. Each command runs as its own process (the key comes from the
 * environment, which a test cannot set in-process), and every byte it wrote or printed is searched.
 */
class SecretsEndToEndTest {
    private static final String KEY = "sk-env-secret-D4D4D4";
    private static final String HEADER_KEY = "hdr-secret-A1A1A1";
    private static final String COOKIE = "cookie-secret-B2B2B2";
    private static final String TOKEN = "tok-secret-C3C3C3";
    private static final List<String> SECRETS = List.of(KEY, HEADER_KEY, COOKIE, TOKEN);

    @TempDir
    static Path dir;
    static EchoingServer server;

    record Outcome(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    @BeforeAll
    static void start() throws IOException {
        server = new EchoingServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static List<String> secretHeaders() {
        return List.of("--header", "x-api-key: " + HEADER_KEY, "--header", "Cookie: session=" + COOKIE,
                "--header", "X-Custom-Token: " + TOKEN, "--header", "X-Trace: visible-trace");
    }

    static Outcome infergate(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ReadmeNewcomerWalkTest.launcherJavaOptions(args.get(0))); // as ./infergate starts it
        cmd.addAll(List.of("-cp", classPath(), Main.class.getName()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("OPENAI_API_KEY", KEY);
        File out = dir.resolve("stdout-" + System.nanoTime()).toFile();
        File err = dir.resolve("stderr-" + System.nanoTime()).toFile();
        Process p = pb.redirectOutput(out).redirectError(err).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("infergate " + args + " did not finish in 5 minutes");
        }
        return new Outcome(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
    }

    /** The test class path without SLF4J, which the shipped jar does not hold (it would warn on stderr). */
    static String classPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("slf4j")).collect(java.util.stream.Collectors.joining(File.pathSeparator));
    }

    static List<String> with(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    static void assertNoSecretIn(String what, String text) {
        for (String s : SECRETS) {
            assertThat(text).as("%s holds %s", what, s).doesNotContain(s);
        }
    }

    @Test
    void runProbeReportAcceptAndK8sJob_writeAndPrintNoSecret() throws Exception {
        List<Outcome> outcomes = new ArrayList<>();
        Outcome run = infergate(with(List.of("run", "--base-url", server.baseUrl(), "--requests", "6", "--concurrency", "2",
                "--out", "run", "--no-progress", "--server-metrics", "off"), secretHeaders()));
        outcomes.add(run);
        assertThat(run.code()).as("run: %s", run.err()).isZero();
        String log = Files.readString(dir.resolve("run/requests.jsonl"));
        assertThat(log).as("the echoed headers are kept, the credentials cut out").contains("<redacted>").contains("visible-trace");
        assertThat(run.out()).doesNotContain("\u001b").contains("model echo-red ·");

        Outcome probe = infergate(with(List.of("probe", "--base-url", server.baseUrl(), "--rounds", "3", "--input-tokens", "64", "--output-tokens", "16", "--out", "probe"),
                secretHeaders()));
        outcomes.add(probe);
        assertThat(probe.code()).as("probe: %s", probe.err()).isIn(0, 1);

        Outcome report = infergate(List.of("report", "run", "--out", "again.html"));
        outcomes.add(report);
        assertThat(report.code()).as("report: %s", report.err()).isZero();

        Outcome summarize = infergate(List.of("summarize", "run"));
        outcomes.add(summarize);

        Outcome preflight = infergate(with(List.of("run", "--base-url", server.baseUrl(), "--model", "preflight-fails",
                "--requests", "1", "--out", "failed", "--no-progress"), secretHeaders()));
        outcomes.add(preflight);
        assertThat(preflight.code()).isEqualTo(3);
        assertThat(preflight.err().strip().lines()).hasSize(1).allMatch(l -> l.contains("<redacted>"));

        Files.writeString(dir.resolve("plan.yaml"), "baseline: " + server.baseUrl() + "\ncandidate: " + server.baseUrl()
                + "\nmatrix: {workloads: [short-chat], prefixes: [fresh], loads: {one: {concurrency: 1}}}\n"
                + "repeats: 1\nrequests: 4\nwarmup: 0\ncapacity: false\nburst: false\nquality: false\n");
        Outcome accept = infergate(List.of("accept", "plan.yaml", "--out", "accept"));
        outcomes.add(accept);
        assertThat(accept.err()).doesNotContain("unexpected error");

        Outcome job = infergate(with(List.of("k8s-job", "--workers", "2", "--image", "img", "--header-secret", "creds", "--",
                "--base-url", server.baseUrl()), with(secretHeaders(), List.of("--header", "Authorization: Bearer " + KEY))));
        outcomes.add(job);
        assertThat(job.code()).isZero();
        assertThat(job.out()).contains("secretKeyRef").contains("visible-trace");
        Outcome refused = infergate(with(List.of("k8s-job", "--workers", "2", "--image", "img", "--",
                "--base-url", server.baseUrl()), secretHeaders()));
        outcomes.add(refused);
        assertThat(refused.code()).isEqualTo(2);

        for (Outcome o : outcomes) {
            assertNoSecretIn("console", o.all());
            assertThat(o.err()).doesNotContain("SEVERE").doesNotContain("\u001b");
        }
        int files = 0;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                assertNoSecretIn(dir.relativize(f).toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                files++;
            }
        }
        assertThat(files).as("files searched").isGreaterThan(10);
    }

    @Test
    void aCredentialEchoedWhereTheErrorIsCut_reachesNoRecordCsvReportOrConsole() throws Exception {
        String token = "tok-cut-SECRET123authTOKEN";
        List<Outcome> outcomes = new ArrayList<>();
        outcomes.add(infergate(List.of("run", "--base-url", server.baseUrl(), "--model", "cut-270", "--requests", "3",
                "--out", "cut-key", "--no-progress", "--server-metrics", "off")));
        outcomes.add(infergate(List.of("run", "--base-url", server.baseUrl(), "--model", "cut-270", "--requests", "3",
                "--header", "Authorization: Bearer " + token, "--out", "cut-header", "--no-progress", "--server-metrics", "off")));
        for (String run : List.of("cut-key", "cut-header")) {
            outcomes.add(infergate(List.of("export", run, "--format", "csv")));
            outcomes.add(infergate(List.of("export", run, "--format", "vllm")));
            String log = Files.readString(dir.resolve(run).resolve("requests.jsonl"));
            assertThat(log).as(run).contains("HTTP 500: aaaa").contains("<redacted>");
        }
        for (Outcome o : outcomes) {
            assertNoSecretIn("console", o.all());
            assertThat(o.all()).doesNotContain("tok-cut").doesNotContain("sk-env");
        }
        for (String run : List.of("cut-key", "cut-header")) {
            try (Stream<Path> all = Files.walk(dir.resolve(run))) {
                for (Path f : all.filter(Files::isRegularFile).toList()) {
                    String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    assertNoSecretIn(f.toString(), text);
                    assertThat(text).as(f.toString()).doesNotContain("tok-cut").doesNotContain("sk-env");
                }
            }
        }
    }

    @Test
    void credentialsInTheBaseUrl_reachNoFileAndNoConsoleLine() throws Exception {
        String url = server.baseUrl().replace("http://", "http://user:PASS-url-E5E5E5@") + "?api_key=QKEY-url-F6F6F6";
        Outcome run = infergate(List.of("run", "--base-url", url, "--requests", "2", "--out", "url-run", "--no-progress",
                "--server-metrics", "off"));
        assertThat(run.code()).as("run: %s", run.err()).isZero();
        Outcome report = infergate(List.of("report", "url-run", "--out", "url-again.html"));
        for (Outcome o : List.of(run, report)) {
            assertThat(o.all()).doesNotContain("E5E5E5").doesNotContain("F6F6F6");
        }
        try (Stream<Path> all = Files.walk(dir.resolve("url-run"))) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain("E5E5E5").doesNotContain("F6F6F6");
            }
        }
        assertThat(Files.readString(dir.resolve("url-run/run.json"))).contains("api_key=<redacted>");
    }

    @Test
    void aHeaderValueWithALineBreak_isBadInput_andNotEchoed() throws Exception {
        Outcome o = infergate(List.of("run", "--base-url", server.baseUrl(), "--header",
                "x-api-key: a\r\nX-Injected: " + HEADER_KEY, "--out", "crlf"));
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("x-api-key").contains("line break");
        assertNoSecretIn("stderr", o.all());
    }

    @Test
    void aBusyPreflight_isRetriedAfterRetryAfter_thenNamesTheWayOut() throws Exception {
        int before = server.busyAnswers.get();
        Outcome o = infergate(List.of("run", "--base-url", server.baseUrl(), "--model", "busy", "--requests", "1",
                "--out", "busy", "--no-progress"));
        assertThat(o.code()).isEqualTo(3);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("429").contains("--no-exact-output");
        assertThat(server.busyAnswers.get() - before).as("attempts").isEqualTo(4);
        assertNoSecretIn("stderr", o.all());
    }
}
