package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code demo --quick} ends with the checklist's answer: each audience's verdict and the longest wait per side. Which
 * verdicts depends on the machine (a busy one holds them back, naming the lateness), so this checks the story's
 * shape and that it never tells the opposite of the modelled change (scripts/demo-verdicts.sh counts the verdicts).
 * The run is {@link QuickDemo}'s, shared with the browser test of its report page.
 */
class DemoStoryEndToEndTest {
    @Test
    void quickDemo_endsWithTheChecklistsAnswer_neverTheOppositeVerdict() {
        QuickDemo.Run demo = QuickDemo.get();
        String text = demo.out();
        assertThat(demo.code()).as(text).isZero();
        String story = text.substring(text.indexOf("the checklist's answer:"));
        assertThat(story).containsPattern("\n  chat users: (REJECTED, TTFT p50 \\+1[0-9]\\.[0-9] %|INCONCLUSIVE)")
                .containsPattern("\n  batch: (ACCEPTED|INCONCLUSIVE), output tokens/s")
                .containsPattern("\n  longest wait \\(E2E from scheduled, p99\\) in the matrix: baseline [0-9,]+ ms,"
                        + " candidate [0-9,]+ ms\n$");
        assertThat(story).doesNotContain("chat users: ACCEPTED").doesNotContain("batch: REJECTED");
    }
}
