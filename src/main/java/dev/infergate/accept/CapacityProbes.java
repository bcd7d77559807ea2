package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
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
    private final SideRunner runner;

    CapacityProbes(AcceptPlan plan, Path out, Consumer<String> progress, SideRunner runner) {
        this.plan = plan;
        this.out = out;
        this.progress = progress;
        this.runner = runner;
    }

    /**
     * Advances the searches one rate at a time in turn, alternating which goes first each round (baseline first
     * in odd rounds), so a drifting server or a client still warming up hits every side alike rather than
     * whichever is probed first.
     */
    void probeInterleaved(List<CapacitySearch> searches) throws RunService.SetupException, IOException {
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
        try {
            search.advance();
        } catch (CapacitySearch.ClientLimitedException e) {
            throw new RunService.SetupException("capacity: " + e.getMessage(), false, e);
        } catch (RunService.SetupException | IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("capacity search failed: " + e.getMessage(), e);
        }
    }

    /**
     * One side's capacity search. Each probe offers the rate long enough for the minimum of measured requests
     * its decision needs ({@link CapacitySearch#minMeasuredRequests}): at least the plan's duration, longer at low
     * rates.
     */
    CapacitySearch search(String sideName, Side side) {
        AcceptPlan.Capacity c = plan.capacity();
        CapacitySearch.Settings settings = new CapacitySearch.Settings(c.target(), c.startRate(),
                Math.min(c.startRate(), 0.05), c.maxRate(), c.tolerance(), c.maxProbes(), c.maxRepeats());
        return new CapacitySearch(settings, (rate, attempt) -> {
            Duration measured = probeDuration(c.probeDuration(), settings.minMeasuredRequests(), rate);
            progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s for %.1f s (run %d)", sideName, rate,
                    measured.toMillis() / 1e3, attempt + 1));
            Path dir = out.resolve("capacity").resolve(sideName).resolve(String.format(Locale.ROOT, "rate-%.4f-a%d", rate, attempt));
            LoadModel load = c.trace() != null ? runner.traces().load(c.trace().trace(), new LoadLevel("capacity", 0, rate, 0), rate)
                    : new OpenLoop(ArrivalSchedule.of(ArrivalKind.POISSON, rate, 1, plan.seed() + attempt), 0);
            MatrixWorkload workload = c.trace() != null ? c.trace() : new MatrixWorkload.Requests(c.workload());
            List<RequestRecord> records = runner.run(side, workload, c.prefix(), load,
                    runner.timedLimits(measured, c.probeWarmup()), "capacity", dir);
            SimulatorLag lag = SimulatorLag.read(dir);
            Measurement m = Measurement.of(rate, records, plan.slo()).withServerLateness(lag.stalledShare(), lag.lateQuantileMs(0.99));
            if (m.late() && !m.decidesNothing(c.target())) {
                progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s -> attainment %.1f %% of %d measured (target"
                        + " %.0f %%), in a late run (%s): lateness only makes requests miss, so the pass stands",
                        sideName, rate, m.attainment() * 100, m.sent(), c.target() * 100, m.clientLimited()
                                ? String.format(Locale.ROOT, "client lag p99 %.1f ms", m.clientLagP99Ms()) : m.serverLateness()));
                return m;
            }
            if (m.serverStalled() && !m.clientLimited()) {
                progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s run %d found the simulator behind its model"
                        + " (%s): it decides nothing and is run again", sideName, rate, attempt + 1, m.serverLateness()));
                return m;
            }
            if (m.clientLimited()) {
                progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s run %d was client-limited (lag p99 %.1f ms):"
                        + " it decides nothing and is run again", sideName, rate, attempt + 1, m.clientLagP99Ms()));
                return m;
            }
            progress.accept(String.format(Locale.ROOT, "capacity %s: %.3g req/s -> attainment %.1f %% of %d measured (target %.0f %%)",
                    sideName, rate, m.attainment() * 100, m.sent(), c.target() * 100));
            return m;
        });
    }

    /**
     * The measured time of a probe at {@code rate}: {@code planned}, or long enough for a quarter more than
     * {@code minRequests} arrivals (Poisson arrivals spread by about their square root: 60 expected arrivals
     * fall short of 60 half the time, 75 expected ones rarely), whichever is longer.
     */
    static Duration probeDuration(Duration planned, int minRequests, double rate) {
        long needed = (long) Math.ceil(minRequests * 1.25 / rate * 1000);
        return planned.toMillis() >= needed ? planned : Duration.ofMillis(needed);
    }
}
