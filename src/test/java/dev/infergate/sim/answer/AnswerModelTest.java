package dev.infergate.sim.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.quality.eval.BundledEval;
import dev.infergate.quality.eval.EvalItem;
import dev.infergate.sim.profile.SimProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerModelTest {
    private static final List<EvalItem> ITEMS = items();

    @Test
    void accuracy_isCloseToTheProfilesProbabilityOverManyItems() {
        AnswerModel model = new AnswerModel(0.9, 42);
        long correct = ITEMS.stream().filter(i -> i.correct(model.answer(i.promptText()).orElseThrow())).count();
        // 1,500 items: the share has a standard error of ~0.8 points; the draw is deterministic
        assertThat(correct / (double) ITEMS.size()).isBetween(0.87, 0.93);
    }

    @Test
    void aLowerAccuracy_isWrongOnASupersetOfItemsWithTheSameWrongAnswers() {
        AnswerModel better = new AnswerModel(0.92, 7);
        AnswerModel worse = new AnswerModel(0.80, 7);
        int onlyWorseWrong = 0;
        for (EvalItem item : ITEMS) {
            String b = better.answer(item.promptText()).orElseThrow();
            String w = worse.answer(item.promptText()).orElseThrow();
            if (!item.correct(b)) {
                assertThat(w).isEqualTo(b);
            } else if (!item.correct(w)) {
                onlyWorseWrong++;
            }
        }
        assertThat(onlyWorseWrong).isGreaterThan(100);
    }

    @Test
    void theSameServerSeed_answersTheSameAndAnotherSeedDiffers() {
        AnswerModel a = new AnswerModel(0.5, 1);
        List<String> first = ITEMS.stream().map(i -> a.answer(i.promptText()).orElseThrow()).toList();
        assertThat(ITEMS.stream().map(i -> new AnswerModel(0.5, 1).answer(i.promptText()).orElseThrow()).toList()).isEqualTo(first);
        assertThat(ITEMS.stream().map(i -> new AnswerModel(0.5, 2).answer(i.promptText()).orElseThrow()).toList()).isNotEqualTo(first);
    }

    @Test
    void accuracyZeroAndOne_areNeverAndAlwaysRight() {
        assertThat(ITEMS).allMatch(i -> i.correct(new AnswerModel(1, 3).answer(i.promptText()).orElseThrow()));
        assertThat(ITEMS).noneMatch(i -> i.correct(new AnswerModel(0, 3).answer(i.promptText()).orElseThrow()));
    }

    @Test
    void otherPrompts_getNoScriptedAnswer() {
        assertThat(new AnswerModel(1, 0).answer("Tell me about the harbor")).isEmpty();
        assertThat(new AnswerModel(1, 0).answer(null)).isEmpty();
    }

    @Test
    void scriptedText_isTheAnswerWordsThenGeneratedWords() {
        ResponseText text = ResponseText.scripted("The answer is 42.", 9);
        assertThat(text.scriptedTokens()).isEqualTo(4);
        assertThat(text.tokens(0, 4)).isEqualTo("The answer is 42.");
        assertThat(text.tokens(0, 2) + text.tokens(2, 4)).isEqualTo("The answer is 42.");
        assertThat(text.tokens(4, 6)).isEqualTo(ResponseText.generated(9).tokens(4, 6));
    }

    @Test
    void profiles_setTheAccuracyAndRefuseOneOutsideZeroToOne() {
        assertThat(SimProfile.bundled("baseline").answerAccuracy()).isEqualTo(0.92);
        assertThat(SimProfile.bundled("candidate-fp8-kv").answerAccuracy()).isEqualTo(0.90);
        assertThatThrownBy(() -> SimProfile.bundled("baseline").withAnswerAccuracy(1.5))
                .hasMessage("answer_accuracy (1.5) must be between 0 and 1");
    }

    private static List<EvalItem> items() {
        return java.util.Arrays.stream(BundledEval.values()).flatMap(e -> e.items(5, 500).stream()).toList();
    }
}
