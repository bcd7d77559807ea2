package dev.infergate.load;

import dev.infergate.client.Timeouts;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/** A {@link Runner} on a {@link FakeClock} against a {@link FakeServer}: one run, simulated, in a test's time. */
final class LoopHarness {
    static final long MS = 1_000_000L;
    /** The run's origin on the simulated clock, which starts at 0: set-up takes the first second. */
    static final long ORIGIN = 1_000 * MS;
    static final Workload WORKLOAD = new Workload() {
        @Override
        public RequestSpec spec(long id) {
            return new RequestSpec(id, null, List.of(Message.user("q" + id)), 1, 4, null, 0, "test");
        }

        @Override
        public dev.infergate.workload.WorkloadDescription describe() {
            return new dev.infergate.workload.MapWorkloadDescription(Map.of("kind", "test"));
        }
    };

    final FakeClock clock = new FakeClock(0);
    final FakeServer server;
    final Runner runner;
    private final Path dir;

    LoopHarness(Path dir, Workload workload, LoadModel model, RunLimits limits, Shard shard,
            LongUnaryOperator serviceMillis) {
        this.dir = dir;
        this.server = new FakeServer(clock, ORIGIN, serviceMillis);
        this.runner = new Runner((writer, originNanos) -> {
            server.writer = server.writesTo ? writer : null;
            return server;
        }, clock, workload, model, limits, shard,
                new Runner.RequestSettings(Timeouts.DEFAULT, false, 0, 0, null));
    }

    LoopHarness(Path dir, LoadModel model, RunLimits limits, Shard shard, LongUnaryOperator serviceMillis) {
        this(dir, WORKLOAD, model, limits, shard, serviceMillis);
    }

    LoopHarness(Path dir, LoadModel model, RunLimits limits, LongUnaryOperator serviceMillis) {
        this(dir, model, limits, Shard.ALL, serviceMillis);
    }

    static RunLimits requests(long n, Duration drain) {
        return new RunLimits(n, null, 0, null, drain);
    }

    Runner.Outcome run() throws IOException {
        return runner.run(dir, ORIGIN, text -> 0, null);
    }

    /** The offsets from the origin, in ms, at which the server received each request, in order. */
    List<Long> sentAtMillis() {
        return server.sent.stream().map(s -> (s.atNanos() - ORIGIN) / MS).toList();
    }

    /** The scheduled offsets, in ms, of the requests sent, in order. */
    List<Long> scheduledMillis() {
        return server.sent.stream().map(s -> (s.dispatch().scheduledNanos() - ORIGIN) / MS).toList();
    }

    /** The records in requests.jsonl (the run loop writes only those of requests it never sent). */
    List<RequestRecord> logged() {
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        return records;
    }
}
