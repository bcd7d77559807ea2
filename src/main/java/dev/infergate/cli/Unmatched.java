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
            return Suggestions.closest(name, optionNames(spec))
                    .map(option -> "Unknown option: '" + name + "' (did you mean " + option + "?)");
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

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        spec.options().stream().filter(o -> !o.hidden()).forEach(o -> names.addAll(List.of(o.names())));
        return names;
    }
}
