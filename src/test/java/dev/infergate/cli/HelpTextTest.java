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

    @Test
    void noUrlInAnyHelpIsCutAcrossTwoLines() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        java.util.regex.Pattern lastWordUrl = java.util.regex.Pattern.compile("(https?://\\S*)$");
        java.util.regex.Pattern whole = java.util.regex.Pattern.compile("https?://[\\w.\\-]+(:(\\d+|PORT))?/\\S*");
        List<String> cut = new ArrayList<>();
        for (CommandLine cmd : all) {
            for (String line : cmd.getUsageMessage(CommandLine.Help.Ansi.OFF).split("\n")) {
                java.util.regex.Matcher m = lastWordUrl.matcher(line.stripTrailing());
                if (m.find() && !whole.matcher(m.group(1).replaceAll("[.,;)]+$", "")).matches()) {
                    cut.add(cmd.getCommandSpec().qualifiedName() + ": " + line.strip());
                }
            }
        }
        assertThat(cut).as("a URL the help wrapped mid-way (start it on a line of its own with %n)").isEmpty();
    }

    @Test
    void everyCommandList_givesEachCommandOneLine() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        List<String> long_ = new ArrayList<>();
        for (CommandLine cmd : all) {
            if (cmd.getSubcommands().isEmpty()) {
                continue;
            }
            String usage = cmd.getUsageMessage(CommandLine.Help.Ansi.OFF);
            String list = usage.substring(usage.indexOf("Commands:"));
            for (String line : list.lines().skip(1).toList()) {
                if (line.startsWith("    ") && !line.isBlank()) { // a continuation line: the entry took two or more
                    long_.add(cmd.getCommandSpec().qualifiedName() + ": " + line.strip());
                }
            }
        }
        assertThat(long_).as("a command's header (its one-line summary) that the list wraps; keep it under 58 characters")
                .isEmpty();
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
