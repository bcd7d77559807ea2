package dev.infergate.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.profile.SimProfile;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bundled profiles show the patterns their descriptions promise, on the engine's own timeline: a closed
 * loop of users, each sending its next chat as soon as the previous answer ends, stepped without sleeping.
 */
class ProfileShapeTest {

    /** Mean TTFT and E2E (ms), output tokens/s and preemptions of a closed loop of {@code users}. */
    record Shape(double ttftMillis, double e2eMillis, double outputTokensPerSecond, long preemptions) {}

    static Shape closedLoop(SimProfile profile, int users, int promptTokens, int outputTokens, int requests) {
        Engine engine = new Engine(profile);
        SplittableRandom random = new SplittableRandom(3);
        Map<Long, Long> arrival = new HashMap<>();
        long nextId = 0;
        long now = 0;
        for (; nextId < users; nextId++) {
            engine.add(newSeq(nextId, promptTokens, outputTokens, profile.blockSize(), random), now);
            arrival.put(nextId, now);
        }
        Map<Long, Long> firstToken = new HashMap<>();
        double ttftSum = 0;
        double e2eSum = 0;
        long done = 0;
        long tokens = 0;
        for (int i = 0; i < 2_000_000 && done < requests; i++) {
            Step step = engine.step(now);
            now = step.endNanos();
            for (Emission e : step.emissions()) {
                tokens++;
                if (firstToken.putIfAbsent(e.sequenceId(), now) == null) {
                    ttftSum += now - arrival.get(e.sequenceId());
                }
                if (e.finished()) {
                    done++;
                    e2eSum += now - arrival.get(e.sequenceId());
                    engine.add(newSeq(nextId, promptTokens, outputTokens, profile.blockSize(), random), now);
                    arrival.put(nextId++, now);
                }
            }
        }
        return new Shape(ttftSum / firstToken.size() / 1e6, e2eSum / done / 1e6, tokens / (now / 1e9),
                engine.metrics().preemptions());
    }

    private static Sequence newSeq(long id, int promptTokens, int outputTokens, int blockSize, SplittableRandom random) {
        int[] ids = random.ints(promptTokens, 0, Tokenizer.VOCAB_SIZE).toArray();
        return new Sequence(id, promptTokens, Tokenizer.blockHashes(ids, blockSize),
                new OutputPlan(outputTokens, FinishReason.LENGTH));
    }

    @Test
    void candidateFp8Kv_withManyShortChats_hasHigherThroughputAndBetterE2e_butSlightlyWorseTtft() {
        Shape base = closedLoop(SimProfile.bundled("baseline"), 48, 200, 150, 600);
        Shape fp8 = closedLoop(SimProfile.bundled("candidate-fp8-kv"), 48, 200, 150, 600);

        assertThat(fp8.outputTokensPerSecond()).isGreaterThan(base.outputTokensPerSecond() * 1.05);
        assertThat(fp8.e2eMillis()).isLessThan(base.e2eMillis() * 0.95);
        assertThat(fp8.ttftMillis()).isGreaterThan(base.ttftMillis() * 1.02).isLessThan(base.ttftMillis() * 1.3);
    }

    @Test
    void withLongConversations_theBaselineRunsOutOfKvBlocksAndPreempts_theCandidateDoesNot() {
        Shape base = closedLoop(SimProfile.bundled("baseline"), 32, 2600, 600, 200);
        Shape fp8 = closedLoop(SimProfile.bundled("candidate-fp8-kv"), 32, 2600, 600, 200);

        assertThat(base.preemptions()).isPositive();
        assertThat(fp8.preemptions()).isZero();
        assertThat(fp8.outputTokensPerSecond()).isGreaterThan(base.outputTokensPerSecond());
    }

    @Test
    void theChecklistsLongDocumentCase_fits_andAt16UsersOnlyTheBaselineRunsOutOfKvBlocks() {
        Shape base = closedLoop(SimProfile.bundled("baseline"), 16, 8000, 1000, 40);
        Shape fp8 = closedLoop(SimProfile.bundled("candidate-fp8-kv"), 16, 8000, 1000, 40);

        assertThat(base.preemptions()).isPositive();
        assertThat(fp8.preemptions()).isZero();
        assertThat(fp8.outputTokensPerSecond()).isGreaterThan(base.outputTokensPerSecond());
    }

    @Test
    void prefillCostGrowsWithTheInput_aLoneLongDocumentWaitsHundredsOfMsForItsFirstToken() {
        SimProfile baseline = SimProfile.bundled("baseline");
        Shape shortPrompt = closedLoop(baseline, 1, 1024, 16, 3);
        Shape longDoc = closedLoop(baseline, 1, 8192, 16, 3);

        assertThat(longDoc.ttftMillis()).isBetween(200.0, 1000.0).isGreaterThan(shortPrompt.ttftMillis() * 4);
    }

    @Test
    void baseline_withAFewTensOfShortChats_hasTtftInTensToHundredsOfMs_andItlOf10To30Ms() {
        SimProfile baseline = SimProfile.bundled("baseline");
        Shape shape = closedLoop(baseline, 32, 200, 150, 500);

        double itlMillis = (shape.e2eMillis() - shape.ttftMillis()) / 149;
        assertThat(shape.ttftMillis()).isBetween(10.0, 500.0);
        assertThat(itlMillis).isBetween(10.0, 30.0);
    }
}
