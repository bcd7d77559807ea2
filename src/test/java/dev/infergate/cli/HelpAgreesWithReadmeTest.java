package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command's {@code --help}, the README and docs/ agree: the commands that send requests show the one shared
 * option set for reaching an endpoint, every command in the README's table exists and every command is in it,
 * every option a command line in the README or docs/ uses exists on that command, and the {@code --slo} default is
 * the same in help, README and docs.
 */
class HelpAgreesWithReadmeTest {
    /** The commands that send requests to an endpoint given on the command line. */
    private static final List<String> SENDING = List.of("run", "probe", "quality", "capacity", "sweep");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| (`[^|]*?(?:\\\\\\|[^|]*?)*`(?:, `[^`]*`)*) \\|", Pattern.MULTILINE);
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    @Test
    void everyCommandThatSendsRequests_showsTheSharedEndpointAndTimeoutOptions() {
        Set<String> shared = new LinkedHashSet<>();
        for (Object mixin : List.of(new EndpointOptions(), new TimeoutOptions())) {
            CommandSpec.forAnnotatedObject(mixin).options().forEach(o -> shared.addAll(Arrays.asList(o.names())));
        }
        assertThat(shared).contains("--base-url", "--api", "--model", "--api-key-env", "--header", "--http2", "--ca-cert",
                "--insecure", "--connect-timeout", "--idle-connection-timeout", "--ttft-timeout", "--idle-timeout", "--timeout");
        CommandLine root = Main.commandLine();
        for (String name : SENDING) {
            String help = root.getSubcommands().get(name).getUsageMessage(CommandLine.Help.Ansi.OFF);
            for (String option : shared) {
                assertThat(help).as("%s --help shows %s", name, option)
                        .containsPattern("(?<![\\w-])" + Pattern.quote(option) + "(?![\\w-])");
            }
        }
    }

    @Test
    void everyCommandWithAnSlo_statesTheSameDefault_andReadmeAndDocsNameIt() throws IOException {
        CommandLine root = Main.commandLine();
        List<String> withSlo = new ArrayList<>();
        for (CommandLine cmd : all(root)) {
            OptionSpec slo = cmd.getCommandSpec().findOption("--slo");
            if (slo != null) {
                withSlo.add(cmd.getCommandName());
                assertThat(cmd.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " "))
                        .as("%s --help", cmd.getCommandName()).contains("Default: " + SloOptions.DEFAULT);
            }
        }
        assertThat(withSlo).contains("run", "capacity");
        assertThat(readme()).contains("default `" + SloOptions.DEFAULT + "`");
        assertThat(Files.readString(Path.of("docs/acceptance.md"))).contains("`" + SloOptions.DEFAULT + "`");
        assertThat(dev.infergate.accept.PlanReader.DEFAULT_SLO).isEqualTo(new SloConverter().convert(SloOptions.DEFAULT));
    }

    @Test
    void anOptionOfTheSameName_meansTheSameInEveryCommand_nameAliasesLabelDefaultAndHelp() {
        java.util.Map<String, java.util.Map<String, List<String>>> byName = new java.util.TreeMap<>();
        List<CommandLine> all = new ArrayList<>();
        collectAll(Main.commandLine(), all);
        // bench's commands measure the client itself, with their own knobs of the same names (--streams, --rate)
        all.removeIf(c -> c.getCommandSpec().qualifiedName().startsWith("infergate bench"));
        for (CommandLine cmd : all) {
            for (CommandLine.Model.OptionSpec o : cmd.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue; // picocli's own
                }
                // the default as the help states it ("Default: ..."), which is what the user reads
                String what = "aliases " + List.of(o.names()) + " · label " + o.paramLabel() + " · help "
                        + String.join(" ", o.description()).replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()));
                byName.computeIfAbsent(o.longestName(), k -> new java.util.TreeMap<>())
                        .computeIfAbsent(what, k -> new ArrayList<>()).add(cmd.getCommandSpec().qualifiedName());
            }
        }
        List<String> disagree = new ArrayList<>();
        byName.forEach((name, meanings) -> {
            if (meanings.size() > 1 && !INTENDED_DIFFERENCES.containsKey(name)) {
                disagree.add(name + ": " + meanings);
            }
        });
        assertThat(disagree).as("options that share a name but not their aliases, label, default or help").isEmpty();
    }

    /** Options whose name is shared by commands in which they rightly differ, each with the reason. */
    private static final java.util.Map<String, String> INTENDED_DIFFERENCES = java.util.Map.ofEntries(
            java.util.Map.entry("--warmup", "sweep's counts grow with each level: N, or K per user (1x)"),
            java.util.Map.entry("--target", "sweep adds what --levels auto does with it to capacity's words"),
            java.util.Map.entry("--input-tokens", "probe sends one long prompt (default 2000) to see the prefix cache; run takes a distribution"),
            java.util.Map.entry("--output-tokens", "probe asks one length (default 64) to judge delivery; run takes a distribution"),
            java.util.Map.entry("--preset", "run lets --input-tokens and --output-tokens override the preset's lengths; capacity offers it whole"),
            java.util.Map.entry("--seed", "it seeds what each command draws: a run's schedule, the simulator's answers, compare's bootstrap, "
                    + "quality's items (run and capacity share one text)"),
            java.util.Map.entry("--out", "every command's --out is a directory; each says what it writes there and its own default"),
            java.util.Map.entry("--output", "the one file each command writes instead of --out: a report, a comparison"),
            java.util.Map.entry("--name", "k8s-job prints manifests under a fixed name to edit; k8s run names each Job by its start"),
            java.util.Map.entry("--prompt-salt", "k8s run draws one salt and gives it to every shard"),
            java.util.Map.entry("--concurrency", "quality sends its items N at a time to save time; run's is the load's closed loop"),
            java.util.Map.entry("--no-progress", "run's turns off its one view; accept's and capacity's each run's view, their step lines stay"));

    private static void collectAll(CommandLine cmd, List<CommandLine> into) {
        into.add(cmd);
        cmd.getSubcommands().values().stream().filter(c -> !into.contains(c)).forEach(c -> collectAll(c, into));
    }

    @Test
    void readmeCommandTable_andTheCommands_matchBothWays() throws IOException {
        CommandLine root = Main.commandLine();
        Set<String> inTable = new LinkedHashSet<>();
        Matcher row = TABLE_ROW.matcher(readme());
        while (row.find()) {
            Matcher code = CODE.matcher(row.group(1));
            while (code.find()) {
                String[] words = code.group(1).split("\\s+");
                inTable.add(words[0]);
                CommandLine cmd = root.getSubcommands().get(words[0]);
                assertThat(cmd).as("README table names '%s', which is no command", words[0]).isNotNull();
                if (words.length > 1 && !cmd.getSubcommands().isEmpty()) {
                    for (String sub : words[1].split("\\\\\\|")) {
                        assertThat(cmd.getSubcommands()).as("README table: %s %s", words[0], sub).containsKey(sub);
                    }
                }
            }
        }
        for (String name : root.getSubcommands().keySet()) {
            if (!name.equals("help")) {
                assertThat(inTable).as("the README's command table lists every command").contains(name);
            }
        }
    }

    @Test
    void everyOptionInTheReadmeAndDocsCommandLines_existsOnThatCommand() throws IOException {
        CommandLine root = Main.commandLine();
        List<String> problems = new ArrayList<>();
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        int checked = 0;
        for (Path file : files) {
            for (String line : commandLines(Files.readString(file))) {
                checked++;
                problems.addAll(unknownOptions(root, line).stream().map(p -> file + ": " + p + " (in: " + line + ")").toList());
            }
        }
        assertThat(checked).as("command lines found").isGreaterThan(10);
        assertThat(problems).isEmpty();
    }

    @Test
    void everyOptionTheReadmeNames_existsOnSomeCommand() throws IOException {
        Set<String> known = new LinkedHashSet<>();
        for (CommandLine cmd : all(Main.commandLine())) {
            cmd.getCommandSpec().options().forEach(o -> known.addAll(Arrays.asList(o.names())));
        }
        Set<String> named = new LinkedHashSet<>();
        Matcher option = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*").matcher(readme());
        while (option.find()) {
            named.add(option.group());
        }
        assertThat(named).as("options named in the README").hasSizeGreaterThan(30);
        assertThat(known).containsAll(named);
    }

    @Test
    void theCommandLineCheck_findsAnOptionACommandDoesNotHave() {
        CommandLine root = Main.commandLine();
        assertThat(commandLines("text `./infergate capacity --base-url U --rate 3` and\n```\n./infergate run --concurrency 2 \\\n"
                + "    --no-such-option 1 # --comment\n```\n")).containsExactly("./infergate capacity --base-url U --rate 3",
                "./infergate run --concurrency 2      --no-such-option 1 # --comment");
        assertThat(unknownOptions(root, "./infergate capacity --base-url U --rate 3")).containsExactly("'infergate capacity' has no option --rate");
        assertThat(unknownOptions(root, "./infergate run --concurrency 2 --no-such-option 1 # --comment"))
                .containsExactly("'infergate run' has no option --no-such-option");
        assertThat(unknownOptions(root, "infergate bench accuracy --streams 5 [--keep DIR] -- --whatever")).isEmpty();
    }

    /** Command lines: code lines and code spans that start with infergate or ./infergate (continuations joined). */
    static List<String> commandLines(String markdown) {
        List<String> lines = new ArrayList<>();
        String joined = markdown.replace("\\\n", " ");
        Matcher span = Pattern.compile("`((?:\\./)?infergate [^`\\n]+)`").matcher(joined);
        while (span.find()) {
            lines.add(span.group(1));
        }
        for (String l : joined.split("\n")) {
            String t = l.strip();
            if (t.startsWith("./infergate ") || t.startsWith("infergate ")) {
                lines.add(t);
            }
        }
        return lines;
    }

    /** The {@code --options} of {@code line} that its command does not have. */
    static List<String> unknownOptions(CommandLine root, String line) {
        List<String> words = new ArrayList<>(Arrays.asList(line.strip().split("\\s+")));
        words.remove(0);
        CommandLine cmd = root;
        while (!words.isEmpty() && cmd.getSubcommands().containsKey(words.get(0))) {
            cmd = cmd.getSubcommands().get(words.remove(0));
        }
        List<String> unknown = new ArrayList<>();
        for (String w : words) {
            if (w.equals("--") || w.startsWith("#") || w.equals("|") || w.equals("&&") || w.equals(";")) {
                break;
            }
            Matcher m = Pattern.compile("^\\[?(--[a-z0-9][a-z0-9-]*)").matcher(w);
            if (m.find() && cmd.getCommandSpec().findOption(m.group(1)) == null) {
                unknown.add("'" + cmd.getCommandSpec().qualifiedName() + "' has no option " + m.group(1));
            }
        }
        return unknown;
    }

    private static String readme() throws IOException {
        return Files.readString(Path.of("README.md"));
    }

    private static List<CommandLine> all(CommandLine cmd) {
        List<CommandLine> into = new ArrayList<>();
        into.add(cmd);
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (sub != cmd) {
                into.addAll(all(sub));
            }
        }
        return into;
    }
}
