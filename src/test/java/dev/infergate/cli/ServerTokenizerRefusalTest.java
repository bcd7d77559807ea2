package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.testing.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server tokenizer that cannot make exact lengths is never dropped in silence, nor called exact by the probe. */
class ServerTokenizerRefusalTest {
    @TempDir
    Path dir;

    private static int cli(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void tokenizerServer_thatCannotMakeExactLengths_failsWithOneLine() throws Exception {
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_IDLE, Duration.ofSeconds(5),
                EngineServer.TokenizeDialect.LLAMA_CPP_NOT_ADDITIVE, 0, 4)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = cli(out, err, "run", "--base-url", server.baseUrl() + "/v1", "--tokenizer", "server",
                    "--requests", "2", "--concurrency", "1", "--input-tokens", "64", "--output-tokens", "4",
                    "--no-progress", "--out", dir.resolve("run").toString());
            assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE.code());
            assertThat(err.toString().strip().lines()).hasSize(1);
            assertThat(err.toString()).contains("--tokenizer server: the server's tokenizer (llama.cpp) does not count"
                    + " a run of words as the sum of its words").doesNotContain("Exception");
            assertThat(dir.resolve("run").resolve("requests.jsonl")).doesNotExist();
        }
    }

    @Test
    void probe_saysPromptLengthsCannotBeExact_withSuchATokenizer() throws Exception {
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_IDLE, Duration.ofSeconds(5),
                EngineServer.TokenizeDialect.LLAMA_CPP_NOT_ADDITIVE, 0, 4)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path probeDir = dir.resolve("probe");
            cli(out, err, "probe", "--base-url", server.baseUrl() + "/v1", "--rounds", "3", "--input-tokens", "64",
                    "--output-tokens", "16", "--out", probeDir.toString());
            assertThat(probeDir.resolve("probe.json")).as(err.toString() + out).exists();
            String probe = Files.readString(probeDir.resolve("probe.json"));
            assertThat(probe).contains("prompt lengths cannot be exact").contains("\"lengths_exact\" : false");
            assertThat(out.toString()).doesNotContain("prompt lengths are exact");
        }
    }
}
