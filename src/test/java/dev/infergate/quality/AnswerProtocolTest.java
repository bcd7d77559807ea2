package dev.infergate.quality;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.client.Api;
import org.junit.jupiter.api.Test;

class AnswerProtocolTest {
    @Test
    void completionsLogprobs_inLlamaServersChatForm_areRecognised() {
        // llama-server answers /v1/completions with logprobs.content[], the chat form, not tokens[]/token_logprobs[]
        String body = "{\"choices\":[{\"text\":\" 4\",\"index\":0,\"finish_reason\":\"stop\",\"logprobs\":{\"content\":["
                + "{\"id\":29946,\"token\":\" 4\",\"bytes\":[32,52],\"logprob\":-0.25,\"top_logprobs\":["
                + "{\"id\":29946,\"token\":\" 4\",\"logprob\":-0.25},{\"id\":29945,\"token\":\" 3\",\"logprob\":-1.5}]}]}}],"
                + "\"usage\":{\"completion_tokens\":1,\"prompt_tokens\":9}}";
        AnswerProtocol.Answer a = AnswerProtocol.parse(body, Api.COMPLETIONS);
        assertThat(a.logprobs()).hasSize(1);
        assertThat(a.logprobs().get(0).token()).isEqualTo(" 4");
        assertThat(a.logprobs().get(0).logprob()).isEqualTo(-0.25);
        assertThat(a.logprobs().get(0).top()).containsEntry(" 3", -1.5);
    }

    @Test
    void completionsLogprobs_inTheOpenAiForm_stillRead() {
        String body = "{\"choices\":[{\"text\":\" 4\",\"index\":0,\"finish_reason\":\"stop\",\"logprobs\":{\"tokens\":[\" 4\"],"
                + "\"token_logprobs\":[-0.25],\"top_logprobs\":[{\" 4\":-0.25,\" 3\":-1.5}]}}]}";
        AnswerProtocol.Answer a = AnswerProtocol.parse(body, Api.COMPLETIONS);
        assertThat(a.logprobs()).hasSize(1);
        assertThat(a.logprobs().get(0).top()).containsEntry(" 3", -1.5);
    }
}
