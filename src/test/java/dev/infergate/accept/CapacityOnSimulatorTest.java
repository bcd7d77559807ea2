package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity search against a simulated server whose capacity follows from its cost model: every step
 * costs 10 ms whatever it holds, at most 32 sequences run at once, and a short-chat request (one prefill
 * step, then 127 decode steps for its 128 output tokens) holds a slot for 128 steps = 1.28 s. No server
 * can then complete more than 32 / 1.28 s = 25 requests/s; above that the queue grows without bound and
 * the TTFT target fails, below it (utilisation under ~0.85) it holds. The search must land in between.
 * (32 sequences rather than 8: the same knee at four times the rate, so a probe holds its requests in a quarter of
 * the time and the whole search takes seconds, not a minute.) A probe of L seconds (warm-up included) sees a rate a
 * share e above the bound only once its backlog makes the last arrivals wait longer than the TTFT target,
 * e x L > target: with 4 s probes a 200 ms target shows an overload of 5 %, a 500 ms one only of 12.5 % (the
 * search then lands up to a quarter above the bound).
 */
class CapacityOnSimulatorTest {
    static final double SERVICE_BOUND_PER_S = 32 / 1.28;
    /** Every step 10 ms whatever it holds, 32 sequences, about 128 tokens an answer: a slot is held 1.28 s. */
    static final String FIXED_COST_PROFILE = """
            name: fixed-cost
            description: every step 10 ms, 32 sequences at most
            model: sim-fixed
            max_model_len: 8192
            max_num_seqs: 32
            max_num_batched_tokens: 4096
            block_size: 16
            num_gpu_blocks: 4096
            cost: {step_overhead_us: 10000, prefill_us_per_token: 0, decode_us_per_seq: 0, kv_read_us_per_1k_tokens: 0}
            stream_interval: 1
            delivery: incremental
            output_length: {median_tokens: 128, sigma: 0.1}
            """;

    @TempDir
    Path dir;

    /** A plan with both sides on {@code sim}, a 200 ms TTFT target, no burst and no quality step, then {@code rest}. */
    static AcceptPlan plan(SimServer sim, String rest) {
        return PlanReader.read("test", """
                baseline: '%s'
                candidate: '%s'
                slo: {ttft: 200ms}
                tokenizer: cl100k_base
                burst: false
                quality: false
                """.formatted(sim.baseUrl(), sim.baseUrl()) + rest);
    }

    /** A simulator of {@link #FIXED_COST_PROFILE} on a free loopback port. */
    private SimServer fixedCost() throws java.io.IOException {
        return SimServer.start(SimProfile.load(Files.writeString(dir.resolve("fixed.yaml"), FIXED_COST_PROFILE)), "127.0.0.1", 0, 1);
    }

    /**
     * {@link #FIXED_COST_PROFILE} with 1 ms steps (an answer holds its slot ~0.13 s), for the plans whose SLO no request
     * meets whatever the server's speed: their probes and matrix then wait a tenth as long for their answers.
     */
    private SimServer fixedCostTenTimesFaster() throws java.io.IOException {
        String profile = FIXED_COST_PROFILE.replace("step_overhead_us: 10000", "step_overhead_us: 1000");
        return SimServer.start(SimProfile.load(Files.writeString(dir.resolve("fixed-fast.yaml"), profile)), "127.0.0.1", 0, 1);
    }

    @Test
    void capacitySearch_findsTheRateTheCostModelAllows() throws Exception {
        try (SimServer sim = fixedCost()) {
            AcceptPlan plan = plan(sim, """
                    capacity: {workload: short-chat, target: 0.95, start_rate: 16, duration: 3s, warmup: 1s,
                               ramp_duration: 2s, tolerance: 15%, max_probes: 5}
                    """);
            java.util.concurrent.atomic.AtomicInteger opened = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger closed = new java.util.concurrent.atomic.AtomicInteger();
            StepProgress watched = new StepProgress() {
                @Override
                public void accept(String line) {}

                @Override
                public dev.infergate.run.RunWatch runs() { // what the live view gets: every probe run, start to end
                    return run -> {
                        opened.incrementAndGet();
                        return new dev.infergate.run.RunWatch.Session() {
                            @Override
                            public void started(dev.infergate.load.RunContext context) {
                                assertThat(context.progress().finished()).isZero();
                                started.incrementAndGet();
                            }

                            @Override
                            public void close() {
                                closed.incrementAndGet();
                            }
                        };
                    };
                }
            };
            CapacitySearch.Result r = Acceptance.capacity(plan, dir.resolve("out"), watched);
            long probeRuns;
            try (java.util.stream.Stream<Path> runs = Files.find(dir.resolve("out"), 8, (f, a) -> f.endsWith("requests.jsonl"))) {
                probeRuns = runs.count();
            }
            assertThat(opened.get()).as("each probe run watched").isEqualTo(probeRuns).isPositive();
            assertThat(started.get()).isEqualTo(opened.get());
            assertThat(closed.get()).isEqualTo(opened.get());
            System.out.println("capacity on the fixed-cost simulator: " + r.ratePerSecond() + " req/s, interval " + r.lowerRate() + " .. " + r.upperRate() + "; probes " + r.curve().stream().map(s -> String.format(java.util.Locale.ROOT, "%.1f: %d/%d", s.ratePerSecond(), s.pooled().good(), s.pooled().sent())).toList());
            assertThat(r.ratePerSecond()).as("capacity (req/s)").isBetween(SERVICE_BOUND_PER_S * 0.5, SERVICE_BOUND_PER_S * 1.15);
            assertThat(r.bounded()).as("a failing rate was found above it").isTrue();
            assertThat(r.upperRate()).isLessThanOrEqualTo(SERVICE_BOUND_PER_S * 2);
            // a probe far above capacity stops waiting for its backlog once its miss is decided: what was still out is
            // recorded as cancelled with that reason and counted as missed, never lost
            String cut = "still in flight when the probe's miss of the 95 % target was decided";
            List<String> logs = new java.util.ArrayList<>();
            try (java.util.stream.Stream<Path> runs = Files.find(dir.resolve("out"), 8, (f, a) -> f.endsWith("requests.jsonl"))) {
                for (Path log : runs.toList()) {
                    logs.add(Files.readString(log));
                }
            }
            assertThat(logs).anySatisfy(log -> assertThat(log).contains(cut));
            CapacitySearch.Step highest = r.curve().get(r.curve().size() - 1);
            assertThat(highest.pooled().sent()).as("every arrival of the highest probe counted").isEqualTo(
                    Math.round(highest.ratePerSecond() * 2)); // its 2 s ramp probe
            assertThat(r.steps()).as("every probe offers the rate it names over its measured time").allSatisfy(s ->
                    assertThat(s.pooled().offeredPerSecond()).isCloseTo(s.ratePerSecond(), org.assertj.core.data.Percentage.withPercentage(5)));
        }
    }
    /**
     * With {@code trials: effective} a probe keeps its load on after its measured time until every measured request has
     * ended: the arrivals of that cool-down are recorded (phase cooldown), never counted, and those still out when the
     * last measured one ended are cancelled with that reason, never waited for.
     */
    @Test
    void probesWithEffectiveTrials_keepTheirLoadOnAfterTheMeasuredTime_andCountNoneOfIt() throws Exception {
        try (SimServer sim = fixedCost()) {
            AcceptPlan plan = plan(sim, """
                    capacity: {workload: short-chat, target: 0.95, start_rate: 12, duration: 2s, warmup: 1s,
                               ramp_duration: 2s, tolerance: 15%, max_probes: 2, trials: effective}
                    """);
            CapacitySearch.Result r = Acceptance.capacity(plan, dir.resolve("out"), line -> {});

            List<Path> probes;
            try (java.util.stream.Stream<Path> runs = Files.find(dir.resolve("out"), 8, (f, a) -> f.endsWith("requests.jsonl"))) {
                probes = runs.map(Path::getParent).toList();
            }
            assertThat(probes).hasSize(r.steps().size()).isNotEmpty();
            for (Path probe : probes) {
                List<dev.infergate.record.RequestRecord> records = new java.util.ArrayList<>();
                dev.infergate.record.RunLog.readRecords(probe, records::add);
                List<dev.infergate.record.RequestRecord> cooldown = records.stream()
                        .filter(x -> x.phase() == dev.infergate.record.Phase.COOLDOWN).toList();
                assertThat(cooldown).as("the load kept on after %s's measured time", probe.getFileName()).isNotEmpty();
                assertThat(cooldown).filteredOn(x -> x.outcome().error() == dev.infergate.record.ErrorClass.CANCELLED)
                        .allSatisfy(x -> assertThat(x.outcome().errorDetail()).contains("every measured request had ended"));
                assertThat(records).filteredOn(dev.infergate.record.RequestRecord::measured)
                        .noneMatch(x -> x.outcome().error() == dev.infergate.record.ErrorClass.CANCELLED
                                && x.outcome().errorDetail().contains("cool-down"));
                dev.infergate.analysis.FigureSet.Requests counted = dev.infergate.analysis.Summarizer.summarize(probe).figures().requests();
                assertThat(counted.cooldown()).isEqualTo(cooldown.size());
                assertThat(Files.readString(probe.resolve("run.json"))).contains("\"cooldown_s\"");
            }
            assertThat(r.steps()).as("a probe's measured arrivals are its rate times its measured time, the cool-down's none of them")
                    .allSatisfy(st -> assertThat(st.pooled().offeredPerSecond()).isCloseTo(st.ratePerSecond(),
                            org.assertj.core.data.Percentage.withPercentage(5)));
        }
    }

    /**
     * {@code time_budget}: a probe predicted to end after it is not started and the search stops there, saying so; the
     * first probe always runs (without it there is no answer), so a budget shorter than any probe leaves exactly one.
     */
    @Test
    void aTimeBudget_stopsTheSearchBeforeAProbeThatWouldEndAfterIt_keepingTheFirst() throws Exception {
        try (SimServer sim = fixedCost()) {
            AcceptPlan plan = plan(sim, """
                    capacity: {workload: short-chat, target: 0.95, start_rate: 12, duration: 2s, warmup: 1s,
                               ramp_duration: 2s, tolerance: 15%, max_probes: 5, time_budget: 1ms}
                    """);
            List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
            CapacitySearch.Result r = Acceptance.capacity(plan, dir.resolve("out"), lines::add);

            assertThat(r.steps()).hasSize(1);
            assertThat(r.stop()).isEqualTo(CapacitySearch.Stop.TIME_BUDGET);
            assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("capacity: time budget 1ms"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("would end after the time budget (1ms,")
                    .contains("that search stops here, its answer resting on its 1 probe(s)"));
        }
    }

    /**
     * A baseline that held the SLO at no rate tried leaves a burst without a rate of its own nothing to start from: the
     * burst is skipped with a caveat and the acceptance goes on to its verdict. It used to stop with a setup error (exit 2)
     * after the whole capacity step, as only a matrix of loads given as fractions of capacity must (Dec 6: an A/A of the
     * demo's capacity plan on two candidate simulators, whose baseline's refining probes at 11.9-12.7 req/s all missed).
     */
    @Test
    void aBaselineThatHeldNowhere_skipsTheBurstWithACaveat_insteadOfStopping() throws Exception {
        try (SimServer sim = fixedCostTenTimesFaster()) {
            AcceptPlan plan = heldNowhere(sim, "{one: {concurrency: 1}}", "");
            assertThat(plan.burst()).as("the burst is on by default, with no rate of its own").isNotNull();

            AcceptResult result = Acceptance.run(plan, dir.resolve("out"), line -> {});

            assertThat(result.caveats()).contains("burst skipped: no typical rate (the baseline held the SLO at no rate tried)");
        }
    }

    /** A matrix of loads given as fractions of capacity cannot run without one: one line naming the lowest rate tried. */
    @Test
    void aBaselineThatHeldNowhere_stopsAMatrixOfCapacityFractions_namingTheLowestRateTried() throws Exception {
        try (SimServer sim = fixedCostTenTimesFaster()) {
            AcceptPlan plan = heldNowhere(sim, "{half: {fraction: 50%}}", "burst: false\n");

            assertThatThrownBy(() -> Acceptance.run(plan, dir.resolve("out"), line -> {}))
                    .isInstanceOf(dev.infergate.run.RunService.SetupException.class)
                    .hasMessage("the baseline held the SLO at no rate tried (down to 2.00 req/s), so loads given as fractions"
                            + " of capacity cannot be set; loosen the slo or give loads as rates");
        }
    }

    /**
     * A plan whose SLO (a 1 us TTFT) no request meets, so the baseline holds at no rate: a one-request matrix of
     * {@code loads}, two short capacity probes a side, then {@code rest}.
     */
    private static AcceptPlan heldNowhere(SimServer sim, String loads, String rest) {
        return PlanReader.read("test", """
                baseline: '%s'
                candidate: '%s'
                slo: {ttft: 1us}
                tokenizer: cl100k_base
                quality: false
                matrix: {workloads: [short-chat], prefixes: [fresh], loads: %s}
                repeats: 1
                requests: 1
                warmup: 0
                capacity: {workload: short-chat, start_rate: 4, duration: 1s, warmup: 0s, ramp_duration: 1s, max_probes: 2}
                """.formatted(sim.baseUrl(), sim.baseUrl(), loads) + rest);
    }
}
