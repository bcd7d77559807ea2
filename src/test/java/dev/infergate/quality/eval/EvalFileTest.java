package dev.infergate.quality.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.quality.EvalHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalFileTest {
    @TempDir
    Path dir;

    @Test
    void read_takesPromptsMessagesAndEveryScorerForm() throws IOException {
        Path file = write("""
                {"prompt": "Capital of France?", "answer": "Paris"}
                # a comment

                {"id": "q2", "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "2+2?"}], "answer": 4, "scorer": "numeric"}
                {"prompt": "pi?", "answer": "3.14159", "scorer": {"type": "numeric", "tolerance": 0.01}}
                {"prompt": "Pick", "answer": "E", "scorer": "choice"}
                {"prompt": "City", "answer": "\\\\bparis\\\\b", "scorer": "regex"}
                """);
        List<EvalItem> items = EvalFile.read(file);
        assertThat(items).extracting(EvalItem::id).containsExactly("line-1", "q2", "line-5", "line-6", "line-7");
        assertThat(items.get(1).messages()).hasSize(2);
        assertThat(items.get(1).promptText()).isEqualTo("2+2?");
        assertThat(items.get(1).scorer()).isEqualTo(new Scorer.Numeric(0));
        assertThat(items.get(2).scorer()).isEqualTo(new Scorer.Numeric(0.01));
        assertThat(items.get(3).scorer()).isEqualTo(new Scorer.Choice("ABCDE"));
        assertThat(items.get(4).correct("It is Paris.")).isTrue();
    }

    @Test
    void read_namesFileLineAndProblem() throws IOException {
        assertThatThrownBy(() -> EvalFile.read(write("{\"prompt\": \"x\", \"answer\": \"1\"}\n{\"answer\": \"1\"}\n")))
                .hasMessageEndingWith("line 2: needs 'prompt' (a string) or 'messages' (a non-empty array)");
        assertThatThrownBy(() -> EvalFile.read(write("{\"prompt\": \"x\", \"answer\": \"1\", \"scorer\": \"bleu\"}")))
                .hasMessageEndingWith("line 1: scorer 'bleu' is unknown; use exact, numeric, regex or choice");
        assertThatThrownBy(() -> EvalFile.read(write("{\"prompt\": \"x\", \"answer\": \"many\", \"scorer\": \"numeric\"}")))
                .hasMessageEndingWith("line 1: answer 'many' holds no number for the numeric scorer");
        assertThatThrownBy(() -> EvalFile.read(write("{\"prompt\": \"x\", \"answer\": \"Z\", \"scorer\": {\"type\": \"choice\", \"letters\": \"ABC\"}}")))
                .hasMessageEndingWith("line 1: answer 'Z' must be one of the choice letters ABC");
        assertThatThrownBy(() -> EvalFile.read(write("not json")))
                .hasMessageContaining("line 1 is not JSON");
        assertThatThrownBy(() -> EvalFile.read(dir.resolve("missing.jsonl")))
                .hasMessageContaining("does not exist; give a bundled set (arithmetic, word-problems, multiple-choice) or a JSONL file");
    }

    @Test
    void evalSet_refusesDuplicateIds() throws IOException {
        Path file = write("{\"id\": \"a\", \"prompt\": \"x\", \"answer\": \"1\"}\n{\"id\": \"a\", \"prompt\": \"y\", \"answer\": \"2\"}");
        assertThatThrownBy(() -> EvalSet.load(file.toString(), 0, 0)).hasMessageEndingWith("item id 'a' appears twice");
    }

    @Test
    void evalSet_takesTheFirstItemsOfAFile() throws IOException {
        Path file = write("{\"prompt\": \"x\", \"answer\": \"1\"}\n{\"prompt\": \"y\", \"answer\": \"2\"}\n{\"prompt\": \"z\", \"answer\": \"3\"}");
        assertThat(EvalSet.load(file.toString(), 0, 2).items()).hasSize(2);
        assertThat(EvalSet.load(file.toString(), 0, 0).items()).hasSize(3);
        assertThat(EvalSet.load("arithmetic", 4, 12).header()).isEqualTo(new EvalHeader("arithmetic", "bundled", 4, 12));
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "eval", ".jsonl");
        return Files.writeString(f, text);
    }
}
