package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionWorkloadTest {
    private static final Tokenizer CL100K = BundledTokenizer.cl100k();
    private static final SessionShape SHAPE = new SessionShape(300, new LengthDistribution.Fixed(40),
            new LengthDistribution.Fixed(60));

    private static SessionWorkload workload(long seed, long salt) {
        return (SessionWorkload) WorkloadDefinition.builder().sessions(SHAPE).outputTokens(new LengthDistribution.Fixed(16))
                .seed(seed).promptSalt(salt).build().create(CL100K);
    }

    private static int counted(RequestSpec spec) {
        return spec.messages().stream().mapToInt(m -> CL100K.count(m.content())).sum();
    }

    @Test
    void firstTurn_isTheSystemPromptAndOneUserMessage_ofExactLengths() {
        RequestSpec first = workload(1, 7).turn(0, 0, List.of());
        assertThat(first.messages()).extracting(Message::role).containsExactly("system", "user");
        assertThat(CL100K.count(first.messages().get(0).content())).isEqualTo(300);
        assertThat(CL100K.count(first.messages().get(1).content())).isEqualTo(40);
        assertThat(first.inputTokens()).isEqualTo(340);
        assertThat(first.maxTokens()).isEqualTo(16);
        assertThat(first.sharedPrefixTokens()).isEqualTo(300);
    }

    @Test
    void laterTurns_extendTheEarlierPrompt_withTheRealReplyAndAToolResult() {
        SessionWorkload w = workload(1, 7);
        List<SessionWorkload.Reply> replies = new ArrayList<>();
        RequestSpec previous = w.turn(0, 3, replies);
        for (int turn = 1; turn < 4; turn++) {
            String reply = " reply number " + turn + " from the model";
            replies.add(new SessionWorkload.Reply(reply, CL100K.count(reply)));
            RequestSpec next = w.turn(turn, 3, replies);
            assertThat(next.messages().subList(0, previous.messages().size())).isEqualTo(previous.messages());
            assertThat(next.messages()).hasSize(previous.messages().size() + 2);
            assertThat(next.messages().get(previous.messages().size())).isEqualTo(new Message("assistant", reply));
            Message user = next.messages().get(next.messages().size() - 1);
            assertThat(user.role()).isEqualTo("user");
            assertThat(CL100K.count(user.content())).isEqualTo(60 + 40); // tool result, then the new message
            assertThat(next.inputTokens()).isEqualTo(counted(next)).isGreaterThan(previous.inputTokens());
            previous = next;
        }
        assertThat(previous.messages()).extracting(Message::role)
                .containsExactly("system", "user", "assistant", "user", "assistant", "user", "assistant", "user");
    }

    @Test
    void everySessionStartsWithTheSameSystemPrompt_andThenDiffers() {
        SessionWorkload w = workload(1, 7);
        RequestSpec a = w.turn(0, 0, List.of());
        RequestSpec b = w.turn(5, 1, List.of());
        assertThat(a.messages().get(0)).isEqualTo(b.messages().get(0));
        assertThat(a.messages().get(0).content()).isEqualTo(w.systemPrompt());
        assertThat(a.messages().get(1)).isNotEqualTo(b.messages().get(1));
        assertThat(w.prefixWarmups()).singleElement()
                .satisfies(s -> assertThat(s.messages().get(0).content()).isEqualTo(w.systemPrompt()));
    }

    @Test
    void turns_arePureFunctionsOfSeedSaltSessionAndHistory() {
        List<SessionWorkload.Reply> history = List.of(new SessionWorkload.Reply(" ok", 1));
        assertThat(workload(1, 7).turn(9, 4, history)).isEqualTo(workload(1, 7).turn(9, 4, history));
        assertThat(workload(1, 8).turn(9, 4, history).messages().get(0))
                .isNotEqualTo(workload(1, 7).turn(9, 4, history).messages().get(0));
    }

    @Test
    void aReplyWithoutServerCount_isCountedLocally_notLeftOut() {
        String reply = " the answer is forty two";
        RequestSpec spec = workload(1, 7).turn(1, 0, List.of(new SessionWorkload.Reply(reply, -1)));
        assertThat(spec.inputTokens()).isEqualTo(counted(spec));
    }

    @Test
    void specById_isRefused_becauseATurnNeedsEarlierOutputs() {
        assertThatThrownBy(() -> workload(1, 7).spec(0)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("earlier turns");
    }

    @Test
    void sessions_refuseOptionsThatBuildOtherPrompts() {
        assertThatThrownBy(() -> WorkloadDefinition.builder().sessions(SHAPE).dataset(Path.of("d.jsonl"), null).build())
                .isInstanceOf(WorkloadException.class).hasMessage("--dataset does not apply to --sessions: sessions "
                        + "build their own prompts (system prompt, conversation so far, new message)");
        assertThatThrownBy(() -> WorkloadDefinition.builder().sessions(SHAPE).cacheMix(0.5).build())
                .hasMessageStartingWith("--cache-mix (--prefix fresh|shared sets whether sessions share the system prompt) does not apply");
        assertThatThrownBy(() -> new SessionShape(0, SHAPE.userTokens(), SHAPE.toolTokens()))
                .hasMessage("system tokens (0) must be >= 1");
    }

    @Test
    void freshSystemPrompts_areEachSessionsOwn_ofTheSameLength_andNothingIsWarmedBeforeTheRun() {
        SessionWorkload w = (SessionWorkload) WorkloadDefinition.builder().sessions(SHAPE).prefix(PrefixMode.FRESH)
                .outputTokens(new LengthDistribution.Fixed(16)).seed(1).promptSalt(7).build().create(CL100K);
        RequestSpec a = w.turn(0, 0, List.of());
        RequestSpec b = w.turn(1, 1, List.of());
        assertThat(a.messages().get(0).content()).isNotEqualTo(b.messages().get(0).content())
                .isNotEqualTo(w.systemPrompt());
        assertThat(CL100K.count(a.messages().get(0).content())).isEqualTo(300);
        assertThat(CL100K.count(b.messages().get(0).content())).isEqualTo(300);
        assertThat(a.prefixGroup()).isNull();
        assertThat(a.sharedPrefixTokens()).isZero();
        assertThat(w.prefixWarmups()).isEmpty();
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("system_prompt", "per session");
        // a session keeps its own system prompt from turn to turn, so its history stays cacheable
        RequestSpec a1 = w.turn(2, 0, List.of(new SessionWorkload.Reply(" ok", 1)));
        assertThat(a1.messages().subList(0, 2)).isEqualTo(a.messages());
        // the rest of a session is the same as with a shared system prompt
        assertThat(a.messages().get(1)).isEqualTo(workload(1, 7).turn(0, 0, List.of()).messages().get(1));
    }

    @Test
    void aSharedPrefix_keepsOneSystemPromptForEverySession() {
        SessionWorkload w = (SessionWorkload) WorkloadDefinition.builder().sessions(SHAPE).prefix(PrefixMode.SHARED)
                .outputTokens(new LengthDistribution.Fixed(16)).seed(1).promptSalt(7).build().create(CL100K);
        assertThat(w.turn(0, 0, List.of())).isEqualTo(workload(1, 7).turn(0, 0, List.of()));
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("system_prompt", "shared");
    }
}
