package dev.infergate.cli;

import dev.infergate.load.ConcurrencyLimit;
import dev.infergate.config.Durations;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
import dev.infergate.load.ClientBounds;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RampUpSchedule;
import dev.infergate.load.RunLimits;
import dev.infergate.load.SessionLoop;
import dev.infergate.load.SessionStarts;
import dev.infergate.load.Shard;
import java.time.Duration;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Options that shape the load: closed or open loop, how long, warm-up, shard. */
public final class LoadOptions {
    /** The most requests one client may keep in flight ({@link ConcurrencyLimit}, shared with acceptance plans). */
    static final int MAX_CONCURRENCY = ConcurrencyLimit.MAX;

    /** Closed loop or open loop: one or the other, never both (picocli refuses both in one line). */
    static final class Loop {
        @Option(names = "--concurrency", paramLabel = "N",
                description = "Closed loop: N virtual users, each sending its next request when the previous one finished. Default: 1 when --rate is not given. With --sessions: at most N sessions in progress. At most 65536. Not together with --rate (use --max-concurrency to cap an open loop).")
        Integer concurrency;

        @Option(names = {"--rate", "--request-rate"}, paramLabel = "R", converter = RateConverter.class,
                description = "Open loop: R requests per second (6, 6/s, 360/m, 21600/h) arrive on schedule, whether or not earlier ones finished. With --sessions: sessions arrive at R / turns per second. At least one a day (1.16e-05): a lower rate is refused as a mistake. --request-rate is vLLM's name for it.")
        Double rate;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Loop loop;

    /** {@code --concurrency}, or null when not given. */
    Integer concurrency() {
        return loop == null ? null : loop.concurrency;
    }

    /** {@code --rate} in requests per second, or null when not given. */
    Double rate() {
        return loop == null ? null : loop.rate;
    }

    @Option(names = "--arrival", defaultValue = "poisson", paramLabel = "constant|poisson|gamma",
            description = "How open-loop arrivals are spaced. Default: ${DEFAULT-VALUE}.")
    String arrival;

    @Option(names = "--burstiness", defaultValue = "1", paramLabel = "B",
            description = "Gamma shape for --arrival gamma: 1 is Poisson, below 1 burstier, above 1 smoother. Default: ${DEFAULT-VALUE}.")
    double burstiness;

    @Option(names = "--max-concurrency", defaultValue = "0", paramLabel = "N",
            description = "With --rate: at most N requests in flight; later arrivals wait in the client, and that wait is reported (queue wait, latency from scheduled). At most 65536. Default: 4096 (the client's connection pool; docs/metrics.md, \"The client's bounds\").")
    int maxConcurrency;

    @Option(names = "--max-queued", paramLabel = "N",
            description = "With --rate: at most N requests wait in the client for a slot under --max-concurrency; an arrival beyond them is recorded as not_sent (the client's, never counted against the server). Default: 65536 (about 10 MB).")
    Integer maxQueued;

    @Option(names = "--think-time", defaultValue = "0ms", paramLabel = "DURATION",
            description = "Closed loop and --sessions: pause between a user's requests (between a session's turns). Default: ${DEFAULT-VALUE}.")
    Duration thinkTime;

    @Option(names = "--sessions", paramLabel = "N",
            description = "Agent sessions: N conversations, each --turns turns; every turn sends the system prompt, the conversation so far (the real replies) and a new message, after --think-time. All N start at once, unless --concurrency C keeps at most C in progress (the next starts when one ends) or --rate R makes sessions arrive at R / turns per second (their turns offered at about R requests per second). The run ends when every session has ended; --warmup N then counts sessions run first.")
    Integer sessions;

    @Option(names = "--turns", paramLabel = "T",
            description = "With --sessions: turns per session. Default: 4.")
    Integer turns;

    @Option(names = {"--requests", "--num-prompts", "--request-count", "--max-requests"}, paramLabel = "N",
            description = "Measured requests to send (after warm-up). Default: 100 when --duration is not given. "
                    + "--num-prompts (vLLM), --request-count (AIPerf) and --max-requests (guidellm) are the same option.")
    Long requests;

    @Option(names = "--duration", paramLabel = "DURATION",
            description = "Measured time to keep sending (after warm-up), e.g. 60s or 5m.")
    Duration duration;

    @Option(names = "--warmup", defaultValue = "0", paramLabel = "N|DURATION", converter = WarmupConverter.class,
            description = "Warm-up before measuring, as a request count (20) or a time (10s); recorded but excluded from every figure. Default: none.")
    Warmup warmup;

    @Option(names = "--drain-timeout", defaultValue = "60s", paramLabel = "DURATION",
            description = "After scheduling stops, how long requests in flight may take before they are cancelled (and recorded as cancelled). Default: ${DEFAULT-VALUE}.")
    Duration drainTimeout;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seed of every random draw (arrivals, prompt lengths, prompts): the same seed gives the same schedule. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--shard", defaultValue = "0/1", paramLabel = "I/N",
            description = "Run shard I of N of the same schedule (for N workers started together); default: the whole schedule.")
    String shard;

    @Option(names = "--start-at", paramLabel = "INSTANT",
            description = "Start the schedule at this wall-clock time (ISO-8601, e.g. 2026-12-02T16:30:00Z), so the shards of one run on several machines start together.")
    java.time.Instant startAt;

    /**
     * {@code --warmup}: a count of requests (sessions with {@code --sessions}) or a time; exactly one is set.
     *
     * @param count requests run first, or 0
     * @param time  time run first, or null
     */
    record Warmup(long count, Duration time) {
        Warmup {
            if (count < 0) {
                throw new IllegalArgumentException("--warmup (" + count + ") must be >= 0");
            }
        }
    }

    /** Reads {@code --warmup 20} or {@code --warmup 10s}. */
    static final class WarmupConverter implements ITypeConverter<Warmup> {
        @Override
        public Warmup convert(String value) {
            String v = value.trim();
            if (v.matches("\\d{1,18}")) {
                return new Warmup(Long.parseLong(v), null);
            }
            try {
                return new Warmup(0, Durations.parse(v));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is neither a request count (20) nor a duration (10s)");
            }
        }
    }

    /**
     * How far in the past {@code --start-at} may lie: a shard started a little after the instant its launcher
     * chose (a slow machine, a container pulled late) starts at once. Further back it is a mistake (a stale
     * command line, a wrong date), refused rather than silently started now.
     */
    static final java.time.Duration START_AT_TOLERANCE = java.time.Duration.ofSeconds(60);

    java.time.Instant startAt() {
        if (startAt == null) {
            return null;
        }
        java.time.Instant now = java.time.Instant.now();
        if (startAt.isBefore(now.minus(START_AT_TOLERANCE))) {
            throw UserError.usage("--start-at " + startAt + " is " + java.time.Duration.between(startAt, now).toSeconds()
                    + " s in the past (at most " + START_AT_TOLERANCE.toSeconds() + " s is allowed: a shard started a "
                    + "little late); give a time ahead, e.g. " + now.plusSeconds(30).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        }
        return startAt;
    }

    /** Whether {@code --sessions} was given (agent sessions). */
    private static void checkConcurrency(String option, int value) {
        if (value > MAX_CONCURRENCY) {
            throw UserError.usage(option + " " + value + " is more than one client can keep in flight (at most "
                    + MAX_CONCURRENCY + ", one connection each); shard the load over several clients with --shard I/N");
        }
    }

    boolean sessionMode() {
        return sessions != null;
    }

    @Option(names = "--ramp-up", paramLabel = "DURATION",
            description = "With --rate: the rate rises linearly from 0 to R over this time, then stays at R (a Poisson "
                    + "schedule stays Poisson at the rising rate), e.g. 30s. Default: none.")
    Duration rampUp;

    /** {@link #model()} ramped up with {@code --ramp-up}, or as it is without one. */
    LoadModel rampedModel() {
        LoadModel model = model();
        LoadOptions load = this;
        if (rampUp == null) {
            return model;
        }
        if (model.kind() != LoadModel.Kind.OPEN || model.arrivals().isEmpty()) {
            throw UserError.usage("--ramp-up ramps an open loop: give it with --rate (not --concurrency or --sessions)");
        }
        Duration ramp = rampUp;
        checkRampFits(ramp, load);
        try {
            return model.withArrivals(new RampUpSchedule(model.arrivals().get(), ramp));
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--ramp-up: " + e.getMessage());
        }
    }

    /**
     * Refuses a ramp the run ends before: the rate would never reach --rate (--rate 5 --duration 2s --ramp-up
     * 1000h once sent 1 request and exited 0). With --duration D the ramp must be shorter than D; with
     * --requests N, the N requests (and the warm-up) must outlast the ramp, which sends R x T / 2 of them.
     */
    private static void checkRampFits(Duration ramp, LoadOptions load) {
        if (load.duration != null && ramp.compareTo(load.duration) >= 0) {
            throw UserError.usage("--ramp-up " + Durations.format(ramp) + " is not shorter than the run (--duration "
                    + Durations.format(load.duration) + "): the rate would never reach --rate; shorten the ramp or lengthen the run");
        }
        Double rate = load.rate();
        long requests = load.requests != null ? load.requests : load.duration == null ? 100 : 0;
        double rampRequests = rate == null ? 0 : rate * ramp.toNanos() / 1e9 / 2;
        if (load.duration == null && requests > 0 && rampRequests > requests + load.warmup.count()) {
            throw UserError.usage(String.format(java.util.Locale.ROOT, "--ramp-up %s at --rate %s sends %.0f requests "
                    + "before it reaches the rate, more than the run's %d: the rate would never reach --rate; shorten the "
                    + "ramp or send more --requests", Durations.format(ramp), load.rate(), rampRequests,
                    requests + load.warmup.count()));
        }
    }

    /**
     * The lowest {@code --rate}: one request a day. Below it a run of {@code --requests N} would take longer
     * than anyone waits (1e-300 req/s: one request, then nothing for ever), so it is refused as a mistake.
     */
    static final double MIN_RATE_PER_S = 1.0 / 86_400;

    LoadModel model() {
        Integer concurrency = concurrency();
        Double rate = rate();
        checkConcurrency("--concurrency", concurrency == null ? 0 : concurrency);
        checkConcurrency("--max-concurrency", maxConcurrency);
        if (rate != null && !(rate >= MIN_RATE_PER_S && Double.isFinite(rate))) {
            throw UserError.usage("--rate (" + rate + ") must be a finite number of requests per second of at least one a day ("
                    + String.format(java.util.Locale.ROOT, "%.3g", MIN_RATE_PER_S) + "), e.g. --rate 0.5");
        }
        int shards = shard().count();
        if (rate != null && rate / shards > ClientBounds.MAX_RATE_PER_S) {
            throw UserError.usage(String.format(java.util.Locale.ROOT, "--rate %.6g is more than one client can send "
                    + "(at most %,.0f requests per second%s); shard the load over several clients with --shard I/N",
                    rate, ClientBounds.MAX_RATE_PER_S, shards > 1 ? " per shard" : ""));
        }
        if (maxQueued != null && (maxQueued < 0 || rate == null || sessions != null)) {
            throw UserError.usage(maxQueued < 0 ? "--max-queued (" + maxQueued + ") must be >= 0"
                    : "--max-queued bounds the queue of an open loop; give it together with --rate (not with --sessions)");
        }
        try {
            if (sessions != null) {
                return sessionLoop();
            }
            if (turns != null) {
                throw UserError.usage("--turns counts the turns of agent sessions; give it together with --sessions");
            }
            if (rate != null) {
                ArrivalSchedule schedule = ArrivalSchedule.of(ArrivalKind.parse(arrival), rate, burstiness, seed);
                return new OpenLoop(schedule, maxConcurrency, maxQueued == null ? ClientBounds.DEFAULT_MAX_QUEUED : maxQueued);
            }
            if (maxConcurrency != 0) {
                throw UserError.usage("--max-concurrency caps an open loop; give it together with --rate");
            }
            return new ClosedLoop(concurrency == null ? 1 : concurrency, thinkTime);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /**
     * {@code --sessions}: all at once, or at most {@code --concurrency} in progress, or arriving so that turns
     * are offered at {@code --rate} requests per second; refuses the options that set another run length.
     */
    private SessionLoop sessionLoop() {
        for (String[] other : new String[][] {{"--requests", str(requests)},
                {"--max-concurrency", maxConcurrency == 0 ? null : "set"}}) {
            if (other[1] != null) {
                throw UserError.usage(other[0] + " does not apply to --sessions: the run is --sessions N sessions of --turns T turns");
            }
        }
        Integer concurrency = concurrency();
        Double rate = rate();
        if (warmup.time() != null) {
            throw UserError.usage("with --sessions, --warmup counts sessions (e.g. --warmup 2), not time");
        }
        int t = turns == null ? 4 : turns;
        SessionStarts starts = SessionStarts.ALL_AT_ONCE;
        if (concurrency != null) {
            starts = new SessionStarts.Concurrent(concurrency);
        } else if (rate != null) {
            starts = SessionStarts.Arrivals.atRequestRate(ArrivalKind.parse(arrival), rate, t, burstiness, seed);
        }
        return new SessionLoop(sessions, t, thinkTime, Math.toIntExact(warmup.count()), starts);
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    RunLimits limits() {
        try {
            if (duration != null && (duration.isZero() || duration.isNegative())) {
                throw UserError.usage("--duration (0s) must be > 0, e.g. 60s; leave it out to run --requests N");
            }
            if (sessions != null) {
                return sessionLoop().limits(duration, drainTimeout);
            }
            long count = requests != null ? requests : duration == null ? 100 : 0;
            return new RunLimits(count, duration, warmup.count(), warmup.time(), drainTimeout);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    Shard shard() {
        try {
            return Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
