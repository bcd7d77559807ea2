package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's help renders cleanly: picocli formats descriptions, so a bare '%' breaks them. */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutFormatWarnings() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        assertThat(all.size()).as("commands found").isGreaterThan(15);

        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> problems = new ArrayList<>();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (CommandLine cmd : all) {
                captured.reset();
                String usage = cmd.getUsageMessage(CommandLine.Help.Ansi.OFF);
                String warnings = captured.toString(StandardCharsets.UTF_8);
                if (!warnings.isEmpty()) {
                    problems.add(cmd.getCommandSpec().qualifiedName() + ": " + warnings.lines().findFirst().orElse(""));
                }
                if (usage.contains("%n")) {
                    problems.add(cmd.getCommandSpec().qualifiedName() + ": raw %n in the help text");
                }
            }
        } finally {
            System.setErr(original);
        }
        assertThat(problems).isEmpty();
    }

    private static void collect(CommandLine cmd, List<CommandLine> into) {
        into.add(cmd);
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (!into.contains(sub)) {
                collect(sub, into);
            }
        }
    }
}
