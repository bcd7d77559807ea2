package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void report_ofARun_writesTheHtmlInsideIt() throws Exception {
        Path run = dir.resolve("run1");
        Files.createDirectories(run);
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"base_url\":\"http://x/v1\",\"model\":\"m\"}");
        Files.writeString(run.resolve("requests.jsonl"), "{\"id\":0,\"worker\":0,\"phase\":\"measured\",\"outcome\":\"ok\","
                + "\"scheduled_ns\":0,\"sent_ns\":1000,\"first_token_ns\":5000000,\"last_token_ns\":9000000,"
                + "\"done_ns\":9500000,\"output_tokens\":3,\"output_tokens_source\":\"usage\",\"chunks\":3}\n");

        Result r = run("report", run.toString());

        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo("report: " + run.resolve("report.html") + System.lineSeparator());
        assertThat(Files.readString(run.resolve("report.html"))).startsWith("<!DOCTYPE html>");
    }

    @Test
    void report_ofADirectoryThatIsNotARun_failsWithOneLine() throws Exception {
        Files.createDirectories(dir.resolve("empty"));

        Result r = run("report", dir.resolve("empty").toString(), "-o", dir.resolve("r.html").toString());

        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).isEqualTo("infergate: " + dir.resolve("empty").resolve("run.json")
                + " does not exist; is " + dir.resolve("empty") + " a run directory?" + System.lineSeparator());
        assertThat(dir.resolve("r.html")).doesNotExist();
    }

    @Test
    void report_ofAMissingDirectory_failsWithOneLine() {
        Result r = run("report", dir.resolve("nope").toString());

        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).isEqualTo("infergate: " + dir.resolve("nope") + " is not a directory; pass the --out directory of a run"
                + System.lineSeparator());
    }

    @Test
    void report_ofSeveralRuns_withoutOut_writesIntoAResultsFolderOfItsOwn_notTheCurrentOne() throws Exception {
        Path runs = Path.of("src/test/resources/dev/infergate/golden/accept-small/capacity/baseline").toAbsolutePath();
        Path a = runs.resolve("rate-12.0000-a0");
        Path b;
        try (java.util.stream.Stream<Path> all = Files.list(runs)) {
            b = all.filter(p -> !p.equals(a) && Files.exists(p.resolve("run.json"))).findFirst().orElseThrow();
        }
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", SecretsEndToEndTest.classPath(),
                Main.class.getName(), "report", a.toString(), b.toString()));
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        assertThat(cwd.resolve("report.html")).as("not in the folder the user stood in").doesNotExist();
        try (java.util.stream.Stream<Path> made = Files.list(cwd.resolve("results"))) {
            Path folder = made.findFirst().orElseThrow();
            assertThat(folder.getFileName().toString()).startsWith("report-");
            assertThat(folder.resolve("report.html")).isRegularFile();
            assertThat(output).contains("report: ").contains(folder.getFileName().toString());
        }
    }
}
