package dev.infergate.cli;

import dev.infergate.client.Timeouts;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Per-request time limits, the same options and defaults ({@link Timeouts#DEFAULT}) for every command that sends requests. */
final class TimeoutOptions {
    @Option(names = "--ttft-timeout", defaultValue = "2m", paramLabel = "DURATION",
            description = "Fail a request with no output this long after sending (timeout_first_token); a non-streamed "
                    + "answer's output is its whole body. Default: ${DEFAULT-VALUE}.")
    Duration ttftTimeout;

    @Option(names = "--idle-timeout", defaultValue = "60s", paramLabel = "DURATION",
            description = "Fail a request that receives no bytes for this long once its response started (timeout_idle). Default: ${DEFAULT-VALUE}.")
    Duration idleTimeout;

    @Option(names = "--timeout", defaultValue = "10m", paramLabel = "DURATION",
            description = "Fail a request that takes longer than this in total (timeout_total). Default: ${DEFAULT-VALUE}.")
    Duration totalTimeout;

    /** The limits, with the default size limits. */
    Timeouts timeouts() {
        try {
            return new Timeouts(ttftTimeout, idleTimeout, totalTimeout);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** The longest a request sent whole (not streamed) may take: its first output is its whole answer. */
    Duration wholeAnswer() {
        return ttftTimeout.compareTo(totalTimeout) < 0 ? ttftTimeout : totalTimeout;
    }
}
