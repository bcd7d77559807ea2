package dev.infergate.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Error messages in the user's own words: picocli names an option by its longest name, so a mistake in
 * {@code --rate} would be reported as one in its alias {@code --request-rate}. The name typed is put back.
 */
final class OptionNames {
    private OptionNames() {}

    /** {@code message} with each option's longest name replaced by the name {@code args} used for it. */
    static String asTyped(String message, CommandSpec spec, List<String> args) {
        String result = message;
        for (OptionSpec option : spec.options()) {
            String longest = option.longestName();
            if (option.names().length < 2 || !result.contains(longest) || typed(longest, args)) {
                continue;
            }
            for (String name : option.names()) {
                if (typed(name, args)) {
                    result = result.replace("'" + longest + "'", "'" + name + "'").replace(longest + "=", name + "=");
                    break;
                }
            }
        }
        return result;
    }

    private static boolean typed(String name, List<String> args) {
        return args.stream().anyMatch(a -> a.equals(name) || a.startsWith(name + "="));
    }
}
