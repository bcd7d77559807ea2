package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.infergate.config.Durations;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * User cancellations ({@code --cancel-rate SHARE --cancel-after 2s|40tok}, docs/workloads.md): a share of the
 * requests has its stream closed by the client, like a user pressing stop, at a fixed point of its answer. Such a
 * request is recorded as {@code user_cancelled}: neither completed nor failed, and never counted against the server.
 *
 * <p>Which requests: chosen from the run's seed and the request's index alone ({@link #chosen}), so every shard
 * of a scaled-out run, and both sides of a comparison, cancel the same ones. A chosen request that ends before its
 * point completes as usual.
 *
 * @param share the share of requests chosen, 0 (none) to 1 (all)
 * @param after when a chosen request's stream is closed; null when {@code share} is 0
 * @param seed  the run's seed
 */
public record Cancellations(double share, After after, long seed) {
    /** No request is cancelled. */
    public static final Cancellations NONE = new Cancellations(0, null, 0);

    public Cancellations {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("cancel rate (" + share + ") must be a share between 0 and 1, e.g. 0.2");
        }
        if (share > 0 && after == null) {
            throw new IllegalArgumentException("a cancel rate needs a point to cancel at: --cancel-after 2s or 40tok");
        }
    }

    /** When a chosen request's stream is closed: after a time since {@code sent}, or after some output tokens. */
    public sealed interface After permits AfterTime, AfterTokens {
        /** The form {@link #parse} reads back: {@code 2s}, {@code 40tok}. */
        String label();

        /** Parses {@code 2s}, {@code 250ms} (a duration since sent) or {@code 40tok} (output tokens received). */
        static After parse(String text) {
            Matcher m = TOKENS.matcher(text == null ? "" : text.trim());
            if (m.matches()) {
                return new AfterTokens(Integer.parseInt(m.group(1)));
            }
            try {
                return new AfterTime(Durations.parse(text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cancel after '" + text
                        + "' is neither a duration nor a token count; write e.g. 2s, 500ms or 40tok", e);
            }
        }
    }

    private static final Pattern TOKENS = Pattern.compile("(\\d{1,9})\\s*tok(?:ens?)?", Pattern.CASE_INSENSITIVE);

    /** Closes the stream this long after the request's {@code sent} mark. */
    public record AfterTime(Duration sinceSent) implements After {
        public AfterTime {
            if (sinceSent == null || sinceSent.isNegative() || sinceSent.isZero()) {
                throw new IllegalArgumentException("cancel after (" + sinceSent + ") must be > 0");
            }
        }

        @Override
        public String label() {
            return Durations.format(sinceSent);
        }

        /** The monotonic instant to close a stream sent at {@code sentNanos}. */
        public long dueNanos(long sentNanos) {
            return sentNanos + sinceSent.toNanos();
        }
    }

    /**
     * Closes the stream once this many output tokens arrived, counted as output-carrying events (one token each
     * in vLLM's default stream interval and in serve-sim); the read that brings the last of them is kept whole.
     */
    public record AfterTokens(int tokens) implements After {
        public AfterTokens {
            if (tokens < 1) {
                throw new IllegalArgumentException("cancel after (" + tokens + " tokens) must be >= 1 token");
            }
        }

        @Override
        public String label() {
            return tokens + "tok";
        }

        /** Whether {@code outputEvents} received so far reach the point. */
        public boolean reached(int outputEvents) {
            return outputEvents >= tokens;
        }
    }

    /** Whether any request may be cancelled. */
    public boolean enabled() {
        return share > 0;
    }

    /**
     * Whether request {@code id} (its index in the run's schedule) is one the user cancels: a hash of the seed and
     * the index, uniform over [0, 1), below {@link #share}. Depends on nothing else, so shards agree.
     */
    public boolean chosen(long id) {
        if (share <= 0) {
            return false;
        }
        double u = (mix(seed * 0x9E3779B97F4A7C15L + mix(id + 0x632BE59BD9B4E019L)) >>> 11) * 0x1.0p-53;
        return u < share;
    }

    /** The point {@code id} is cancelled at, or null when it is not chosen. */
    public After pointFor(long id) {
        return chosen(id) ? after : null;
    }

    /** SplitMix64's finaliser: every input bit moves about half the output bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The {@code cancel} block of run.json; {@code {}} when disabled. */
    public Described describe() {
        return enabled() ? new Described(share, after.label()) : new Described(null, null);
    }

    /**
     * run.json's {@code cancel} block.
     *
     * @param rate  the share of requests cancelled, absent when none are
     * @param after when a chosen request's stream is closed, absent when none are
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Described(Double rate, String after) {}

    @Override
    public String toString() {
        return enabled() ? String.format(Locale.ROOT, "%s after %s", share, after.label()) : "none";
    }
}
