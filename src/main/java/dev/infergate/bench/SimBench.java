package dev.infergate.bench;

import dev.infergate.client.Preflight;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * How closely the simulator's events follow its model on the wall clock, measured by infergate's client.
 * The simulator runs in this process with a profile whose every step costs exactly {@code step} (no
 * per-token or per-sequence cost, room for every stream in one batch), so each stream receives one event
 * per step; an output stage of {@code outputPerToken} per token spreads a step's events over
 * {@code streams × outputPerToken} after its end, in the batch's order. The simulator tells the benchmark,
 * per token, when the model meant it to leave and when its event was written ({@link SimTruth}, matched by
 * the client's {@code X-Request-Id}); per event of each measured request:
 *
 * <ul>
 *   <li><b>arrival − model time</b>: the client's arrival mark − the model's time for the token: what a user of
 *       the simulator sees against the model (the simulator's lateness, loopback and the client's stamping);
 *   <li><b>write − model time</b>: the simulator's own lateness;
 *   <li><b>ITL error</b>: client gap − the model's gap, per gap.
 * </ul>
 *
 * With {@link Phases#SPREAD} (the default) requests ask for 75-125 % of {@code tokens}, so a closed loop's
 * streams do not all end and restart in the same step; {@link Phases#ALIGNED} keeps them in step (a burst of
 * {@code streams} new requests every {@code tokens} steps, a worst case).
 */
public final class SimBench {
    /**
     * @param arrivalLateness  client arrival − model time, per event
     * @param simLateness      simulator write − model time, per event
     * @param itlError         client gap − model gap, per gap
     * @param events           events compared
     * @param eventsPerSecond  events per second over the measured requests' span
     * @param failed           measured requests that failed or had no event marks
     * @param mismatched       measured requests whose events and the simulator's tokens did not pair up
     * @param cpuByGroup       cores per thread group (the simulator's event loops and engine thread are "server")
     * @param gc               the JVM's collection pauses during the run (simulator and client)
     */
    public record Result(int streams, Duration step, Spread arrivalLateness, Spread simLateness, Spread itlError,
            long events, double eventsPerSecond, long failed, long mismatched, Map<String, Double> cpuByGroup,
            GcPauses.Summary gc) {}

    private SimBench() {}

    /** The profile text: every step costs {@code step}, any number of streams fits one batch. */
    static String profileYaml(int streams, int tokens, Duration step, Duration outputPerToken) {
        int blocks = Math.max(8192 / 16, streams * ((64 + tokens * 5 / 4) / 16 + 2) * 2);
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

    public static Result run(int streams, int tokens, Duration step, Duration outputPerToken, Phases phases, int rounds,
            int warmupRounds, int eventLoops, Path dir) throws IOException, Preflight.Failure {
        Files.createDirectories(dir);
        Path profileFile = dir.resolve("bench-metronome.yaml");
        AtomicFiles.writeString(profileFile, profileYaml(streams, tokens, step, outputPerToken));
        SimProfile profile = SimProfile.load(profileFile);
        SimTruth truth = new SimTruth();
        try (SimServer sim = SimServer.start(profile, "127.0.0.1", 0, 42, truth)) {
            Supplier<Set<Long>> simThreads = () -> {
                Set<Long> ids = new HashSet<>(truth.threadIds());
                ids.add(sim.engineThreadId());
                return ids;
            };
            ClientRun.Outcome run = ClientRun.run(sim.baseUrl(), new BenchWorkload(tokens, Duration.ZERO, Duration.ZERO, phases),
                    streams, rounds, warmupRounds, eventLoops, simThreads, dir.resolve("run"));
            Comparison c = new Comparison();
            RunLog.readRecords(dir.resolve("run"), r -> c.add(r, run.originNanos(), truth.of(r.id())));
            return new Result(streams, step, c.arrival.spread(), c.sim.spread(), c.itl.spread(), c.arrival.count(),
                    c.eventsPerSecond(), c.failed, c.mismatched, run.cpuByGroup(), run.gc());
        }
    }

    /** Pairs each measured request's events with the simulator's tokens (see the class comment). Not thread-safe. */
    static final class Comparison {
        final LongSamples arrival = new LongSamples();
        final LongSamples sim = new LongSamples();
        final LongSamples itl = new LongSamples();
        long failed;
        long mismatched;
        private long windowStartNanos = Long.MAX_VALUE;
        private long windowEndNanos = Long.MIN_VALUE;

        void add(RequestRecord r, long originNanos, SimTruth.Tokens tokens) {
            if (!r.measured()) {
                return;
            }
            long[] offsets = r.events().eventOffsetsNanos();
            if (!r.succeeded() || offsets == null) {
                failed++;
                return;
            }
            if (tokens == null || tokens.count() != offsets.length || offsets.length == 0) {
                mismatched++;
                return;
            }
            long sent = originNanos + r.marks().sentNanos();
            windowStartNanos = Math.min(windowStartNanos, sent);
            windowEndNanos = Math.max(windowEndNanos, sent + offsets[offsets.length - 1]);
            for (int k = 0; k < offsets.length; k++) {
                long model = tokens.modelNanos(k);
                arrival.add(sent + offsets[k] - model);
                sim.add(tokens.writtenNanos(k) - model);
                if (k > 0) {
                    itl.add(offsets[k] - offsets[k - 1] - (model - tokens.modelNanos(k - 1)));
                }
            }
        }

        /** Compared events per second of the measured requests' span (first send to last arrival). */
        double eventsPerSecond() {
            double seconds = (windowEndNanos - windowStartNanos) / 1e9;
            return seconds > 0 ? arrival.count() / seconds : 0;
        }
    }
}
