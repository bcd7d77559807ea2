package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetWorkloadTest {
    private static final Tokenizer CL100K = BundledTokenizer.cl100k();

    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private static Workload load(Path file, WorkloadDefinition.Builder builder) {
        return builder.dataset(file, null).build().create(CL100K);
    }

    @Test
    void jsonl_readsPromptsAndMessages_withOptionalMaxTokens() throws IOException {
        Path file = write("d.jsonl", """
                {"prompt": "Tell me a story about a river.", "max_tokens": 40}

                {"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Why is the sky blue?"}]}
                """);
        DatasetLoader.Loaded loaded = DatasetLoader.load(file, DatasetFormat.JSONL, CL100K);
        assertThat(loaded.items()).hasSize(2);
        DatasetItem prompt = loaded.items().get(0);
        assertThat(prompt.prompt()).isEqualTo("Tell me a story about a river.");
        assertThat(prompt.inputTokens()).isEqualTo(CL100K.count("Tell me a story about a river."));
        assertThat(prompt.maxTokens()).isEqualTo(40);
        assertThat(prompt.source()).isEqualTo("d.jsonl:1");
        DatasetItem chat = loaded.items().get(1);
        assertThat(chat.messages()).containsExactly(new Message("system", "Be brief."), Message.user("Why is the sky blue?"));
        assertThat(chat.inputTokens()).isEqualTo(CL100K.count("Be brief.") + CL100K.count("Why is the sky blue?"));
        assertThat(chat.maxTokens()).isNull();
        assertThat(chat.source()).isEqualTo("d.jsonl:3");
    }

    @Test
    void jsonl_outputLength_comesFromTheFile_elseTheDefault_unlessOverridden() throws IOException {
        Path file = write("d.jsonl", "{\"prompt\": \"a\", \"max_tokens\": 40}\n{\"prompt\": \"b\"}\n");
        Workload fromFile = load(file, WorkloadDefinition.builder());
        Set<Integer> maxTokens = new HashSet<>();
        for (long id = 0; id < 4; id++) {
            RequestSpec spec = fromFile.spec(id);
            maxTokens.add(spec.maxTokens());
            assertThat(spec.maxTokens()).isEqualTo(spec.prompt().equals("a") ? 40 : 128);
        }
        assertThat(maxTokens).containsExactlyInAnyOrder(40, 128);
        Workload overridden = load(file, WorkloadDefinition.builder().outputTokens(new LengthDistribution.Fixed(7)));
        assertThat(overridden.spec(0).maxTokens()).isEqualTo(7);
        assertThat(overridden.spec(1).maxTokens()).isEqualTo(7);
    }

    @Test
    void shareGpt_usesTheFirstHumanTurn_andTheReplyLength_skippingUnusableConversations() throws IOException {
        Path file = write("sg.json", """
                [
                  {"id": "a", "conversations": [
                    {"from": "system", "value": "ignored"},
                    {"from": "human", "value": "What is a prefix cache?"},
                    {"from": "gpt", "value": "It keeps the keys and values of a prompt's first tokens."},
                    {"from": "human", "value": "second turn"}]},
                  {"id": "b", "conversations": [{"from": "human", "value": "no reply"}]},
                  {"id": "c", "conversations": []}
                ]
                """);
        DatasetLoader.Loaded loaded = DatasetLoader.load(file, DatasetFormat.SHAREGPT, CL100K);
        assertThat(loaded.skipped()).isEqualTo(2);
        DatasetItem item = loaded.items().get(0);
        assertThat(item.prompt()).isEqualTo("What is a prefix cache?");
        assertThat(item.maxTokens()).isEqualTo(CL100K.count("It keeps the keys and values of a prompt's first tokens."));
        assertThat(item.source()).isEqualTo("sg.json:2");
        Workload w = load(file, WorkloadDefinition.builder());
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("dataset_format", "sharegpt").containsEntry("skipped", 2);
        assertThat(w.spec(0).maxTokens()).isEqualTo(item.maxTokens());
    }

    @Test
    void order_isASeededPermutation_thatWrapsAround() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            lines.append("{\"prompt\": \"item ").append(i).append("\"}\n");
        }
        Path file = write("many.jsonl", lines.toString());
        Workload w = load(file, WorkloadDefinition.builder().seed(1));
        Set<String> firstPass = new HashSet<>();
        for (long id = 0; id < 50; id++) {
            firstPass.add(w.spec(id).prompt());
            assertThat(w.spec(id + 50).prompt()).isEqualTo(w.spec(id).prompt());
        }
        assertThat(firstPass).hasSize(50);
        List<String> inFileOrder = java.util.stream.IntStream.range(0, 50).mapToObj(i -> "item " + i).toList();
        List<String> seeded = java.util.stream.LongStream.range(0, 50).mapToObj(id -> w.spec(id).prompt()).toList();
        assertThat(seeded).isNotEqualTo(inFileOrder);
        Workload again = load(file, WorkloadDefinition.builder().seed(1));
        Workload otherSeed = load(file, WorkloadDefinition.builder().seed(2));
        assertThat(again.spec(17)).isEqualTo(w.spec(17));
        assertThat(java.util.stream.LongStream.range(0, 50).mapToObj(id -> otherSeed.spec(id).prompt()).toList())
                .isNotEqualTo(seeded);
    }

    @Test
    void jsonlErrors_nameTheFileTheLineAndTheProblem() throws IOException {
        Path bad = write("bad.jsonl", "{\"prompt\": \"ok\"}\n{\"prompt\": \"unterminated\n");
        assertThatThrownBy(() -> DatasetLoader.load(bad, DatasetFormat.JSONL, CL100K))
                .isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith(bad + " line 2: not valid JSON (")
                .hasNoSuppressedExceptions();
        Path neither = write("neither.jsonl", "{\"prompt\": \"ok\"}\n\n{\"text\": \"x\"}\n");
        assertThatThrownBy(() -> DatasetLoader.load(neither, DatasetFormat.JSONL, CL100K))
                .hasMessage(neither + " line 3: expected exactly one of \"prompt\" (a string) or \"messages\" (a non-empty array)");
        Path max = write("max.jsonl", "{\"prompt\": \"ok\", \"max_tokens\": 0}\n");
        assertThatThrownBy(() -> DatasetLoader.load(max, DatasetFormat.JSONL, CL100K))
                .hasMessage(max + " line 1: \"max_tokens\" must be an integer >= 1, not 0");
        Path message = write("msg.jsonl", "{\"messages\": [{\"role\": \"user\"}]}\n");
        assertThatThrownBy(() -> DatasetLoader.load(message, DatasetFormat.JSONL, CL100K))
                .hasMessage(message + " line 1: each message needs a text \"role\" and \"content\"");
    }

    @Test
    void shareGptErrors_nameTheFileTheLineAndTheProblem() throws IOException {
        Path notArray = write("o.json", "{\"conversations\": []}");
        assertThatThrownBy(() -> DatasetLoader.load(notArray, DatasetFormat.SHAREGPT, CL100K))
                .hasMessage(notArray + " line 1: expected a JSON array of conversations");
        Path noConversations = write("n.json", "[\n {\"conversations\": []},\n {\"turns\": []}\n]");
        assertThatThrownBy(() -> DatasetLoader.load(noConversations, DatasetFormat.SHAREGPT, CL100K))
                .hasMessage(noConversations + " line 3: expected an object with a \"conversations\" array");
        Path broken = write("b.json", "[\n {\"conversations\": [\n  {\"from\": \"human\" \"value\": \"x\"}]}\n]");
        assertThatThrownBy(() -> DatasetLoader.load(broken, DatasetFormat.SHAREGPT, CL100K))
                .hasMessageStartingWith(broken + " line 3: not valid JSON (");
        Path empty = write("e.json", "[{\"conversations\": [{\"from\": \"human\", \"value\": \"x\"}]}]");
        assertThatThrownBy(() -> DatasetLoader.load(empty, DatasetFormat.SHAREGPT, CL100K))
                .hasMessage(empty + ": no usable entries in this sharegpt dataset");
    }

    @Test
    void aMissingFile_isAWorkloadError() {
        Path missing = dir.resolve("missing.jsonl");
        assertThatThrownBy(() -> DatasetLoader.load(missing, DatasetFormat.JSONL, CL100K))
                .isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith(missing + ": cannot read dataset (");
    }
}
