package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live view as a user meets it: on a pseudo-terminal ({@code script} from util-linux gives the process one) the
 * block is redrawn in place; piped, it is a plain log with the total and no terminal control at all.
 */
class LiveViewTerminalTest {
    @TempDir
    Path dir;

    private List<String> run(String baseUrl, String out) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ReadmeNewcomerWalkTest.launcherJavaOptions("run")); // as ./infergate starts it
        cmd.addAll(List.of("-cp", SecretsEndToEndTest.classPath(), Main.class.getName(), "run", "--base-url", baseUrl,
                "--duration", "7s", "--rate", "3", "--output-tokens", "32", "--input-tokens", "64",
                "--server-metrics", "off", "--out", dir.resolve(out).toString()));
        return cmd;
    }

    private static String finish(Process p, File output) throws Exception {
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the run did not finish in 3 minutes");
        }
        assertThat(p.exitValue()).as(Files.readString(output.toPath())).isZero();
        return Files.readString(output.toPath());
    }

    @Test
    void onATerminal_theBlockIsRedrawnInPlace_piped_itIsAPlainLogWithTheTotal() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "needs script(1) from util-linux for a pseudo-terminal");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            String command = String.join(" ", run(sim.baseUrl(), "tty").stream().map(a -> "'" + a + "'").toList());
            File tty = dir.resolve("tty.txt").toFile();
            Process onTerminal = new ProcessBuilder("/usr/bin/script", "-qfec", command, "/dev/null")
                    .redirectErrorStream(true).redirectOutput(tty).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            // the piped run goes alongside (each is a 7 s run at 3 req/s; the simulator serves both): one wait, not two
            File piped = dir.resolve("piped.txt").toFile();
            Process toAFile = new ProcessBuilder(run(sim.baseUrl(), "piped")).redirectErrorStream(true).redirectOutput(piped).start();
            String screen = finish(onTerminal, tty);
            Matcher redraws = Pattern.compile("\033\\[3F\\r?\\n?run \\[").matcher(screen);
            int count = 0;
            while (redraws.find()) {
                count++;
            }
            assertThat(count).as("the block is drawn over itself (cursor up 3 lines), not scrolled: " + screen).isGreaterThan(3);
            assertThat(screen).contains("\033[K").containsPattern("ms p50/p99: TTFT [0-9.]+/[0-9.]+ ·")
                    .containsPattern("run \\[#{20}\\] [0-9]+ req, 0:0[0-9] of 0:07 · 0:0[0-9] · 0:00 left")
                    .contains("results: ");

            String log = finish(toAFile, piped);
            assertThat(log).as("no terminal control in a log").doesNotContain("\033");
            assertThat(log).containsPattern("\ninfergate: [0-9]+ req, 0:0[0-9] of 0:07 · 0:0[0-9] elapsed · 0:0[0-9] left · [0-9.]+ req/s"
                    + " · [0-9]+ tok/s out · [0-9]+ in flight · [0-9]+ queued · no errors · ms p50/p99: TTFT ");
        }
    }
}
