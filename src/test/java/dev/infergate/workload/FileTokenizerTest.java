package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hand-written WordLevel tokenizer.json (test resources): whitespace pre-tokenizer, one token per word
 * (unknown words are [UNK], still one), and a BOS token {@code <s>} added in front of every text.
 */
class FileTokenizerTest {
    @TempDir
    Path dir;

    private static Path modelDir() throws URISyntaxException {
        return Path.of(FileTokenizerTest.class.getResource("/tokenizers/wordlevel/tokenizer.json").toURI()).getParent();
    }

    @Test
    void countsLikeTheModel_withItsBos_fromTheFileOrItsDirectory_withoutTruncating() throws Exception {
        FileTokenizer fromDir = FileTokenizer.load(modelDir());
        FileTokenizer fromFile = FileTokenizer.load(modelDir().resolve("tokenizer.json"));
        assertThat(fromDir.name()).isEqualTo("file:wordlevel");
        assertThat(fromFile.name()).isEqualTo("file:tokenizer.json");
        assertThat(fromDir.count("")).isEqualTo(1); // the BOS alone
        assertThat(fromDir.count(" the river house")).isEqualTo(4);
        assertThat(fromFile.count(" unknown words count too")).isEqualTo(5);
        assertThat(fromDir.countAll(List.of("the", " the time water", " the".repeat(5000)))).containsExactly(2, 4, 5001);
    }

    @Test
    void promptsAreExactUnderIt_theBosMeasuredAsTheConstantOverhead() throws Exception {
        PromptFactory factory = PromptFactory.calibrate(FileTokenizer.load(modelDir()), 7);
        assertThat(factory.exact()).isTrue();
        assertThat(factory.overheadTokens()).isEqualTo(1);
        FileTokenizer t = FileTokenizer.load(modelDir());
        for (int tokens : new int[] {2, 17, 512, 3000}) {
            PromptFactory.Prompt p = factory.build(3, tokens, null);
            assertThat(p.tokens()).isEqualTo(tokens);
            assertThat(t.count(p.text())).isEqualTo(tokens);
        }
    }

    @Test
    void aMissingOrBadFile_isOneLineNamingIt() throws Exception {
        assertThatThrownBy(() -> FileTokenizer.load(dir)).isInstanceOf(WorkloadException.class)
                .hasMessage("--tokenizer-file " + dir + ": no tokenizer.json in this directory; give a tokenizer.json or the model directory holding it");
        Path bad = Files.writeString(dir.resolve("tokenizer.json"), "{\"model\": 3}");
        assertThatThrownBy(() -> FileTokenizer.load(bad)).isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith("--tokenizer-file " + bad + ": not a tokenizer.json");
    }
}
