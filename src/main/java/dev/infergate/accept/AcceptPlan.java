package dev.infergate.accept;

import dev.infergate.analysis.Slo;
import dev.infergate.analysis.audience.Audience;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.client.Timeouts;
import dev.infergate.client.ExtraBody;
import dev.infergate.config.Durations;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An acceptance plan: two endpoints that differ in one declared change, the matrix of conditions, how much
 * to measure, the SLO and the criteria (set before the run). Read from YAML by {@link PlanReader}; every
 * value has a default, so a minimal plan is two URLs (docs/acceptance.md lists them).
 *
 * @param baseline          the endpoint in production today
 * @param candidate         the endpoint with the change
 * @param workloads         work shapes (rows of the matrix): presets of independent requests, or agent sessions
 * @param prefixes          fresh (no prefix cache can help) and/or shared prefixes
 * @param loads             load levels, in order
 * @param repeats           independent repeats per condition and side, interleaved baseline/candidate
 * @param requests          measured requests per condition, side and repeat
 * @param warmupRequests    warm-up requests before each of those runs (recorded, excluded)
 * @param seed              seed of every schedule and prompt; the same for both sides
 * @param slo               goodput targets (TTFT and E2E from the scheduled time)
 * @param criteria          acceptance criteria
 * @param capacity          the capacity-at-SLO step, or null to skip it
 * @param burst             the burst scenario, or null to skip it
 * @param timeouts          per-request limits
 * @param drainTimeout      how long requests in flight may finish after a run's schedule ends
 * @param tokenizer         auto (the server's /tokenize when it has one), server, or a bundled tokenizer name
 * @param quality           the task-quality step, or null to skip it
 * @param audiences         who the verdict is for, each judged on its own criteria (docs/acceptance.md,
 *                          "Audiences"); one audience {@code all} holding {@code criteria} when the plan declares none.
 *                          {@code criteria} is then the union of theirs (what the comparison judges)
 * @param runToRunAllowance below 3 runs per side, how far (a fraction of delta, e.g. 0.15) a relative criterion's
 *                          interval is widened for the drift between runs it cannot see, as {@code compare
 *                          --run-to-run-allowance} (docs/acceptance.md, "Too few runs per side"); in [0, 1)
 * @param sweep             the load sweep step ({@code sweep:}), or null to skip it
 * @param media             the images every request of a preset row (and of the capacity, burst and sweep steps)
 *                          carries ({@code images:}, as {@code run --images}); {@link MediaShape#NONE}: text only
 */
public record AcceptPlan(Side baseline, Side candidate, List<MatrixWorkload> workloads, List<PrefixMode> prefixes,
        List<LoadLevel> loads, int repeats, int requests, int warmupRequests, long seed, Slo slo, Criteria criteria,
        Capacity capacity, Burst burst, Timeouts timeouts, Duration drainTimeout, String tokenizer, QualityStep quality,
        List<Audience> audiences, double runToRunAllowance, SweepStep sweep, MediaShape media) {

    public AcceptPlan {
        media = media == null ? MediaShape.NONE : media;
        if (baseline == null || candidate == null) {
            throw new IllegalArgumentException("baseline and candidate must be set");
        }
        if (workloads.isEmpty() || prefixes.isEmpty() || loads.isEmpty()) {
            throw new IllegalArgumentException("the matrix needs at least one workload, prefix and load");
        }
        if (repeats < 1 || requests < 1 || warmupRequests < 0) {
            throw new IllegalArgumentException("repeats (" + repeats + ") and requests (" + requests
                    + ") must be >= 1, warmup (" + warmupRequests + ") >= 0");
        }
        workloads = List.copyOf(workloads);
        prefixes = List.copyOf(prefixes);
        loads = List.copyOf(loads);
        audiences = audiences == null || audiences.isEmpty() ? List.of(Audience.all(criteria)) : List.copyOf(audiences);
        if (!(runToRunAllowance >= 0 && runToRunAllowance < 1)) {
            throw new IllegalArgumentException("run_to_run_allowance (" + runToRunAllowance + ") must be in [0, 1)");
        }
    }

    /** A plan without a sweep step. */
    public AcceptPlan(Side baseline, Side candidate, List<MatrixWorkload> workloads, List<PrefixMode> prefixes,
            List<LoadLevel> loads, int repeats, int requests, int warmupRequests, long seed, Slo slo, Criteria criteria,
            Capacity capacity, Burst burst, Timeouts timeouts, Duration drainTimeout, String tokenizer, QualityStep quality,
            List<Audience> audiences, double runToRunAllowance) {
        this(baseline, candidate, workloads, prefixes, loads, repeats, requests, warmupRequests, seed, slo, criteria,
                capacity, burst, timeouts, drainTimeout, tokenizer, quality, audiences, runToRunAllowance, null, MediaShape.NONE);
    }

    /** A plan of text requests. */
    public AcceptPlan(Side baseline, Side candidate, List<MatrixWorkload> workloads, List<PrefixMode> prefixes,
            List<LoadLevel> loads, int repeats, int requests, int warmupRequests, long seed, Slo slo, Criteria criteria,
            Capacity capacity, Burst burst, Timeouts timeouts, Duration drainTimeout, String tokenizer, QualityStep quality,
            List<Audience> audiences, double runToRunAllowance, SweepStep sweep) {
        this(baseline, candidate, workloads, prefixes, loads, repeats, requests, warmupRequests, seed, slo, criteria,
                capacity, burst, timeouts, drainTimeout, tokenizer, quality, audiences, runToRunAllowance, sweep, MediaShape.NONE);
    }

    /** This plan with {@code step} as its sweep step (null: none). */
    public AcceptPlan withSweep(SweepStep step) {
        return new AcceptPlan(baseline, candidate, workloads, prefixes, loads, repeats, requests, warmupRequests, seed, slo,
                criteria, capacity, burst, timeouts, drainTimeout, tokenizer, quality, audiences, runToRunAllowance, step, media);
    }

    /** The condition names of the matrix, {@code workload/prefix/load}, in run order. */
    public List<String> conditions() {
        List<String> out = new java.util.ArrayList<>();
        for (MatrixWorkload w : workloads) {
            for (PrefixMode p : prefixes) {
                for (LoadLevel l : loads) {
                    out.add(w.label() + "/" + p.label() + "/" + l.name());
                }
            }
        }
        return out;
    }

    /** The agent-session workload of the matrix, or null when it has none. */
    public MatrixWorkload.Agent agent() {
        return workloads.stream().filter(w -> w instanceof MatrixWorkload.Agent).map(w -> (MatrixWorkload.Agent) w)
                .findFirst().orElse(null);
    }

    /**
     * Whether a load level of the matrix is a fraction of the baseline's capacity, so the matrix cannot run without one.
     * A burst without a rate of its own also starts from the capacity, but does without it: it is skipped with a caveat.
     */
    public boolean needsCapacity() {
        return loads.stream().anyMatch(l -> l.capacityFraction() > 0);
    }

    /**
     * One side of the comparison.
     *
     * @param url    OpenAI-compatible base URL
     * @param model  model id to send, or null for the server's first
     * @param api    chat or completions
     * @param labels environment labels: gpu, model_version, engine, engine_commit, quantization, parallelism,
     *               speculative_decoding, sampling.* (compared to name the change)
     * @param extraBody fields merged into every request body of this side ({@code extra_body})
     * @param importFile for the baseline only: a peer tool's result file or an infergate run directory whose figures
     *                   stand for the baseline, which is then not measured ({@code import:}, {@code accept
     *                   --baseline-import}; docs/acceptance.md, "A fixed, imported baseline"); null when measured
     */
    public record Side(String url, String model, String api, Map<String, String> labels, ExtraBody extraBody,
            Path importFile) {
        public Side {
            labels = Map.copyOf(labels);
            extraBody = extraBody == null ? ExtraBody.NONE : extraBody;
            if (url == null && importFile == null) {
                throw new IllegalArgumentException("a side needs a url (or, for the baseline, an import file)");
            }
        }

        /** A measured side. */
        public Side(String url, String model, String api, Map<String, String> labels, ExtraBody extraBody) {
            this(url, model, api, labels, extraBody, null);
        }

        /** A side sending no extra body fields. */
        public Side(String url, String model, String api, Map<String, String> labels) {
            this(url, model, api, labels, ExtraBody.NONE);
        }

        /** This side with its figures taken from {@code file} instead of measured. */
        public Side withImport(Path file) {
            return new Side(null, null, api, labels, extraBody, file); // not reached: nothing is sent to it
        }
    }

    /** This plan with another baseline (e.g. one imported from a file: {@code accept --baseline-import}). */
    public AcceptPlan withBaseline(Side side) {
        return new AcceptPlan(side, candidate, workloads, prefixes, loads, repeats, requests, warmupRequests, seed, slo,
                criteria, capacity, burst, timeouts, drainTimeout, tokenizer, quality, audiences, runToRunAllowance, sweep, media);
    }

    /**
     * A load level: exactly one of a closed-loop concurrency, an open-loop rate, or a fraction of the
     * baseline's capacity at the SLO (an open-loop rate, the same for both sides).
     *
     * @param name             e.g. low, typical, near-limit
     * @param concurrency      virtual users, or 0
     * @param ratePerSecond    Poisson arrivals per second, or 0
     * @param capacityFraction share of the measured capacity, or 0
     */
    public record LoadLevel(String name, int concurrency, double ratePerSecond, double capacityFraction) {
        public LoadLevel {
            int set = (concurrency > 0 ? 1 : 0) + (ratePerSecond > 0 ? 1 : 0) + (capacityFraction > 0 ? 1 : 0);
            if (set != 1) {
                throw new IllegalArgumentException("load '" + name + "' needs exactly one of concurrency, rate or fraction");
            }
        }
    }

    /**
     * The capacity-at-SLO step: open-loop Poisson runs of one work shape at rising rates on each side.
     *
     * @param workload     the work shape
     * @param prefix       fresh or shared
     * @param target       attainment to hold, e.g. 0.95
     * @param startRate    first rate tried (req/s)
     * @param maxRate      highest rate tried (req/s)
     * @param probeDuration how long each rate is offered (measured, after {@code probeWarmup})
     * @param probeWarmup  warm-up time of each probe
     * @param tolerance    the precision asked: the search stops when its 95 % interval's half-width is at most this
     *                     share of the estimate
     * @param maxProbes    most probes per side (the budget)
     * @param trace        the plan's trace when the probes replay it ({@code workload: trace}, rescaled to each
     *                     rate) instead of Poisson arrivals of {@code workload}; else null
     * @param from         {@code from:}: the folders whose capacity.json gives each side's capacity instead of probing
     *                     ({@link ReusedCapacity}); null: probe
     * @param rampDuration {@code ramp_duration:} how long a ramp probe (finding the region) is measured; null: ramp
     *                     probes are as long as any other (either way, ramp probes after a side's first warm up for at
     *                     most {@link #RAMP_WARMUP})
     * @param effectiveTrials {@code trials: effective} (the default): each probe counts as the independent trials its queue
     *                     waits are worth, draws its arrivals from its rate too, and keeps its load on until its measured
     *                     requests have ended (docs/acceptance.md, "Capacity at the SLO"); false ({@code trials: requests}):
     *                     each request a trial, one pattern of arrivals per seed, the load ending with the measured time
     * @param timeBudget   {@code time_budget:} the longest the step's probes may take, both sides together: a probe that
     *                     would end after it is not started and that side's search stops there
     *                     ({@link dev.infergate.analysis.capacity.CapacitySearch.Stop#TIME_BUDGET}; a side's first probe
     *                     always runs); null: no limit but {@code max_probes}
     */
    public record Capacity(Preset workload, PrefixMode prefix, double target, double startRate, double maxRate,
            Duration probeDuration, Duration probeWarmup, double tolerance, int maxProbes,
            MatrixWorkload.Trace trace, From from, Duration rampDuration, boolean effectiveTrials, Duration timeBudget) {
        /**
         * The warm-up of a ramp probe after a side's first: the server and client are warm by then, and a ramp
         * probe only needs to say which side of the capacity its rate lies on, within a factor of two.
         */
        public static final Duration RAMP_WARMUP = Duration.ofSeconds(1);
        /**
         * Reads {@code trials:} ({@code --trials}): {@code effective} (true) or {@code requests} (false).
         *
         * @throws IllegalArgumentException naming what was given and what is accepted
         */
        public static boolean parseTrials(String text) {
            return switch (text.trim()) {
                case "effective" -> true;
                case "requests" -> false;
                default -> throw new IllegalArgumentException("'" + text.trim() + "' is not requests or effective");
            };
        }

        /** The highest rate tried when the plan names none (req/s); {@code capacity} always uses it. */
        public static final double DEFAULT_MAX_RATE = 1000;
        /** The warm-up of each probe when the plan names none; {@code capacity} always uses it. */
        public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(3);

        /**
         * Checked here, not where the values are read, so that a plan file ({@link PlanReader}) and {@code capacity}'s
         * options are refused with the same sentence; each reader names the value its own way (a plan's key, an option).
         */
        public Capacity {
            if (!(target > 0 && target < 1)) {
                throw new Invalid("target", "(" + target + ") must be a share above 0 and below 1, e.g. 0.95 or 95%");
            }
            if (!(startRate > 0 && Double.isFinite(startRate))) {
                throw new Invalid("start_rate", "(" + startRate + ") must be > 0 req/s");
            }
            if (!(maxRate >= startRate && Double.isFinite(maxRate))) {
                throw new Invalid("max_rate", "(" + maxRate + ") must be >= start_rate (" + startRate
                        + "); the search starts at start_rate and stays below max_rate");
            }
            if (maxProbes < 2) {
                throw new Invalid("max_probes", "(" + maxProbes + ") must be >= 2");
            }
            if (!(tolerance > 0)) {
                throw new Invalid("tolerance", "(" + tolerance + ") must be a share above 0, e.g. 5% or 0.05");
            }
            if (probeDuration == null || probeDuration.isNegative() || probeDuration.isZero()) {
                throw new Invalid("duration", "(" + (probeDuration == null ? "none" : Durations.format(probeDuration)) + ") must be more than 0, e.g. 20s");
            }
            if (rampDuration != null && (rampDuration.isNegative() || rampDuration.isZero())) {
                throw new Invalid("ramp_duration", "(" + Durations.format(rampDuration) + ") must be more than 0, e.g. 10s");
            }
            if (timeBudget != null && (timeBudget.isNegative() || timeBudget.isZero())) {
                throw new Invalid("time_budget", "(" + Durations.format(timeBudget) + ") must be more than 0, e.g. 10m");
            }
        }

        /** A capacity step with no time budget ({@code max_probes} alone bounds it). */
        public Capacity(Preset workload, PrefixMode prefix, double target, double startRate, double maxRate,
                Duration probeDuration, Duration probeWarmup, double tolerance, int maxProbes,
                MatrixWorkload.Trace trace, From from, Duration rampDuration, boolean effectiveTrials) {
            this(workload, prefix, target, startRate, maxRate, probeDuration, probeWarmup, tolerance, maxProbes, trace, from,
                    rampDuration, effectiveTrials, null);
        }

        /**
         * A capacity value out of its range: {@link #key()} names it as a plan does ({@code start_rate}), {@link #problem()}
         * says what is wrong with it ({@code (0.0) must be > 0 req/s}); the message is both.
         */
        public static final class Invalid extends IllegalArgumentException {
            private final String key;
            private final String problem;

            Invalid(String key, String problem) {
                super(key + " " + problem);
                this.key = key;
                this.problem = problem;
            }

            /** The value's key in a plan's {@code capacity:} block. */
            public String key() {
                return key;
            }

            /** What is wrong with it, without its name. */
            public String problem() {
                return problem;
            }
        }

        /** A capacity step that probes, its ramp probes as long as any other. */
        public Capacity(Preset workload, PrefixMode prefix, double target, double startRate, double maxRate,
                Duration probeDuration, Duration probeWarmup, double tolerance, int maxProbes, MatrixWorkload.Trace trace) {
            this(workload, prefix, target, startRate, maxRate, probeDuration, probeWarmup, tolerance, maxProbes, trace, null, null);
        }

        /** A capacity step with the default {@code trials: effective}. */
        public Capacity(Preset workload, PrefixMode prefix, double target, double startRate, double maxRate,
                Duration probeDuration, Duration probeWarmup, double tolerance, int maxProbes, MatrixWorkload.Trace trace,
                From from, Duration rampDuration) {
            this(workload, prefix, target, startRate, maxRate, probeDuration, probeWarmup, tolerance, maxProbes, trace, from,
                    rampDuration, true);
        }

        /**
         * Where an earlier capacity result is read from: {@code from: DIR} (one capacity.json with both sides, e.g. an
         * accept result's: both fields the same) or {@code from: {baseline: DIR, candidate: DIR}} (e.g. two
         * {@code capacity} folders).
         */
        public record From(Path baseline, Path candidate) {
            public From {
                if (baseline == null || candidate == null) {
                    throw new IllegalArgumentException("from needs a folder for each side");
                }
            }
        }

        /**
         * The work the probes send, as capacity.json names it: {@code short-chat/fresh}, or {@code trace FILE} when they
         * replay a trace. Two capacities are read side by side only when this is the same.
         */
        public String workloadText() {
            return trace != null ? "trace " + trace.trace().file().getFileName()
                    : workload.label() + "/" + prefix.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * The burst scenario: the typical rate, then a step to {@code multiplier} times it, then back.
     *
     * @param workload   the work shape
     * @param baseRate   the typical rate (req/s); 0: half the baseline's capacity
     * @param multiplier the step, e.g. 4
     * @param before     time at the typical rate before the step
     * @param during     length of the step
     * @param after      time back at the typical rate
     */
    public record Burst(Preset workload, double baseRate, double multiplier, Duration before, Duration during, Duration after) {}
}
