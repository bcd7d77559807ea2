package dev.infergate.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.profile.CostModel;
import dev.infergate.sim.profile.Delivery;
import dev.infergate.sim.profile.Faults;
import dev.infergate.sim.profile.OutputLength;
import dev.infergate.sim.profile.SimProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Scheduling logic, stepped by hand with made-up times: nothing sleeps. */
class EngineTest {
    private static final CostModel COST = new CostModel(1000, 10, 100, 50, 0);

    static SimProfile profile(int maxNumSeqs, int budget, int blockSize, int blocks) {
        return new SimProfile("test", "", "m", Math.min(4096, blocks * blockSize), maxNumSeqs, budget, blockSize,
                blocks, COST, 1, new Delivery.Incremental(), new OutputLength(10, 0), Faults.NONE);
    }

    /** {@link #profile} with 8 sequences and room to spare, and an output stage of {@code usPerToken}. */
    static SimProfile withOutputCost(double usPerToken) {
        return new SimProfile("test", "", "m", 1600, 8, 1024, 16, 100, new CostModel(1000, 10, 100, 50, usPerToken), 1,
                new Delivery.Incremental(), new OutputLength(10, 0), Faults.NONE);
    }

    /** A prompt of {@code n} distinct words starting at {@code first}; equal arguments, equal prompts. */
    static Sequence seq(long id, int promptTokens, int outputTokens, int blockSize, int firstWord) {
        int[] ids = IntStream.range(firstWord, firstWord + promptTokens).toArray();
        return new Sequence(id, promptTokens, Tokenizer.blockHashes(ids, blockSize),
                new OutputPlan(outputTokens, FinishReason.LENGTH));
    }

    /** Steps until idle (bounded), returning every emission per sequence id. */
    static Map<Long, List<Emission>> runToEnd(Engine engine, long startNanos) {
        Map<Long, List<Emission>> out = new HashMap<>();
        long now = startNanos;
        for (int i = 0; i < 100_000 && engine.hasWork(); i++) {
            Step step = engine.step(now);
            now = step.endNanos();
            step.emissions().forEach(e -> out.computeIfAbsent(e.sequenceId(), k -> new ArrayList<>()).add(e));
        }
        assertThat(engine.hasWork()).as("engine drained").isFalse();
        return out;
    }

    @Test
    void chunkedPrefill_splitsALongPromptByTheTokenBudget() {
        Engine engine = new Engine(profile(8, 64, 16, 100));
        engine.add(seq(1, 150, 3, 16, 0), 0);

        Step first = engine.step(0);
        Step second = engine.step(first.endNanos());
        Step third = engine.step(second.endNanos());

        assertThat(List.of(first.prefillTokens(), second.prefillTokens(), third.prefillTokens()))
                .containsExactly(64, 64, 22);
        assertThat(first.emissions()).isEmpty();
        assertThat(second.emissions()).isEmpty();
        assertThat(third.emissions()).singleElement().extracting(Emission::tokenIndex).isEqualTo(0);
    }

    @Test
    void decodeTokensComeFirst_andPrefillGetsTheRestOfTheBudget() {
        Engine engine = new Engine(profile(8, 64, 16, 100));
        engine.add(seq(1, 10, 50, 16, 0), 0);
        long now = engine.step(0).endNanos();
        engine.add(seq(2, 200, 5, 16, 1000), now);

        Step mixed = engine.step(now);

        assertThat(mixed.decodeSequences()).isEqualTo(1);
        assertThat(mixed.prefillTokens()).isEqualTo(63);
        assertThat(mixed.emissions()).extracting(Emission::sequenceId).containsExactly(1L);
    }

    @Test
    void stepDuration_followsTheCostFormula() {
        Engine engine = new Engine(profile(8, 512, 16, 100));
        engine.add(seq(1, 100, 5, 16, 0), 0);
        engine.add(seq(2, 300, 5, 16, 1000), 0);

        Step prefill = engine.step(0);
        Step decode = engine.step(prefill.endNanos());

        // 1000 us + 10 us * 400 prefill tokens
        assertThat(prefill.durationNanos()).isEqualTo(5_000_000L);
        // 1000 us + 100 us * 2 sequences + 50 us per 1k context tokens * (101 + 301)
        assertThat(decode.decodeContextTokens()).isEqualTo(402);
        assertThat(decode.durationNanos()).isEqualTo(Math.round((1000 + 200 + 50 * 0.402) * 1000));
    }

    @Test
    void requestsBeyondMaxNumSeqs_waitUntilARunningOneFinishes() {
        Engine engine = new Engine(profile(2, 1024, 16, 100));
        engine.add(seq(1, 10, 2, 16, 0), 0);
        engine.add(seq(2, 10, 4, 16, 100), 0);
        engine.add(seq(3, 10, 2, 16, 200), 0);

        Step first = engine.step(0);
        assertThat(engine.runningCount()).isEqualTo(2);
        assertThat(engine.waitingCount()).isEqualTo(1);
        assertThat(engine.metrics().waiting()).isEqualTo(1);

        Step second = engine.step(first.endNanos()); // sequence 1 emits its last token
        assertThat(second.emissions()).filteredOn(Emission::finished).extracting(Emission::sequenceId).containsExactly(1L);
        Step third = engine.step(second.endNanos());
        assertThat(third.prefillTokens()).as("sequence 3 admitted once a slot is free").isEqualTo(10);
        assertThat(engine.waitingCount()).isZero();
        assertThat(runToEnd(engine, third.endNanos())).containsKeys(2L, 3L);
    }

    @Test
    void samePrompt_hitsThePrefixCache_inWholeBlocks_leavingOneTokenToCompute() {
        Engine engine = new Engine(profile(8, 1024, 16, 100));
        engine.add(seq(1, 64, 2, 16, 0), 0);
        runToEnd(engine, 0);

        engine.add(seq(2, 64, 2, 16, 0), 0);
        engine.add(seq(3, 70, 2, 16, 0), 0);
        Step step = engine.step(1_000_000_000L);

        // 64 tokens = 4 full blocks, but one token must be computed: 3 blocks hit. 70 tokens: all 4 hit.
        assertThat(step.prefillTokens()).isEqualTo((64 - 48) + (70 - 64));
        Map<Long, Integer> cached = new HashMap<>();
        runToEnd(engine, step.endNanos()).forEach((id, es) -> cached.put(id, es.get(0).cachedTokens()));
        assertThat(cached).containsEntry(2L, 48).containsEntry(3L, 64);
        assertThat(engine.metrics().prefixCacheQueries()).isEqualTo(64 + 64 + 70);
        assertThat(engine.metrics().prefixCacheHits()).isEqualTo(48 + 64);
    }

    @Test
    void differentPrompts_missThePrefixCache() {
        Engine engine = new Engine(profile(8, 1024, 16, 100));
        engine.add(seq(1, 64, 2, 16, 0), 0);
        runToEnd(engine, 0);
        engine.add(seq(2, 64, 2, 16, 5000), 0);

        assertThat(runToEnd(engine, 0).get(2L).get(0).cachedTokens()).isZero();
    }

    @Test
    void cachedBlocks_areEvictedLeastRecentlyUsedFirst_whenSpaceIsNeeded() {
        Engine engine = new Engine(profile(8, 1024, 16, 10)); // 10 blocks of 16 tokens
        engine.add(seq(1, 64, 1, 16, 0), 0);
        runToEnd(engine, 0);
        engine.add(seq(2, 64, 1, 16, 1000), 0);
        runToEnd(engine, 0);
        assertThat(engine.cachedFreeBlocks()).as("both prompts' 4 blocks kept").isEqualTo(8);

        engine.add(seq(3, 96, 1, 16, 2000), 0); // 6 blocks: 2 free + 4 evicted, oldest (prompt 1) first
        runToEnd(engine, 0);
        engine.add(seq(20, 64, 1, 16, 1000), 0);
        engine.add(seq(10, 64, 1, 16, 0), 0);
        Map<Long, List<Emission>> out = runToEnd(engine, 0);

        assertThat(out.get(10L).get(0).cachedTokens()).as("prompt 1 evicted").isZero();
        assertThat(out.get(20L).get(0).cachedTokens()).as("prompt 2 kept").isEqualTo(48);
    }

    @Test
    void whenBlocksRunOut_theNewestRunningSequenceIsPreempted_andRecomputedLater() {
        Engine engine = new Engine(profile(8, 1024, 4, 8)); // 8 blocks of 4 tokens = 32 tokens
        engine.add(seq(1, 8, 12, 4, 0), 0);   // grows to 20 tokens = 5 blocks
        engine.add(seq(2, 8, 12, 4, 100), 0); // also 5 blocks: both cannot finish together

        Map<Long, List<Emission>> out = runToEnd(engine, 0);

        assertThat(engine.metrics().preemptions()).isPositive();
        for (long id : List.of(1L, 2L)) {
            assertThat(out.get(id)).extracting(Emission::tokenIndex)
                    .as("every token exactly once, in order").containsExactlyElementsOf(IntStream.range(0, 12).boxed().toList());
            assertThat(out.get(id).get(11).finished()).isTrue();
        }
        assertThat(engine.usedBlocks()).isZero();
    }

    @Test
    void preemptedSequence_isResumedBeforeNewArrivals() {
        Engine engine = new Engine(profile(8, 1024, 4, 8));
        engine.add(seq(1, 8, 12, 4, 0), 0);
        engine.add(seq(2, 8, 12, 4, 100), 0);
        long now = 0;
        for (int i = 0; i < 1000 && engine.metrics().preemptions() == 0; i++) {
            now = engine.step(now).endNanos();
        }
        engine.add(seq(3, 4, 1, 4, 200), now);

        int resumedAt = -1;
        int newcomerAt = -1;
        for (int i = 0; i < 1000 && engine.hasWork(); i++) {
            Step step = engine.step(now);
            now = step.endNanos();
            for (Emission e : step.emissions()) {
                if (e.sequenceId() == 2 && resumedAt < 0) {
                    resumedAt = i;
                }
                if (e.sequenceId() == 3) {
                    newcomerAt = i;
                }
            }
        }
        assertThat(resumedAt).isNotNegative();
        assertThat(newcomerAt).as("the newcomer does not overtake the preempted sequence").isGreaterThanOrEqualTo(resumedAt);
    }

    @Test
    void abortedSequence_freesItsBlocks() {
        Engine engine = new Engine(profile(8, 1024, 16, 100));
        engine.add(seq(1, 100, 50, 16, 0), 0);
        engine.step(0);
        assertThat(engine.usedBlocks()).isEqualTo(7);

        engine.abort(1);

        assertThat(engine.usedBlocks()).isZero();
        assertThat(engine.hasWork()).isFalse();
    }

    @Test
    void metrics_countTokensAndRecordTimesOnTheEngineClock() {
        Engine engine = new Engine(profile(8, 1024, 16, 100));
        engine.add(seq(1, 20, 3, 16, 0), 0);
        runToEnd(engine, 0);

        EngineMetrics m = engine.metrics();
        assertThat(m.promptTokens()).isEqualTo(20);
        assertThat(m.generationTokens()).isEqualTo(3);
        assertThat(m.timeToFirstToken().cumulativeCounts()).endsWith(1L);
        assertThat(m.e2eLatency().sumSeconds()).isGreaterThan(m.timeToFirstToken().sumSeconds());
        assertThat(m.running()).isZero();
        assertThat(m.kvCacheUsage()).isZero();
    }

    @Test
    void withoutAnOutputCost_aStepsTokensAllLeaveAtItsEnd() {
        Engine engine = new Engine(profile(8, 1024, 16, 100));
        engine.add(seq(1, 20, 3, 16, 0), 0);
        engine.add(seq(2, 20, 3, 16, 100), 0);
        Step step = engine.step(0);

        assertThat(step.emissions()).extracting(Emission::atNanos).containsOnly(step.endNanos());
    }

    @Test
    void outputStage_sendsAStepsTokensOneAfterAnother_besideTheNextStep() {
        Engine engine = new Engine(withOutputCost(500)); // 500 us per token out
        for (int i = 0; i < 3; i++) {
            engine.add(seq(i, 20, 4, 16, 100 * i), 0);
        }
        Step first = engine.step(0);
        long end = first.endNanos();
        assertThat(first.emissions()).extracting(Emission::atNanos)
                .containsExactly(end + 500_000, end + 1_000_000, end + 1_500_000);

        Step second = engine.step(end); // decode only: 1000 + 3 * 100 + KV read, shorter than the 1.5 ms of output
        assertThat(second.endNanos()).isLessThan(end + 1_500_000);
        assertThat(second.emissions()).extracting(Emission::atNanos)
                .as("the output stage is still busy with the first step's tokens")
                .containsExactly(end + 2_000_000, end + 2_500_000, end + 3_000_000);
    }

    @Test
    void outputStage_timesTheServersOwnTtft() {
        Engine engine = new Engine(withOutputCost(400));
        engine.add(seq(1, 20, 1, 16, 0), 0);
        Step step = engine.step(0);

        assertThat(engine.metrics().timeToFirstToken().sumSeconds() * 1e9)
                .isCloseTo(step.endNanos() + 400_000.0, org.assertj.core.data.Offset.offset(1.0));
    }
}
