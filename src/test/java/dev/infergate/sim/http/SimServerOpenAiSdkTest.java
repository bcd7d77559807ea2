package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import com.openai.models.completions.Completion;
import com.openai.models.completions.CompletionCreateParams;
import com.openai.models.completions.CompletionUsage;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTTP surface as a real client sees it: the official OpenAI Java SDK against the server on loopback. */
class SimServerOpenAiSdkTest {
    private static SimServer server;
    private static OpenAIClient client;
    private static String model;

    @BeforeAll
    static void start() {
        server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 7);
        model = server.profile().model();
        client = OpenAIOkHttpClient.builder().baseUrl(server.baseUrl()).apiKey("x")
                .timeout(Duration.ofSeconds(30)).maxRetries(0).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    static String words(int n, String word) {
        return IntStream.range(0, n).mapToObj(i -> word + i).collect(Collectors.joining(" "));
    }

    private static ChatCompletionCreateParams.Builder chat(String prompt, int maxTokens) {
        return ChatCompletionCreateParams.builder().model(model).addUserMessage(prompt).maxCompletionTokens(maxTokens)
                .putAdditionalBodyProperty("ignore_eos", JsonValue.from(true));
    }

    @Test
    void streamingChat_sendsRoleFirst_thenExactlyMaxTokensOfText_thenUsage() {
        ChatCompletionCreateParams params = chat(words(12, "tell"), 20)
                .streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build()).build();

        List<ChatCompletionChunk> chunks;
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(params)) {
            chunks = stream.stream().toList();
        }

        assertThat(chunks.get(0).choices().get(0).delta().role()).hasValueSatisfying(
                r -> assertThat(r.asString()).isEqualTo("assistant"));
        String text = chunks.stream().flatMap(c -> c.choices().stream())
                .map(c -> c.delta().content().orElse("")).collect(Collectors.joining());
        assertThat(text.strip().split(" ")).hasSize(20);
        assertThat(chunks.stream().flatMap(c -> c.choices().stream()).filter(c -> c.finishReason().isPresent())
                .map(c -> c.finishReason().get().asString())).containsExactly("length");
        ChatCompletionChunk last = chunks.get(chunks.size() - 1);
        assertThat(last.choices()).isEmpty();
        CompletionUsage usage = last.usage().orElseThrow();
        assertThat(usage.promptTokens()).isEqualTo(12);
        assertThat(usage.completionTokens()).isEqualTo(20);
        assertThat(usage.totalTokens()).isEqualTo(32);
    }

    @Test
    void streamingCompletions_streamsTextAndUsage() {
        CompletionCreateParams params = CompletionCreateParams.builder().model(model).prompt(words(9, "once"))
                .maxTokens(15).putAdditionalBodyProperty("ignore_eos", JsonValue.from(true))
                .streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build()).build();

        List<Completion> chunks;
        try (StreamResponse<Completion> stream = client.completions().createStreaming(params)) {
            chunks = stream.stream().toList();
        }

        String text = chunks.stream().flatMap(c -> c.choices().stream()).map(c -> c.text()).collect(Collectors.joining());
        assertThat(text.strip().split(" ")).hasSize(15);
        CompletionUsage usage = chunks.get(chunks.size() - 1).usage().orElseThrow();
        assertThat(usage.promptTokens()).isEqualTo(9);
        assertThat(usage.completionTokens()).isEqualTo(15);
    }

    @Test
    void nonStreamingChat_returnsTheWholeAnswerWithUsage() {
        ChatCompletion answer = client.chat().completions().create(chat(words(5, "hello"), 8).build());

        assertThat(answer.choices().get(0).message().content().orElseThrow().strip().split(" ")).hasSize(8);
        assertThat(answer.choices().get(0).finishReason().asString()).isEqualTo("length");
        assertThat(answer.usage().orElseThrow().completionTokens()).isEqualTo(8);
    }

    @Test
    void nonStreamingCompletions_returnsTheWholeAnswer() {
        Completion answer = client.completions().create(CompletionCreateParams.builder().model(model)
                .prompt(words(3, "x")).maxTokens(4).putAdditionalBodyProperty("ignore_eos", JsonValue.from(true)).build());

        assertThat(answer.choices().get(0).text().strip().split(" ")).hasSize(4);
    }

    @Test
    void repeatedLongPrompt_reportsCachedTokensInWholeBlocks() {
        String prompt = words(100, "shared");
        client.chat().completions().create(chat(prompt, 2).build());

        ChatCompletion again = client.chat().completions().create(chat(prompt, 2).build());

        long cached = again.usage().orElseThrow().promptTokensDetails().orElseThrow().cachedTokens().orElseThrow();
        assertThat(cached).isEqualTo(96); // 6 full blocks of 16; the prompt's last 4 tokens are computed
    }

    @Test
    void unknownModel_isA404() {
        assertThatThrownBy(() -> client.chat().completions().create(ChatCompletionCreateParams.builder()
                .model("gpt-nope").addUserMessage("hi").build()))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("gpt-nope");
    }

    @Test
    void requestBeyondTheContext_isA400() {
        assertThatThrownBy(() -> client.chat().completions().create(chat("hi", 1_000_000).build()))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("maximum context length");
    }
}
