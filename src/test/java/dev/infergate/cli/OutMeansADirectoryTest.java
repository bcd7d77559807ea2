package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --out} names a directory, as every command's {@code --out} does; {@code -o} names the file. */
class OutMeansADirectoryTest {
    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void aRun() throws Exception {
        run = Files.createDirectories(dir.resolve("run1"));
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"base_url\":\"http://x/v1\",\"model\":\"m\"}");
        Files.writeString(run.resolve("requests.jsonl"), "{\"id\":0,\"worker\":0,\"phase\":\"measured\",\"outcome\":\"ok\","
                + "\"scheduled_ns\":0,\"sent_ns\":1000,\"first_token_ns\":5000000,\"last_token_ns\":9000000,"
                + "\"done_ns\":9500000,\"output_tokens\":3,\"output_tokens_source\":\"usage\",\"chunks\":3}\n");
    }

    @Test
    void reportOutDir_writesReportHtmlInsideIt() {
        CliErrorsTest.Outcome o = CliErrorsTest.run("report", run.toString(), "--out", dir.resolve("site").toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(dir.resolve("site").resolve("report.html")).isRegularFile();
    }

    @Test
    void reportOutputFile_writesThatFile() {
        CliErrorsTest.Outcome o = CliErrorsTest.run("report", run.toString(), "--output", dir.resolve("review.html").toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(dir.resolve("review.html")).isRegularFile();
    }

    @Test
    void reportOutFile_stillWritesTheFile_withADeprecationNote() {
        CliErrorsTest.Outcome o = CliErrorsTest.run("report", run.toString(), "--out", dir.resolve("old.html").toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(dir.resolve("old.html")).isRegularFile();
        assertThat(o.err()).startsWith("infergate: note: --out " + dir.resolve("old.html") + " names a file, which is deprecated")
                .contains("-o " + dir.resolve("old.html"));
    }

    @Test
    void reportOutAndOutput_together_areRefused() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("report", run.toString(), "--out", dir.resolve("a").toString(), "-o",
                dir.resolve("b.html").toString()), 2, "--out DIR", "-o FILE", "not both");
    }
}
