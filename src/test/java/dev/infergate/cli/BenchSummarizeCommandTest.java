package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Smoke tests: a tiny synthetic run summarized and reported in child JVMs (no figure is judged here). */
class BenchSummarizeCommandTest {

    @TempDir
    Path tmp;

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    @Test
    void aTinySyntheticRun_isSummarizedAndReported_inChildJvms() throws Exception {
        Path dir = tmp.resolve("big");
        String[] r = run("bench", "summarize", "--requests", "250", "--seed-requests", "40", "--heap", "256m", "--out", dir.toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("250 records").contains("summarize wall").contains("report    wall").contains("load average");
        assertThat(Files.readAllLines(dir.resolve("requests.jsonl"))).hasSize(250);
        assertThat(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).toString()).contains("250");
        assertThat(dir.resolve("report.html")).exists();
    }

    @Test
    void nonsense_isRefused_inOneLine() {
        String[] r = run("bench", "summarize", "--requests", "0");
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[2].strip()).doesNotContain("\n").contains("--requests");
    }
}
