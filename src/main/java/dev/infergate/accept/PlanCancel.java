package dev.infergate.accept;

import dev.infergate.client.Cancellations;
import dev.infergate.config.YamlNode;
import java.util.Set;

/**
 * A plan's {@code cancel} block ({@code cancel: {rate: 0.2, after: 2s}} or {@code after: 40tok}): user
 * cancellations on both sides, the same requests chosen on each (by the plan's seed and the request's index).
 */
final class PlanCancel {
    private PlanCancel() {}

    /** The cancellations {@code n} asks for, or {@link Cancellations#NONE} without the block. */
    static Cancellations parse(YamlNode n, long seed) {
        if (n == null) {
            return Cancellations.NONE;
        }
        n.allowOnly(Set.of("rate", "after"));
        if (n.get("rate") == null || n.get("after") == null) {
            throw n.error("needs both rate (a share, e.g. 0.2) and after (e.g. 2s or 40tok)");
        }
        Cancellations.After after;
        try {
            after = Cancellations.After.parse(n.get("after").text());
        } catch (IllegalArgumentException e) {
            throw n.get("after").error(e.getMessage());
        }
        try {
            return new Cancellations(n.get("rate").asDouble(), after, seed);
        } catch (IllegalArgumentException e) {
            throw n.get("rate").error(e.getMessage());
        }
    }
}
