package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;

/**
 * Failures injected per request, each decided independently when the request arrives. All probabilities
 * are in [0, 1]; a profile without a {@code faults} section injects none.
 *
 * @param errorRate              share of requests answered at once with HTTP 500 and an OpenAI error body
 * @param rateLimit              share of requests answered with HTTP 429 and {@code Retry-After}
 * @param stall                  share of streams that pause once, mid-answer, for a while
 * @param resetMidstream         share of streams whose connection is reset mid-answer
 * @param malformedEvent         share of streams that carry one SSE event whose data is not JSON
 */
public record Faults(
        @JsonProperty("error_rate") double errorRate,
        @JsonProperty("rate_limit") RateLimit rateLimit,
        @JsonProperty("stall") Stall stall,
        @JsonProperty("reset_midstream") double resetMidstream,
        @JsonProperty("malformed_event") double malformedEvent) {

    public static final Faults NONE = new Faults(0, null, null, 0, 0);

    public Faults {
        checkProbability("faults.error_rate", errorRate);
        checkProbability("faults.reset_midstream", resetMidstream);
        checkProbability("faults.malformed_event", malformedEvent);
        rateLimit = rateLimit == null ? new RateLimit(0, "1s") : rateLimit;
        stall = stall == null ? new Stall(0, "1s") : stall;
    }

    /** @param retryAfter how long the client is told to wait, sent as whole seconds (at least 1) */
    public record RateLimit(@JsonProperty("probability") double probability, @JsonProperty("retry_after") String retryAfter) {
        public RateLimit {
            checkProbability("faults.rate_limit.probability", probability);
            DurationText.parse("faults.rate_limit.retry_after", retryAfter);
        }

        public long retryAfterSeconds() {
            return Math.max(1, (long) Math.ceil(DurationText.parse("retry_after", retryAfter).toMillis() / 1000.0));
        }
    }

    /** @param duration how long the stream pauses (the engine keeps generating; delivery is held) */
    public record Stall(@JsonProperty("probability") double probability, @JsonProperty("duration") String duration) {
        public Stall {
            checkProbability("faults.stall.probability", probability);
            DurationText.parse("faults.stall.duration", duration);
        }

        public Duration pause() {
            return DurationText.parse("faults.stall.duration", duration);
        }
    }

    static void checkProbability(String field, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(field + " (" + p + ") must be between 0 and 1");
        }
    }
}
