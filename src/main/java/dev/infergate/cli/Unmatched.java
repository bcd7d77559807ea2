package dev.infergate.cli;

import dev.infergate.config.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * "Did you mean" for a mistyped option or command. picocli knows what was unmatched and what the command accepts;
 * its own {@code getSuggestions} ranks every candidate with no cut-off, so the nearest one is chosen here by
 * {@link Suggestions}, the same rule as for plan keys, profiles and presets.
 */
final class Unmatched {
    private Unmatched() {}

    /**
     * "Unknown option: '--concurency' (did you mean --concurrency?)" or "Unknown command: 'rn' (did you mean run?)"
     * when the first unmatched argument is near an option or command of its command; empty otherwise (picocli's
     * own message stands).
     */
    static Optional<String> withSuggestion(CommandLine.UnmatchedArgumentException ex) {
        List<String> unmatched = ex.getUnmatched();
        CommandLine cli = ex.getCommandLine();
        if (unmatched.isEmpty() || cli == null) {
            return Optional.empty();
        }
        String first = unmatched.get(0);
        CommandSpec spec = cli.getCommandSpec();
        if (first.startsWith("-")) {
            int equals = first.indexOf('=');
            String name = equals > 0 ? first.substring(0, equals) : first;
            if (name.length() <= 3) {
                return Optional.empty(); // "-x" is one edit from every short option: any suggestion would be a guess
            }
            Optional<String> near = Suggestions.closest(name, optionNames(spec))
                    .map(option -> "Unknown option: '" + name + "' (did you mean " + option + "?)");
            return near.isPresent() ? near : elsewhere(name, cli);
        }
        if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            return Suggestions.closest(first, spec.subcommands().keySet())
                    .map(command -> "Unknown command: '" + first + "' (did you mean " + command + "?)");
        }
        return Optional.empty();
    }

    /**
     * "Unknown option: '--base-ulr' (did you mean --base-url?)" when a required option is missing because it was
     * mistyped: picocli reports the missing option first, which hides the typo that caused it.
     */
    static Optional<String> typoOfMissing(CommandLine.MissingParameterException ex, List<String> args) {
        CommandLine cli = ex.getCommandLine();
        if (cli == null) {
            return Optional.empty();
        }
        CommandSpec spec = cli.getCommandSpec();
        List<String> missing = new ArrayList<>();
        ex.getMissing().stream().filter(a -> a instanceof CommandLine.Model.OptionSpec)
                .forEach(a -> missing.addAll(List.of(((CommandLine.Model.OptionSpec) a).names())));
        for (String arg : args) {
            int equals = arg.indexOf('=');
            String name = equals > 0 ? arg.substring(0, equals) : arg;
            if (name.length() <= 3 || !name.startsWith("-") || spec.optionsMap().containsKey(name)) {
                continue;
            }
            Optional<String> meant = Suggestions.closest(name, missing);
            if (meant.isPresent()) {
                return Optional.of("Unknown option: '" + name + "' (did you mean " + meant.get() + "?)");
            }
        }
        return Optional.empty();
    }

    /**
     * "'--input-tokens' is an option of run and probe, not of capacity": an option
     * the user knows from another command, so they learn where it belongs instead of only that it is unknown here.
     */
    private static Optional<String> elsewhere(String name, CommandLine cli) {
        CommandLine root = cli;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        List<String> owners = new ArrayList<>();
        collectOwners(root, name, owners);
        if (owners.isEmpty()) {
            return Optional.empty();
        }
        String here = cli.getCommandSpec().qualifiedName();
        String list = owners.size() == 1 ? owners.get(0)
                : String.join(", ", owners.subList(0, owners.size() - 1)) + " and " + owners.get(owners.size() - 1);
        return Optional.of("Unknown option: '" + name + "' is an option of " + list + ", not of "
                + here.replaceFirst("^infergate ", ""));
    }

    private static void collectOwners(CommandLine cmd, String name, List<String> owners) {
        for (CommandLine sub : cmd.getSubcommands().values()) {
            String qualified = sub.getCommandSpec().qualifiedName().replaceFirst("^infergate ", "");
            if (sub.getCommandSpec().optionsMap().containsKey(name) && !owners.contains(qualified)
                    && !qualified.startsWith("bench") && !qualified.endsWith("help")) {
                owners.add(qualified);
            }
            if (sub != cmd) {
                collectOwners(sub, name, owners);
            }
        }
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        spec.options().stream().filter(o -> !o.hidden()).forEach(o -> names.addAll(List.of(o.names())));
        return names;
    }
}
