package dev.infergate.bench;

import static dev.infergate.bench.ErrorAnalysisTest.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimBenchTest {
    private static final long ORIGIN = 1_000_000;

    @TempDir
    Path dir;

    private static SimTruth.Tokens tokens(long[] model, long[] written) {
        SimTruth.Tokens t = new SimTruth.Tokens();
        for (int k = 0; k < model.length; k++) {
            t.put(k, model[k], written[k]);
        }
        return t;
    }

    @Test
    void comparison_measuresArrivalAndWriteAgainstTheModelsTimeOfEachToken() {
        SimBench.Comparison c = new SimBench.Comparison();
        // sent at origin + 100; the model meant tokens at +1000, +1100, +1150 (an output stage shifted the last)
        long sent = ORIGIN + 100;
        SimTruth.Tokens t = tokens(new long[] {sent + 1000, sent + 1100, sent + 1150}, new long[] {sent + 1010, sent + 1100, sent + 1200});
        c.add(record(7, Phase.MEASURED, 100, new long[] {1030, 1120, 1260}, null), ORIGIN, t);
        assertThat(c.arrival.spread()).isEqualTo(new Spread(3, 30, 110, 110, 110)); // 30, 20, 110
        assertThat(c.sim.spread()).isEqualTo(new Spread(3, 10, 50, 50, 50)); // 10, 0, 50
        assertThat(c.itl.spread()).isEqualTo(new Spread(2, -10, 90, 90, 90)); // gaps 90-100, 140-50
        assertThat(c.eventsPerSecond()).isEqualTo(3 / 1260e-9); // 3 events from the send to the last arrival
    }

    @Test
    void comparison_countsFailedAndUnpairedRequests_andSkipsWarmUp() {
        SimBench.Comparison c = new SimBench.Comparison();
        SimTruth.Tokens two = tokens(new long[] {1, 2}, new long[] {1, 2});
        c.add(record(1, Phase.WARMUP, 0, new long[] {20, 30}, null), ORIGIN, two);
        c.add(record(2, Phase.MEASURED, 0, new long[] {20}, ErrorClass.TIMEOUT_IDLE), ORIGIN, two);
        c.add(record(3, Phase.MEASURED, 0, new long[] {20}, null), ORIGIN, two);
        c.add(record(4, Phase.MEASURED, 0, new long[] {20, 30}, null), ORIGIN, null);
        assertThat(c.failed).isEqualTo(1);
        assertThat(c.mismatched).isEqualTo(2);
        assertThat(c.arrival.count()).isZero();
    }

    @Test
    void truth_takesTheRequestIdFromTheEndOfTheHeader() {
        assertThat(SimTruth.clientId("infergate-3fa9c2-1234")).isEqualTo(1234);
        assertThat(SimTruth.clientId("abc")).isEqualTo(-1);
        assertThat(SimTruth.clientId(null)).isEqualTo(-1);
    }

    @Test
    void profile_costsExactlyTheStepForEveryBatch() {
        String yaml = SimBench.profileYaml(1000, 100, Duration.ofMillis(50), Duration.ofNanos(20_000));
        assertThat(yaml).contains("step_overhead_us: 50000", "prefill_us_per_token: 0", "decode_us_per_seq: 0",
                "kv_read_us_per_1k_tokens: 0", "max_num_seqs: 1000", "output_us_per_token: 20.0");
    }

    @Test
    void smallRun_againstTheSimulator_pairsEveryEventWithTheSimulatorsToken() throws Exception {
        SimBench.Result r = SimBench.run(5, 10, Duration.ofMillis(5), Duration.ofNanos(20_000), Phases.SPREAD, 1, 1, 1, dir);
        assertThat(r.failed()).isZero();
        assertThat(r.mismatched()).isZero();
        // lengths 75-125 % of 10 by request id (ids 5..9 are measured)
        long expected = java.util.stream.LongStream.range(5, 10).map(id -> Phases.SPREAD.tokens(id, 10)).sum();
        assertThat(r.events()).isEqualTo(expected);
        assertThat(r.simLateness().count()).isEqualTo(expected);
        assertThat(r.itlError().count()).isEqualTo(expected - 5);
    }
}
