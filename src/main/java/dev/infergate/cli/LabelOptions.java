package dev.infergate.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --label KEY=VALUE}: what the results are of (gpu, engine version...), in every command that measures. */
final class LabelOptions {
    @Option(names = {"--label", "--metadata"}, arity = "1..*", paramLabel = "KEY=VALUE",
            description = "Labels recorded with the results (repeatable), e.g. gpu=H100 quant=fp8. --metadata is vLLM's name for it.")
    List<String> labels = new ArrayList<>();

    /** The labels in the order given; one without '=' is a usage error. */
    Map<String, String> labels() {
        Map<String, String> map = new LinkedHashMap<>();
        for (String l : labels) {
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw UserError.usage("--label '" + l + "' must be key=value, e.g. gpu=H100");
            }
            map.put(l.substring(0, eq).trim(), l.substring(eq + 1).trim());
        }
        return map;
    }
}
