package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.cli.Main;
import dev.infergate.client.Cancellations;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plan's cancel block: both sides cancel the same requests, and neither side's cancels count as failures. */
class AcceptCancelTest {
    @TempDir
    Path dir;

    private static List<Long> cancelledIds(Path run) {
        List<RequestRecord> out = new ArrayList<>();
        RunLog.readRecords(run, out::add);
        assertThat(out).noneMatch(RequestRecord::failed);
        return out.stream().filter(RequestRecord::cancelled).map(RequestRecord::id).sorted().toList();
    }

    @Test
    void cancelBlock_bothSidesCancelTheSameRequests_chosenByThePlansSeed() throws Exception {
        try (SimServer base = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 2)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s'}
                    candidate: {url: '%s'}
                    matrix:
                      workloads: [short-chat]
                      prefixes: [fresh]
                      loads: {few: {concurrency: 4}}
                    repeats: 1
                    requests: 16
                    warmup: 0
                    seed: 11
                    cancel: {rate: 0.5, after: 2tok}
                    capacity: {enabled: false}
                    burst: {enabled: false}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter err = new StringWriter();
            Path result = dir.resolve("result");
            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isIn(0, 1, 4);
            List<Long> b = cancelledIds(result.resolve("baseline/short-chat/fresh/few/r1"));
            List<Long> c = cancelledIds(result.resolve("candidate/short-chat/fresh/few/r1"));
            Cancellations asked = new Cancellations(0.5, new Cancellations.AfterTokens(2), 11);
            assertThat(b).isNotEmpty().isEqualTo(c).allMatch(asked::chosen);
        }
    }
}
