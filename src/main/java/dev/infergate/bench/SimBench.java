package dev.infergate.bench;

import dev.infergate.client.Preflight;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * How closely the simulator's events follow its model on the wall clock, measured by infergate's client.
 * The simulator runs in this process with a profile whose every step costs exactly {@code step} (no
 * per-token or per-sequence cost, room for every stream in one batch), so each stream receives one event
 * per step and the model's inter-token gap is exactly {@code step}; an output stage of {@code outputPerToken}
 * per token spreads a step's events over {@code streams × outputPerToken} after its end, in the batch's
 * (stable) order. Two client-side quantities:
 *
 * <ul>
 *   <li><b>ITL deviation</b>: client gap − step, per gap;
 *   <li><b>lateness against the model</b>: per request, event {@code k} is meant at {@code t0 + k * step},
 *       with {@code t0} the earliest anchor consistent with every arrival ({@code min(arrival_k − k * step)});
 *       lateness is {@code arrival_k − (t0 + k * step)} (never negative). A resync of the simulator's
 *       timeline (it restarts from now when more than 5 ms behind) shows as lateness here.
 * </ul>
 *
 * Both include the client's own error (see {@code bench accuracy}); the simulator's own dispatch lateness
 * (its event loop reaching the token − the token's modelled output time, for the whole run including warm-up) is quoted
 * beside them.
 */
public final class SimBench {
    /**
     * @param itlDeviation       client gap − model gap, per gap
     * @param modelLateness      arrival − anchored model time, per event
     * @param dispatchLateness   the simulator's own histogram of write − modelled output time, ns
     * @param events             events compared
     * @param eventsPerSecond    events over the run's wall time
     * @param failed             measured requests that failed or had no event marks
     * @param cpuByGroup         cores per thread group (the simulator's threads count as "other")
     */
    public record Result(int streams, Duration step, Spread itlDeviation, Spread modelLateness, Histogram dispatchLateness,
            long events, double eventsPerSecond, long failed, Map<String, Double> cpuByGroup) {}

    private SimBench() {}

    /** The profile text: every step costs {@code step}, any number of streams fits one batch. */
    static String profileYaml(int streams, int tokens, Duration step, Duration outputPerToken) {
        int blocks = Math.max(8192 / 16, streams * ((64 + tokens) / 16 + 2) * 2);
        return "name: bench-metronome\n"
                + "description: every step costs exactly the same, for the simulator timing benchmark\n"
                + "model: sim-bench\nmax_model_len: 8192\n"
                + "max_num_seqs: " + streams + "\n"
                + "max_num_batched_tokens: " + (streams * 64 + 1024) + "\n"
                + "block_size: 16\nnum_gpu_blocks: " + blocks + "\n"
                + "cost:\n  step_overhead_us: " + step.toNanos() / 1000 + "\n  prefill_us_per_token: 0\n"
                + "  decode_us_per_seq: 0\n  kv_read_us_per_1k_tokens: 0\n"
                + "  output_us_per_token: " + outputPerToken.toNanos() / 1000.0 + "\n"
                + "stream_interval: 1\ndelivery: incremental\n"
                + "output_length:\n  median_tokens: " + tokens + "\n  sigma: 0.1\n";
    }

    public static Result run(int streams, int tokens, Duration step, Duration outputPerToken, int rounds, int warmupRounds, int eventLoops, Path dir)
            throws IOException, Preflight.Failure {
        Files.createDirectories(dir);
        Path profileFile = dir.resolve("bench-metronome.yaml");
        Files.writeString(profileFile, profileYaml(streams, tokens, step, outputPerToken));
        SimProfile profile = SimProfile.load(profileFile);
        try (SimServer sim = SimServer.start(profile, "127.0.0.1", 0, 42)) {
            Histogram before = sim.dispatchLatenessNanos();
            ClientRun.Outcome run = ClientRun.run(sim.baseUrl(), new BenchWorkload(tokens, Duration.ZERO, Duration.ZERO, Phases.ALIGNED),
                    streams, rounds, warmupRounds, eventLoops, Set::of, dir.resolve("run"));
            Histogram dispatch = sim.dispatchLatenessNanos();
            dispatch.subtract(before);
            LongSamples itl = new LongSamples();
            LongSamples late = new LongSamples();
            long[] failed = {0};
            long stepNanos = step.toNanos();
            RunLog.readRecords(dir.resolve("run"), r -> {
                if (!r.measured()) {
                    return;
                }
                if (!r.succeeded() || r.eventOffsetsNanos() == null) {
                    failed[0]++;
                    return;
                }
                addRequest(r.eventOffsetsNanos(), stepNanos, itl, late);
            });
            return new Result(streams, step, itl.spread(), late.spread(), dispatch, late.count(),
                    late.count() / run.wallSeconds(), failed[0], run.cpuByGroup());
        }
    }

    /** Adds one request's gaps and anchored lateness (see the class comment). */
    static void addRequest(long[] offsets, long stepNanos, LongSamples itl, LongSamples late) {
        long anchor = Long.MAX_VALUE;
        for (int k = 0; k < offsets.length; k++) {
            anchor = Math.min(anchor, offsets[k] - k * stepNanos);
            if (k > 0) {
                itl.add(offsets[k] - offsets[k - 1] - stepNanos);
            }
        }
        for (int k = 0; k < offsets.length; k++) {
            late.add(offsets[k] - k * stepNanos - anchor);
        }
    }
}
