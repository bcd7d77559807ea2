package dev.infergate.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * run.json's {@code load} block as a load model describes itself (package load: each model returns one of these),
 * before the limits and the shard that {@link LoadBlock} adds. Written by Jackson in component order, the order
 * run.json has always had; read back through {@link RunDocument.Load}, which also reads the blocks of older
 * versions and imports. Every key is spelled here, once (the keys a reader names are {@link RunDocument} constants).
 */
public sealed interface LoadDescription permits LoadDescription.Closed, LoadDescription.Open, LoadDescription.Sessions {

    /**
     * A closed loop: a fixed number of requests in flight.
     *
     * @param mode        {@code closed}
     * @param concurrency requests in flight
     * @param thinkTimeMs pause between a user's response and its next request, milliseconds
     */
    record Closed(@JsonProperty(RunDocument.LOAD_MODE) String mode,
            @JsonProperty(RunDocument.LOAD_CONCURRENCY) int concurrency,
            @JsonProperty(RunDocument.LOAD_THINK_TIME_MS) long thinkTimeMs) implements LoadDescription {}

    /**
     * An open loop: arrivals on a schedule.
     *
     * @param mode           {@code open}
     * @param arrival        the schedule, its keys written into the block itself
     * @param maxConcurrency the cap on requests in flight, or null for none
     */
    record Open(@JsonProperty(RunDocument.LOAD_MODE) String mode, @JsonUnwrapped Arrival arrival,
            @JsonProperty(RunDocument.LOAD_MAX_CONCURRENCY) Integer maxConcurrency) implements LoadDescription {}

    /**
     * Agent sessions of several turns.
     *
     * @param mode           {@code sessions}
     * @param sessions       measured sessions
     * @param turns          turns per session
     * @param thinkTimeMs    pause between a turn's response and the next turn, milliseconds
     * @param warmupSessions sessions before the clock started
     * @param starts         how sessions start, its keys written into the block itself
     */
    record Sessions(@JsonProperty(RunDocument.LOAD_MODE) String mode, int sessions,
            @JsonProperty(RunDocument.LOAD_TURNS) int turns,
            @JsonProperty(RunDocument.LOAD_THINK_TIME_MS) long thinkTimeMs,
            @JsonProperty("warmup_sessions") int warmupSessions, @JsonUnwrapped Starts starts) implements LoadDescription {}

    /** An arrival schedule (load.ArrivalSchedule#describe). */
    sealed interface Arrival permits Steady, Piecewise, RampUp, Trace {}

    /**
     * Arrivals at one steady rate.
     *
     * @param arrival       {@code poisson}, {@code constant} or {@code gamma}
     * @param ratePerSecond mean arrivals per second
     * @param burstiness    the gamma shape, or null (no key) for any other kind
     * @param seed          the seed of the gaps, or null (no key) for constant gaps
     * @param exactCount    true (a key) when the count in each window is exact (load.ExactCountSchedule), else null
     */
    record Steady(@JsonProperty(RunDocument.LOAD_ARRIVAL) String arrival,
            @JsonProperty(RunDocument.LOAD_RATE_PER_SECOND) double ratePerSecond,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double burstiness,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long seed,
            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("exact_count") Boolean exactCount) implements Arrival {}

    /**
     * Arrivals in segments of their own rate (a burst).
     *
     * @param arrival  {@code piecewise}
     * @param segments the segments, in order
     * @param seed     the seed of the gaps
     */
    record Piecewise(@JsonProperty(RunDocument.LOAD_ARRIVAL) String arrival, List<Segment> segments, long seed)
            implements Arrival {
        public Piecewise {
            segments = List.copyOf(segments);
        }
    }

    /**
     * One segment of a piecewise schedule.
     *
     * @param durationSeconds how long it lasts
     * @param arrival         its arrival kind
     * @param ratePerSecond   its mean rate
     * @param burstiness      the gamma shape, or null (no key) for any other kind
     */
    record Segment(@JsonProperty(RunDocument.SEGMENT_DURATION_SECONDS) double durationSeconds,
            @JsonProperty(RunDocument.LOAD_ARRIVAL) String arrival,
            @JsonProperty(RunDocument.LOAD_RATE_PER_SECOND) double ratePerSecond,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double burstiness) {}

    /**
     * A schedule reached over a ramp.
     *
     * @param base     the schedule ramped up to, its keys first
     * @param rampUpS  the ramp's length, seconds
     */
    record RampUp(@JsonUnwrapped Arrival base, @JsonProperty("ramp_up_s") double rampUpS) implements Arrival {}

    /**
     * Arrivals at a trace's own times.
     *
     * @param arrival          {@code trace}
     * @param trace            the trace file's name
     * @param traceFormat      its format
     * @param traceWindow      the window replayed
     * @param timeScale        the factor on its times
     * @param maxContextTokens the context cap, or null for none
     */
    record Trace(@JsonProperty(RunDocument.LOAD_ARRIVAL) String arrival, String trace,
            @JsonProperty("trace_format") String traceFormat,
            @JsonProperty("trace_window") String traceWindow, @JsonProperty("time_scale") double timeScale,
            @JsonProperty("max_context_tokens") Integer maxContextTokens) implements Arrival {}

    /** How sessions start (load.SessionStarts#describe). */
    sealed interface Starts permits AllAtOnce, Concurrent, Arrivals {}

    /** Every session at the start; {@code starts} is {@code all_at_once}. */
    record AllAtOnce(String starts) implements Starts {}

    /** At most {@code maxConcurrentSessions} in progress; {@code starts} is {@code concurrent}. */
    record Concurrent(String starts, @JsonProperty(RunDocument.LOAD_MAX_CONCURRENT_SESSIONS) int maxConcurrentSessions)
            implements Starts {}

    /** Sessions arriving on a schedule ({@code session_arrivals}); {@code starts} is {@code arrivals}. */
    record Arrivals(String starts, @JsonProperty("session_arrivals") Arrival sessionArrivals) implements Starts {}
}
