package dev.infergate.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.workload.BundledTokenizer;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceWorkloadTest {
    @TempDir
    Path dir;

    @Test
    void equalHashIds_giveEqualPromptBlocks_ofExactLength_andOtherIdsDiffer() throws IOException {
        Path file = dir.resolve("t.jsonl");
        Files.writeString(file, """
                {"timestamp": 0, "input_length": 1100, "output_length": 7, "hash_ids": [0, 1, 2]}
                {"timestamp": 10, "input_length": 1030, "output_length": 9, "hash_ids": [0, 1, 3]}
                {"timestamp": 20, "input_length": 700, "output_length": 3, "hash_ids": [5, 1]}
                """);
        BundledTokenizer cl100k = BundledTokenizer.cl100k();
        TraceWorkload w = new TraceWorkload(TraceSpec.of(file, null, TraceWindow.ALL, 1, 0), cl100k, 3, 11);
        RequestSpec a = w.spec(0);
        RequestSpec b = w.spec(1);
        RequestSpec c = w.spec(2);
        assertThat(a.inputTokens()).isEqualTo(1100);
        assertThat(cl100k.count(a.prompt())).isEqualTo(1100);
        assertThat(cl100k.count(b.prompt())).isEqualTo(1030);
        assertThat(a.maxTokens()).isEqualTo(7);
        assertThat(b.maxTokens()).isEqualTo(9);
        assertThat(b.source()).isEqualTo("t.jsonl line 2");
        String[] wa = a.prompt().trim().split(" ");
        String[] wb = b.prompt().trim().split(" ");
        String[] wc = c.prompt().trim().split(" ");
        // the first two blocks (1,024 words) are equal, the third differs
        assertThat(String.join(" ", java.util.Arrays.copyOf(wa, 1024))).isEqualTo(String.join(" ", java.util.Arrays.copyOf(wb, 1024)));
        assertThat(String.join(" ", java.util.Arrays.copyOfRange(wa, 1024, 1030)))
                .isNotEqualTo(String.join(" ", java.util.Arrays.copyOfRange(wb, 1024, 1030)));
        // id 1 in the second place behind another first block: the same words, a different prefix
        assertThat(String.join(" ", java.util.Arrays.copyOfRange(wc, 512, 700)))
                .isEqualTo(String.join(" ", java.util.Arrays.copyOfRange(wa, 512, 700)));
        assertThat(wc[0] + wc[1] + wc[2]).isNotEqualTo(wa[0] + wa[1] + wa[2]);
        // a pure function of file, seed, salt and id
        TraceWorkload again = new TraceWorkload(TraceSpec.of(file, null, TraceWindow.ALL, 1, 0), cl100k, 3, 11);
        assertThat(again.spec(1)).isEqualTo(b);
        TraceWorkload salted = new TraceWorkload(TraceSpec.of(file, null, TraceWindow.ALL, 1, 0), cl100k, 3, 12);
        assertThat(salted.spec(1).prompt()).isNotEqualTo(b.prompt());
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("kind", "trace").containsEntry("requests", 3)
                .containsEntry("repeated_blocks", 3L).containsEntry("input_lengths_exact", true);
    }

    @Test
    void aJsonlLinesOwnPromptOrMessages_areSentAsWritten_andCountedByTheTokenizer() throws IOException {
        Path file = dir.resolve("literal.jsonl");
        Files.writeString(file, """
                {"timestamp": 0, "prompt": "Summarise the plot of Hamlet in two lines.", "output_length": 7}
                {"timestamp": 5, "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Why is the sky blue?"}], "output_length": 9, "input_length": 999}
                {"timestamp": 9, "input_length": 40, "output_length": 3}
                """);
        BundledTokenizer cl100k = BundledTokenizer.cl100k();
        TraceWorkload w = new TraceWorkload(TraceSpec.of(file, TraceFormat.JSONL, TraceWindow.ALL, 1, 0), cl100k, 3, 11);
        RequestSpec a = w.spec(0);
        assertThat(a.prompt()).isEqualTo("Summarise the plot of Hamlet in two lines.");
        assertThat(a.inputTokens()).isEqualTo(cl100k.count(a.prompt()));
        assertThat(a.maxTokens()).isEqualTo(7);
        RequestSpec b = w.spec(1);
        assertThat(b.messages()).containsExactly(new Message("system", "Be brief."), new Message("user", "Why is the sky blue?"));
        assertThat(b.inputTokens()).as("the tokenizer's count, not the line's input_length")
                .isEqualTo(cl100k.count("Be brief.") + cl100k.count("Why is the sky blue?"));
        assertThat(cl100k.count(w.spec(2).prompt())).as("a line of lengths stays synthetic").isEqualTo(40);
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("literal_inputs", 2L);
    }

    @Test
    void aMalformedLiteral_stopsWithOneLineNamingTheLine() throws IOException {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, """
                {"timestamp": 0, "prompt": "fine", "output_length": 7}
                {"timestamp": 5, "messages": [{"role": "user", "content": [{"type": "image_url"}]}], "output_length": 9}
                """);
        assertThatThrownBy(() -> new TraceWorkload(TraceSpec.of(file, TraceFormat.JSONL, TraceWindow.ALL, 1, 0),
                BundledTokenizer.cl100k(), 3, 11))
                .isInstanceOf(WorkloadException.class)
                .hasMessage("bad.jsonl line 2: \"messages\" must be a non-empty array of {\"role\": ..., \"content\": \"text\"}"
                        + " (a message's content is not a string)");
        Files.writeString(file, "{\"timestamp\": 0, \"prompt\": \"x\", \"hash_ids\": [1], \"output_length\": 7}\n");
        assertThatThrownBy(() -> new TraceWorkload(TraceSpec.of(file, TraceFormat.JSONL, TraceWindow.ALL, 1, 0),
                BundledTokenizer.cl100k(), 3, 11))
                .hasMessageContaining("line 1: give \"hash_ids\" or the input itself");
    }
}
