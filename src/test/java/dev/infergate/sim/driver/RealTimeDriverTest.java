package dev.infergate.sim.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.engine.Emission;
import dev.infergate.sim.engine.Engine;
import dev.infergate.sim.engine.FinishReason;
import dev.infergate.sim.engine.OutputPlan;
import dev.infergate.sim.engine.Sequence;
import dev.infergate.sim.engine.Tokenizer;
import dev.infergate.sim.profile.CostModel;
import dev.infergate.sim.profile.Delivery;
import dev.infergate.sim.profile.Faults;
import dev.infergate.sim.profile.OutputLength;
import dev.infergate.sim.profile.SimProfile;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The driver on the real clock. Only what holds however loaded the machine is asserted: every token arrives,
 * in the model's order, and none leaves earlier than its model time minus the dispatch slice (late is
 * allowed: that is what the benchmarks measure).
 */
class RealTimeDriverTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close().await();
    }

    @Test
    void tokensLeaveInModelOrder_neverBeforeTheirTime() throws Exception {
        // 2 ms steps, 300 us per token out: 4 streams' tokens of a step leave over 1.2 ms after its end
        CostModel cost = new CostModel(2000, 0, 0, 0, 300);
        SimProfile profile = new SimProfile("test", "", "m", 4096, 8, 1024, 16, 1024, cost, 1, new Delivery.Incremental(),
                new OutputLength(10, 0), Faults.NONE);
        List<long[]> sent = new CopyOnWriteArrayList<>(); // {sequence, token, atNanos, nowNanos}
        int streams = 4;
        int tokens = 5;
        CountDownLatch done = new CountDownLatch(streams);
        Context context = vertx.getOrCreateContext();
        try (RealTimeDriver driver = new RealTimeDriver(new Engine(profile), System::nanoTime, new DispatchLateness()).start()) {
            for (int i = 0; i < streams; i++) {
                int[] words = IntStream.range(100 * i, 100 * i + 20).toArray();
                driver.submit(new Sequence(i, 20, Tokenizer.blockHashes(words, 16), new OutputPlan(tokens, FinishReason.LENGTH)),
                        countingDown(context, done, (e, intendedNanos) ->
                                sent.add(new long[] {e.sequenceId(), e.tokenIndex(), intendedNanos, System.nanoTime()})));
            }
            assertThat(done.await(30, TimeUnit.SECONDS)).as("every stream finished").isTrue();
        }
        assertThat(sent).hasSize(streams * tokens);
        for (int k = 1; k < sent.size(); k++) {
            assertThat(sent.get(k)[2]).as("model times in order").isGreaterThanOrEqualTo(sent.get(k - 1)[2]);
        }
        for (long[] s : sent) {
            assertThat(s[3]).as("token %d of stream %d not early", s[1], s[0])
                    .isGreaterThanOrEqualTo(s[2] - RealTimeDriver.SLICE_NANOS);
        }
        // within each step the tokens are 300 us apart on the model's timeline
        long gaps = IntStream.range(1, sent.size()).filter(k -> sent.get(k)[1] == sent.get(k - 1)[1])
                .mapToLong(k -> sent.get(k)[2] - sent.get(k - 1)[2]).distinct().count();
        assertThat(gaps).isEqualTo(1);
    }

    @Test
    void aClockThatJumpsPastTheStepTimeline_isCountedAsAStall() throws Exception {
        // the engine thread "wakes" 50 ms after the first token left (as after a GC pause or a starved core): the
        // timeline restarts from now and the lost model time is counted, whatever else the machine did
        CostModel cost = new CostModel(2000, 0, 0, 0, 0);
        SimProfile profile = new SimProfile("test", "", "m", 4096, 8, 1024, 16, 1024, cost, 1, new Delivery.Incremental(),
                new OutputLength(10, 0), Faults.NONE);
        AtomicLong offsetNanos = new AtomicLong();
        DispatchLateness lateness = new DispatchLateness();
        CountDownLatch done = new CountDownLatch(1);
        Context context = vertx.getOrCreateContext();
        try (RealTimeDriver driver = new RealTimeDriver(new Engine(profile), () -> System.nanoTime() + offsetNanos.get(),
                lateness).start()) {
            int[] words = IntStream.range(0, 20).toArray();
            driver.submit(new Sequence(0, 20, Tokenizer.blockHashes(words, 16), new OutputPlan(10, FinishReason.LENGTH)),
                    countingDown(context, done, (e, intendedNanos) -> {
                        if (e.tokenIndex() == 0) {
                            offsetNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(50));
                        }
                    }));
            assertThat(done.await(30, TimeUnit.SECONDS)).as("the stream finished").isTrue();
        }
        // the jump may land anywhere in a 2 ms step, so up to a step of it is still on the timeline
        assertThat(lateness.stalledNanos()).as("model time lost to the 50 ms jump")
                .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50 - 2) - RealTimeDriver.SLICE_NANOS);
    }

    /** A stream on {@code context} that hands each emission to {@code onEmission}, then counts {@code done} down once it finished. */
    private static StreamTarget countingDown(Context context, CountDownLatch done, BiConsumer<Emission, Long> onEmission) {
        return new StreamTarget() {
            @Override
            public Context context() {
                return context;
            }

            @Override
            public void onEmission(Emission e, long intendedNanos) {
                onEmission.accept(e, intendedNanos);
                if (e.finished()) {
                    done.countDown();
                }
            }
        };
    }
}
