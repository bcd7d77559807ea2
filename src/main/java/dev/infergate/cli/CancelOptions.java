package dev.infergate.cli;

import dev.infergate.client.Cancellations;
import picocli.CommandLine.Option;

/** User cancellations (docs/metrics.md, user_cancelled): which requests the client stops, and when. */
final class CancelOptions {
    @Option(names = "--cancel-rate", paramLabel = "SHARE", converter = ShareConverter.class,
            description = "User cancellations: this share of the requests (0..1, chosen by --seed and each request's index, "
                    + "the same on every shard) has its stream closed by the client, like a user pressing stop, at --cancel-after. "
                    + "Recorded as user_cancelled: neither completed nor failed (docs/metrics.md). Default: none.")
    Double cancelRate;

    @Option(names = "--cancel-after", paramLabel = "DURATION|Ntok", converter = CancelAfterConverter.class,
            description = "With --cancel-rate: when a chosen request is stopped, a time since it was sent (2s, 500ms) "
                    + "or a number of output tokens received (40tok). A request that ends sooner completes as usual.")
    Cancellations.After cancelAfter;

    /** The user cancellations of {@code --cancel-rate}/{@code --cancel-after}, chosen by {@code seed}. */
    Cancellations cancellations(long seed) {
        if (cancelRate == null && cancelAfter == null) {
            return Cancellations.NONE;
        }
        if (cancelRate == null || cancelAfter == null) {
            throw UserError.usage("give --cancel-rate SHARE and --cancel-after 2s|40tok together, e.g. --cancel-rate 0.2 --cancel-after 40tok");
        }
        try {
            return new Cancellations(cancelRate, cancelAfter, seed);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--cancel-rate/--cancel-after: " + e.getMessage()); // a share of 0, say
        }
    }
}
