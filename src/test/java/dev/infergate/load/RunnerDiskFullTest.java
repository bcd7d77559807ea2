package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import dev.infergate.workload.BundledTokenizer;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.WorkloadDefinition;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose log cannot be written stops scheduling, lets the requests in flight finish and accounts for
 * every one of them. The full disk is real: requests.jsonl is a link to /dev/full, whose every write fails
 * with "No space left on device" (Linux), so no mount is needed.
 */
class RunnerDiskFullTest {
    @TempDir
    Path dir;

    @Test
    void aFullDisk_stopsTheRunCleanly_andCountsTheLostRecords() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "needs /dev/full");
        Files.createSymbolicLink(dir.resolve(RunLog.REQUESTS_FILE), full);
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Endpoint endpoint = new Endpoint(URI.create(sim.baseUrl()), Api.CHAT, null, true, Map.of(), null, false,
                    false, Duration.ofSeconds(10));
            try (HttpExecutor http = new HttpExecutor(endpoint, 8, 1)) {
                http.useModel(Preflight.run(http, null, false, "OPENAI_API_KEY", false).model());
                var workload = WorkloadDefinition.builder().inputTokens(LengthDistribution.parse("16"))
                        .outputTokens(LengthDistribution.parse("4")).build().create(BundledTokenizer.cl100k());
                int planned = 5000;
                Runner runner = new Runner(http, workload, new ClosedLoop(8, Duration.ZERO),
                        new RunLimits(planned, null, 0, null, Duration.ofSeconds(60)), Shard.ALL,
                        new Runner.RequestSettings(Timeouts.DEFAULT, false, 0, 0, null));
                Runner.Outcome outcome = runner.run(dir, System.nanoTime(), text -> 0, null);
                assertThat(outcome.writeFailure()).isNotNull();
                assertThat(outcome.writeFailure().getMessage())
                        .startsWith("disk full at " + dir.resolve(RunLog.REQUESTS_FILE) + ": 0 records written, ");
                assertThat(outcome.finished()).isLessThan(planned); // scheduling stopped
                assertThat(outcome.writeFailure().written() + outcome.writeFailure().lost()).isEqualTo(outcome.finished());
                assertThat(outcome.cancelled()).isZero(); // requests in flight finished, none cut off
            }
        }
    }
}
