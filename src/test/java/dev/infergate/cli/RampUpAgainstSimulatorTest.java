package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ramp-up} end to end: a constant 20 req/s reached over a 1 s ramp holds 20 * 1 / 2 = 10 arrivals in the
 * ramp (request n of the base schedule, due at u = n / 20 s, moves to t = sqrt(2 * 1 s * u)), then 20 req/s.
 */
class RampUpAgainstSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void aRampedConstantRate_schedulesItsRequestsWhereTheRampHasOfferedAsMany() throws Exception {
        Path out = dir.resolve("ramp");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(),
                    "--rate", "20", "--arrival", "constant", "--ramp-up", "1s", "--duration", "1.5s", "--warmup", "0",
                    "--input-tokens", "16", "--output-tokens", "2", "--out", out.toString(), "--no-progress",
                    "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        records.sort(Comparator.comparingLong(RequestRecord::id));
        assertThat(records).hasSize(20).allSatisfy(r -> assertThat(r.succeeded()).isTrue());
        for (int n = 0; n < 20; n++) {
            double u = n / 20.0;
            double expectedS = u < 0.5 ? Math.sqrt(2 * u) : u + 0.5;
            assertThat(records.get(n).marks().scheduledNanos() / 1e9).as("request %d", n).isCloseTo(expectedS, within(1e-6));
        }
    }
}
