package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Smoke tests: the timing benchmarks run a tiny configuration end to end (no figure is judged here). */
class BenchLagCommandTest {

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
    void benchLag_runsATinyConfiguration() {
        String[] r = run("bench", "lag", "--requests", "5", "--rate", "50", "--ttft", "5ms", "--tokens", "2", "--no-fork",
                "--event-loops", "1");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("5 requests (0 failed): lag p50").contains("first request").contains("warm-up")
                .contains(BenchLagCommand.RESULT + " ");
    }

    @Test
    void benchLag_rejectsNonsense_inOneLine() {
        String[] r = run("bench", "lag", "--requests", "0", "--no-fork");
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[2].strip()).doesNotContain("\n").contains("requests (0)");
    }

    @Test
    void versusFloor_runsATinyConfiguration_whenGccAndTheSharedProgramsAreThere() {
        Path shared = FloorProcesses.defaultSharedBench();
        assumeTrue(FloorProcesses.gccAvailable() && Files.isRegularFile(shared.resolve("sse_floor_client.c")),
                "gcc or ../shared/bench missing");
        String[] r = run("bench", "versus-floor", "--streams", "2", "--rounds", "1", "--tokens", "3", "--ttft-ms", "10",
                "--itl-ms", "5", "--java-opts=-Xmx256m", "--shared-bench", shared.toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("floor").contains("infergate").contains("ratio").contains("matched 2 and 2 requests");
    }
}
