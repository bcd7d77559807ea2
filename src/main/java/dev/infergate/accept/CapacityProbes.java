package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.DecidedMiss;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.load.ExactCountSchedule;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.record.RequestRecord;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The capacity-at-SLO step of an acceptance (docs/acceptance.md, "Capacity at the SLO"): one
 * {@link CapacitySearch} per side, probed in turn, each probe an open-loop Poisson run written to
 * {@code out/capacity/SIDE/rate-R-aK/}.
 */
final class CapacityProbes {
    private final AcceptPlan plan;
    private final Path out;
    private final Consumer<String> progress;
    private final java.util.Map<CapacitySearch, String> names = new java.util.IdentityHashMap<>();
    private final SideRunner runner;
    /** The sides whose first probe has run (it keeps the whole warm-up). */
    private final java.util.Set<String> firstProbe = new java.util.HashSet<>();
    private final CapacityTimeBudget budget;

    CapacityProbes(AcceptPlan plan, Path out, Consumer<String> progress, SideRunner runner) {
        this.plan = plan;
        this.out = out;
        this.progress = progress;
        this.runner = runner;
        this.budget = new CapacityTimeBudget(plan.capacity() == null ? null : plan.capacity().timeBudget(), System::nanoTime);
    }

    /**
     * Advances the searches one rate at a time in turn, alternating which goes first each round (baseline first
     * in odd rounds), so a drifting server or a client still warming up hits every side alike rather than
     * whichever is probed first.
     */
    void probeInterleaved(List<CapacitySearch> searches) throws RunService.SetupException, IOException {
        if (searches.size() == 2) { // the answer is their difference: each probes the half of its interval facing the other
            searches.get(0).compareWith(searches.get(1));
            searches.get(1).compareWith(searches.get(0));
        }
        for (int round = 0; searches.stream().anyMatch(s -> !s.done()); round++) {
            List<CapacitySearch> order = new ArrayList<>(searches);
            if (round % 2 == 1) {
                java.util.Collections.reverse(order);
            }
            for (CapacitySearch search : order) {
                if (!search.done()) {
                    advance(search);
                }
            }
        }
    }

    private void advance(CapacitySearch search) throws RunService.SetupException, IOException {
        String sideName = names.getOrDefault(search, "search");
        if (budget.limited()) {
            double rate = search.nextRate();
            Duration measured = measured(search.settings(), rate, search.ramping());
            Duration warmup = warmup(sideName, search.ramping());
            if (!budget.fits(sideName, warmup, measured)) {
                search.outOfTime();
                progress.accept(String.format(Locale.ROOT, "capacity %s: the next probe (%.3g req/s, about %.1f s) would end after"
                        + " the time budget (%s, %.1f s spent); that search stops here, its answer resting on its %d probe(s)",
                        sideName, rate, budget.predictedNanos(sideName, warmup, measured) / 1e9,
                        dev.infergate.config.Durations.format(plan.capacity().timeBudget()), budget.spentNanos() / 1e9,
                        search.result().steps().size()));
                return;
            }
        }
        try {
            if (search.advance() == null) { // the rate stayed undecided: the search stops on what decided
                if (search.result().steps().isEmpty()) {
                    throw new RunService.SetupException("capacity: " + search.undecided(), false, null);
                }
                progress.accept("capacity " + names.getOrDefault(search, "search") + ": " + search.undecided() + "; that search stops here, its answer resting on the "
                        + search.result().steps().size() + " probe(s) that decided (a wider interval, never a rate counted on"
                        + " the machine's account)");
            }
        } catch (RunService.SetupException | IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("capacity search failed: " + e.getMessage(), e);
        }
    }

    /** One side's capacity search, each probe a run of {@link #probe}. */
    CapacitySearch search(String sideName, Side side) {
        AcceptPlan.Capacity c = plan.capacity();
        CapacitySearch.Settings settings = new CapacitySearch.Settings(c.target(), c.startRate(),
                Math.min(c.startRate(), 0.05), c.maxRate(), c.tolerance(), c.maxProbes()).withEffectiveTrials(c.effectiveTrials());
        if (c.rampDuration() != null) {
            progress.accept(String.format(Locale.ROOT, "capacity %s: ramp probes (finding the region) offer %s after %s of warm-up"
                    + " (the first: %s), refining probes %s after %s", sideName, dev.infergate.config.Durations.format(c.rampDuration()),
                    dev.infergate.config.Durations.format(c.probeWarmup().compareTo(AcceptPlan.Capacity.RAMP_WARMUP) > 0
                            ? AcceptPlan.Capacity.RAMP_WARMUP : c.probeWarmup()), dev.infergate.config.Durations.format(c.probeWarmup()),
                    dev.infergate.config.Durations.format(c.probeDuration()), dev.infergate.config.Durations.format(c.probeWarmup())));
        }
        if (c.effectiveTrials() && c.trace() == null && names.isEmpty()) { // said once, before the first side's search
            progress.accept("capacity: each probe keeps offering its rate after its measured time, unmeasured,"
                    + " until its measured requests have ended (a cool-down: each is served under the load it was measured at)");
        }
        if (c.timeBudget() != null && names.isEmpty()) {
            progress.accept("capacity: time budget " + dev.infergate.config.Durations.format(c.timeBudget()) + " for every side's"
                    + " probes; a probe predicted to end after it is not started (a side's first always runs)");
        }
        double slowest = settings.minMeasuredRequests() / (c.probeDuration().toNanos() / 1e9);
        if (c.startRate() < slowest) {
            progress.accept(String.format(Locale.ROOT, "capacity %s: refining probes offer %s; one below %.3g req/s runs longer,"
                    + " for %d requests (ramp probes do not)", sideName, dev.infergate.config.Durations.format(c.probeDuration()),
                    slowest, settings.minMeasuredRequests()));
        }
        CapacitySearch search = new CapacitySearch(settings, new CapacitySearch.Probe() {
            @Override
            public Measurement measure(double rate, int attempt) throws Exception {
                return measure(rate, attempt, false);
            }

            @Override
            public Measurement measure(double rate, int attempt, boolean ramp) throws Exception {
                return probe(sideName, side, settings, rate, attempt, ramp);
            }
        });
        // a refining probe's time: its warm-up, its measured time (longer below the rate that gives its minimum of requests)
        // and the side's typical tail so far (its cool-down, drain and files: about the same at every rate)
        search.timedBy(rate -> {
            Duration warmup = warmup(sideName, false);
            Duration measured = measured(settings, rate, false);
            long predicted = budget.predictedNanos(sideName, warmup, measured);
            return (predicted >= 0 ? predicted : warmup.toNanos() + measured.toNanos()) / 1e9;
        });
        names.put(search, sideName);
        return search;
    }

    /**
     * One probe: {@code rate} offered for the plan's probe duration (refining probes: long enough for the minimum of
     * measured requests), as Poisson arrivals conditioned on their count ({@link ExactCountSchedule}), so the load
     * offered over the warm-up and over the measured time is the rate named, whatever the seed {@code attempt} takes.
     */
    private Measurement probe(String sideName, Side side, CapacitySearch.Settings settings, double rate, int attempt, boolean ramp)
            throws Exception {
        AcceptPlan.Capacity c = plan.capacity();
        Duration measured = measured(settings, rate, ramp);
        Duration warmup = warmup(sideName, ramp);
        firstProbe.add(sideName);
        progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s for %.1f s (%s, run %d)", sideName, rate,
                measured.toMillis() / 1e3, ramp ? "ramp" : "refining", attempt + 1));
        Path dir = probeDir(out.resolve("capacity").resolve(sideName), rate, attempt);
        // with trials: effective the load stays on after the measured time until every measured request has ended
        Duration cooldown = c.effectiveTrials() && c.trace() == null ? cooldown(measured) : Duration.ZERO;
        ExactCountSchedule schedule = ExactCountSchedule.over(rate,
                c.effectiveTrials() ? probeSeed(plan.seed(), rate, attempt) : plan.seed() + attempt, warmup, measured, cooldown);
        LoadModel load = c.trace() != null ? runner.traces().load(c.trace().trace(), new LoadLevel("capacity", 0, rate, 0), rate)
                : new OpenLoop(schedule, 0);
        MatrixWorkload workload = c.trace() != null ? c.trace() : new MatrixWorkload.Requests(c.workload());
        // a probe whose miss is decided stops waiting for its backlog (a trace's arrivals are not counted ahead: it drains)
        DecidedMiss decided = c.trace() != null ? null
                : new DecidedMiss(plan.slo(), c.target(), schedule.arrivalsOver(measured.toNanos()));
        long started = budget.starting();
        List<RequestRecord> records = runner.run(side, workload, c.prefix(), load,
                runner.timedLimits(measured, warmup).withCooldown(cooldown), "capacity",
                dir, decided == null ? null : context -> {
                    context.progress().onRecord(decided::recorded);
                    context.endDrainWhen(decided::decided, decided::reason); // a decided miss ends a cool-down too
                });
        budget.ran(sideName, started, warmup, measured);
        long cut = records.stream().filter(r -> r.measured() && r.outcome().error() == dev.infergate.record.ErrorClass.CANCELLED).count();
        if (cut > 0 && decided.decided()) {
            progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s run %d: its miss was decided after its arrivals"
                    + " ended; %d requests still out were cancelled then and count as misses (docs/acceptance.md)", sideName, rate,
                    attempt + 1, cut));
        }
        SimulatorLag lag = SimulatorLag.read(dir);
        Measurement m = Measurement.of(rate, records, plan.slo(), measured).withServerLateness(lag.stalledShare(), lag.lateQuantileMs(0.99));
        if (c.effectiveTrials()) {
            m = m.withEffectiveTrials(records, plan.slo());
        }
        if (m.decidesNothing(c.target())) {
            progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s run %d: attainment %.1f %%, but %s, late enough to"
                    + " explain up to %.1f %% (%d of %d misses within %.3g ms of the SLO): it decides nothing and is run again",
                    sideName, rate, attempt + 1, m.attainment() * 100, lateness(m), 100.0 * m.goodAtMost() / m.sent(),
                    m.goodAtMost() - m.good(), m.sent() - m.good(), m.latenessAllowanceMs()));
            return m;
        }
        if (m.late()) {
            progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s run %d: %s, too little to explain its outcome"
                    + " (attainment %.1f %%, at most %.1f %% on a prompt machine): it decides", sideName, rate, attempt + 1,
                    lateness(m), m.attainment() * 100, 100.0 * m.goodAtMost() / Math.max(1, m.sent())));
        }
        progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s (offered %.3g) -> attainment %.1f %% of %d measured"
                + " (target %.0f %%)%s%s", sideName, rate, m.offeredPerSecond(), m.attainment() * 100, m.sent(), c.target() * 100,
                trials(m), hiddenOverload(m)));
        return m;
    }

    /**
     * A probe's run directory, {@code rate-R-aK} (R to 4 decimals, K the attempt at that rate), never one that exists: a
     * refining probe can land on a rate that differs from an earlier one's only beyond the 4th decimal (the facing halves
     * put the candidate at 10.0985 req/s twice in a demo, Dec 6: the run stopped, its folder taken), a new rate to the search with attempt 0, so the
     * attempt in the name is raised until it is free. Readers take a rate's highest attempt ({@code CapacityFolder}).
     */
    static Path probeDir(Path sideDir, double rate, int attempt) {
        for (int k = attempt; ; k++) {
            Path dir = sideDir.resolve(String.format(Locale.ROOT, "rate-%.4f-a%d", rate, k));
            if (!java.nio.file.Files.exists(dir)) {
                return dir;
            }
        }
    }

    /** A probe's measured time: a short ramp probe's, a ramp probe's (the plan's), or a refining probe's (at least its minimum of requests). */
    private Duration measured(CapacitySearch.Settings settings, double rate, boolean ramp) {
        AcceptPlan.Capacity c = plan.capacity();
        return ramp && c.rampDuration() != null ? rampDuration(c.rampDuration(), rate) : ramp ? c.probeDuration()
                : probeDuration(c.probeDuration(), settings.minMeasuredRequests(), rate);
    }

    /**
     * A probe's warm-up: a side's first probe keeps the whole warm-up (JIT, connections); its later ramp probes warm up for
     * at most {@link AcceptPlan.Capacity#RAMP_WARMUP} (they only say which side of the capacity their rate lies on, within
     * a factor of two); refining probes keep the whole warm-up (the server's slots fill before their measured time).
     */
    private Duration warmup(String sideName, boolean ramp) {
        AcceptPlan.Capacity c = plan.capacity();
        return ramp && firstProbe.contains(sideName) && c.probeWarmup().compareTo(AcceptPlan.Capacity.RAMP_WARMUP) > 0
                ? AcceptPlan.Capacity.RAMP_WARMUP : c.probeWarmup();
    }

    /**
     * ", worth 6.2 independent trials (its waits or its margins to the SLO came in runs)" when a probe's requests are worth under 80 % of their
     * count in the fit ({@link Measurement#effectiveSent()}); empty otherwise (docs/acceptance.md, "Capacity at the SLO").
     */
    private static String trials(Measurement m) {
        double t = m.effectiveSent();
        if (!(t < 0.8 * m.sent())) {
            return "";
        }
        return String.format(Locale.ROOT, ", worth %.3g independent trials (its waits or its margins to the SLO came in runs)", t);
    }

    /**
     * "; it cannot rule out offering up to 13.7 % more than the server sustains (its last arrivals' queue wait)" for a
     * probe that held with a hidden overload of at least 1 %; empty otherwise (docs/acceptance.md, "Short probes and the
     * sustained capacity").
     */
    private String hiddenOverload(Measurement m) {
        double h = m.hiddenOverload();
        if (!(h >= 0.01) || m.attainment() < plan.capacity().target()) {
            return "";
        }
        return String.format(Locale.ROOT, "; it cannot rule out offering up to %.1f %% more than the server sustains (its last"
                + " arrivals' queue wait)", h * 100);
    }

    /** "the client fell behind (lag p99 12 ms)" and/or "the simulator was behind its model (...)". */
    private static String lateness(Measurement m) {
        List<String> parts = new ArrayList<>();
        if (m.clientLimited()) {
            parts.add(String.format(Locale.ROOT, "the client fell behind (lag p99 %.1f ms)", m.clientLagP99Ms()));
        }
        if (m.serverStalled()) {
            parts.add("the simulator was behind its model (" + m.serverLateness() + ")");
        }
        return String.join(" and ", parts);
    }

    /**
     * The most a probe keeps its load on after its measured time (with {@code trials: effective}): as long as the measured
     * time, at least 5 s. It ends sooner, as soon as every measured request has ended ({@link RunLimits}' cool-down);
     * requests the probe measured that outlast it are served as the load drains, as every probe's were before.
     */
    static Duration cooldown(Duration measured) {
        return measured.compareTo(MIN_COOLDOWN) >= 0 ? measured : MIN_COOLDOWN;
    }

    private static final Duration MIN_COOLDOWN = Duration.ofSeconds(5);

    /**
     * The seed of a probe's arrivals with {@code trials: effective} (else the plan's seed + attempt, one pattern of gaps
     * for every rate): the plan's, the run at that rate ({@code attempt}) and the rate itself. Both sides
     * at one rate draw the same arrivals (a difference there is the servers'), while one side's probes at different
     * rates are independent draws, as the fit takes them. With the plan's seed alone every probe of a search replayed
     * one pattern of gaps scaled to its rate, so one unlucky burst near the answer hit every probe there alike: against
     * knee-light a search's probes at 22.4 and 22.7 req/s held 94.2 % and 88.5 % where 40 s runs at 22 and 23 held
     * 98.2 % and 96.4 %, and the same seed's earlier search had missed at 22.3 and 22.9 the same way.
     */
    static long probeSeed(long planSeed, double rate, int attempt) {
        long h = Double.doubleToLongBits(rate) * 0x9E3779B97F4A7C15L;
        return planSeed + attempt + (h ^ (h >>> 31));
    }

    /**
     * The measured time of a short ramp probe at {@code rate}: {@code planned} stretched or cut to a whole number of
     * arrivals (at least one), so the probe offers exactly its rate: 2.5 s at 1 req/s would hold round(2.5) = 3
     * arrivals, 20 % more than its name; it runs 3 s instead.
     */
    static Duration rampDuration(Duration planned, double rate) {
        long arrivals = Math.max(1, Math.round(rate * planned.toNanos() / 1e9));
        return Duration.ofNanos(Math.round(arrivals / rate * 1e9));
    }

    /**
     * The measured time of a refining probe at {@code rate}: {@code planned}, or long enough for {@code minRequests}
     * arrivals, whichever is longer (the arrivals are conditioned on their count, so that many do arrive).
     */
    static Duration probeDuration(Duration planned, int minRequests, double rate) {
        long needed = (long) Math.ceil(minRequests / rate * 1000);
        return planned.toMillis() >= needed ? planned : Duration.ofMillis(needed);
    }
}
