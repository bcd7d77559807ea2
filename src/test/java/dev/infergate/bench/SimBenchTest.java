package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimBenchTest {
    @TempDir
    Path dir;

    @Test
    void request_gapsAreComparedWithTheStep_andLatenessWithTheEarliestConsistentAnchor() {
        LongSamples itl = new LongSamples();
        LongSamples late = new LongSamples();
        // step 100: ideal 0, 100, 200, 300; event 1 is 30 late, event 3 is 10 late
        SimBench.addRequest(new long[] {1000, 1130, 1200, 1310}, 100, itl, late);
        assertThat(itl.count()).isEqualTo(3);
        assertThat(itl.spread().maxAbsNanos()).isEqualTo(30); // gaps 130, 70, 110 -> +30, -30, +10
        assertThat(late.spread()).isEqualTo(new Spread(4, 0, 30, 30, 30)); // lateness 0, 30, 0, 10
    }

    @Test
    void profile_costsExactlyTheStepForEveryBatch() {
        String yaml = SimBench.profileYaml(1000, 100, Duration.ofMillis(50), Duration.ofNanos(20_000));
        assertThat(yaml).contains("step_overhead_us: 50000", "prefill_us_per_token: 0", "decode_us_per_seq: 0",
                "kv_read_us_per_1k_tokens: 0", "max_num_seqs: 1000", "output_us_per_token: 20.0");
    }

    @Test
    void smallRun_againstTheSimulator_comparesEveryEvent() throws Exception {
        SimBench.Result r = SimBench.run(5, 10, Duration.ofMillis(5), Duration.ofNanos(20_000), 1, 1, 1, dir);
        assertThat(r.failed()).isZero();
        assertThat(r.events()).isEqualTo(5 * 10);
        assertThat(r.itlDeviation().count()).isEqualTo(5 * 9);
        assertThat(r.dispatchLateness().getTotalCount()).isGreaterThanOrEqualTo(5 * 10);
    }
}
