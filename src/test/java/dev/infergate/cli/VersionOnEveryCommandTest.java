package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --version} prints the same line on every command, not only on {@code infergate} itself. */
class VersionOnEveryCommandTest {

    @Test
    void everyCommandThatOffersVersionPrintsTheTopCommandsVersionLine() {
        String expected = rendered(List.of("--version"));
        assertThat(expected).startsWith("infergate ");
        List<List<String>> paths = new ArrayList<>();
        collect(Main.commandLine(), new ArrayList<>(), paths);
        assertThat(paths).as("commands walked").hasSizeGreaterThan(20);
        for (List<String> path : paths) {
            List<String> args = new ArrayList<>(path);
            args.add("--version");
            assertThat(rendered(args)).as(String.join(" ", args)).isEqualTo(expected);
        }
    }

    @Test
    void everyCommandButHelpOffersVersion() {
        List<String> without = new ArrayList<>();
        walkAll(Main.commandLine(), "", without);
        assertThat(without).as("commands without --version").isEmpty();
    }

    private static void collect(CommandLine cli, List<String> path, List<List<String>> out) {
        for (var e : cli.getSubcommands().entrySet()) {
            if (!e.getValue().getCommandSpec().optionsMap().containsKey("--version")) {
                continue;
            }
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            if (e.getKey().equals(e.getValue().getCommandName())) { // aliases would only repeat a command
                out.add(p);
            }
            collect(e.getValue(), p, out);
        }
    }

    private static void walkAll(CommandLine cli, String path, List<String> without) {
        for (var e : cli.getSubcommands().entrySet()) {
            CommandLine sub = e.getValue();
            String p = path + " " + e.getKey();
            if (sub.getCommand() instanceof CommandLine.HelpCommand) {
                continue;
            }
            if (!sub.getCommandSpec().optionsMap().containsKey("--version")) {
                without.add(p.strip());
            }
            walkAll(sub, p, without);
        }
    }

    private static String rendered(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as("exit code of %s", args).isZero();
        assertThat(err.toString()).as("stderr of %s", args).isEmpty();
        return out.toString().strip();
    }
}
