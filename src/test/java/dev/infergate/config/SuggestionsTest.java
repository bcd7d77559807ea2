package dev.infergate.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
    @Test
    void aMissingLetterAnExtraOneASwapOrAWrongOneEachCostOneEdit() {
        assertThat(Suggestions.distance("concurency", "concurrency")).isEqualTo(1);
        assertThat(Suggestions.distance("runn", "run")).isEqualTo(1);
        assertThat(Suggestions.distance("promtp", "prompt")).isEqualTo(1);
        assertThat(Suggestions.distance("rat", "rate")).isEqualTo(1);
        assertThat(Suggestions.distance("baselin", "baseline")).isEqualTo(1);
        assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
        assertThat(Suggestions.distance("same", "same")).isZero();
    }

    @Test
    void theNearestCandidateIsSuggestedIgnoringCase() {
        assertThat(Suggestions.closest("--concurency", List.of("--rate", "--concurrency", "--duration")))
                .contains("--concurrency");
        assertThat(Suggestions.closest("rn", List.of("run", "probe", "merge"))).contains("run");
        assertThat(Suggestions.closest("Short-Chat", List.of("short-chat", "long-doc"))).isEmpty(); // an exact match is no typo
        assertThat(Suggestions.closest("shortchat", List.of("short-chat", "long-doc"))).contains("short-chat");
    }

    @Test
    void aWordTooFarFromEveryCandidateGetsNoSuggestion() {
        assertThat(Suggestions.closest("xyz", List.of("run", "probe"))).isEmpty();
        assertThat(Suggestions.closest("warp_speed", List.of("name", "model", "cost"))).isEmpty();
        assertThat(Suggestions.closest("", List.of("run"))).isEmpty();
        assertThat(Suggestions.didYouMean("zzzz", List.of("run"))).isEmpty();
    }

    @Test
    void theCutOffGrowsWithTheWord() {
        assertThat(Suggestions.allowedEdits("rn")).isEqualTo(1);
        assertThat(Suggestions.allowedEdits("durationn")).isEqualTo(3);
        assertThat(Suggestions.closest("ab", List.of("xyab"))).isEmpty();
        assertThat(Suggestions.closest("ttft_p99x", List.of("ttft_p9"))).contains("ttft_p9");
    }

    @Test
    void equallyNearCandidatesResolveToTheFirstInSortedOrderWhateverTheSetsOrder() {
        assertThat(Suggestions.closest("cat", Set.of("cut", "bat", "car"))).contains("bat");
        assertThat(Suggestions.closest("cat", List.of("cut", "car", "bat"))).contains("bat");
    }

    @Test
    void theListPutsTheNearestFirstAndSortsTheRest() {
        assertThat(Suggestions.nearestFirst("warmpu", Set.of("workload", "target", "warmup", "duration", "enabled")))
                .containsExactly("warmup", "duration", "enabled", "target", "workload");
        assertThat(Suggestions.nearestFirst("zzzzzz", Set.of("b", "a"))).containsExactly("a", "b");
        assertThat(Suggestions.didYouMean("warmpu", List.of("warmup"))).isEqualTo(" (did you mean warmup?)");
    }
}
