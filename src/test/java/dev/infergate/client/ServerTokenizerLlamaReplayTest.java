package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.workload.PromptFactory;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Prompt lengths against llama-server's own tokenizer, replayed from its real answers (tokenize.jsonl): the
 * SentencePiece dummy prefix ({@code " the"} is two tokens, the empty text none) must be measured as the constant
 * overhead, not read off the empty text, or no word looks like one token and lengths are never exact.
 */
class ServerTokenizerLlamaReplayTest {
    @Test
    void theReplay_composesEveryCapturedRunOfWords_asTheServerCountedIt() throws Exception {
        try (LlamaTokenizeReplay replay = new LlamaTokenizeReplay()) {
            Map<LlamaTokenizeReplay.Asked, Integer> runs = replay.capturedRuns();
            assertThat(runs).hasSize(8); // 2, 10, 100 and 1,000 words, with and without special tokens
            runs.forEach((asked, count) -> assertThat(replay.composed(asked.content(), asked.addSpecial()))
                    .as("%d words", asked.content().trim().split(" ").length).hasSize(count));
        }
    }

    @Test
    void promptsBuiltWithLlamasTokenizer_areExact() throws Exception {
        try (LlamaTokenizeReplay replay = new LlamaTokenizeReplay();
                HttpExecutor http = new HttpExecutor(new Endpoint(URI.create(replay.baseUrl()), Api.COMPLETIONS,
                        "random-llama", true, Map.of(), null, false, false, Duration.ofSeconds(5)), 4, 1)) {
            ServerTokenizer tokenizer = ServerTokenizer.detect(http);
            assertThat(tokenizer).isNotNull();
            assertThat(tokenizer.dialect()).isEqualTo(ServerTokenizer.Dialect.LLAMA_CPP);

            PromptFactory factory = PromptFactory.calibrate(tokenizer, 7);

            assertThat(factory.exact()).isTrue();
            assertThat(factory.overheadTokens()).isEqualTo(1); // the dummy-prefix piece
            assertThat(factory.vocabularySize()).isGreaterThan(400); // 444 of the 448 built-in words are one piece
            PromptFactory.SharedPrefix prefix = factory.sharedPrefix(0, 200);
            int exact = 0;
            int built = 0;
            for (int tokens : new int[] {2, 16, 64, 257, 1000, 3000}) {
                for (long id = 0; id < 5; id++) {
                    PromptFactory.Prompt fresh = factory.build(id, tokens, null);
                    PromptFactory.Prompt shared = factory.build(100 + id, tokens, prefix);
                    exact += (replay.count(fresh.text()) == tokens ? 1 : 0) + (replay.count(shared.text()) == tokens ? 1 : 0);
                    built += 2;
                    assertThat(fresh.tokens()).isEqualTo(tokens);
                }
            }
            assertThat(exact).as("prompts whose server count is the intended count").isEqualTo(built);
        }
    }
}
