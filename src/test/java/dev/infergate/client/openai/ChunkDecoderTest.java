package dev.infergate.client.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkDecoderTest {

    private final ChunkDecoder decoder = new ChunkDecoder();

    /** Decodes as the stream does: UTF-8 bytes in the middle of a larger buffer (the SSE parser's). */
    private Chunk decode(String json) {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        byte[] buffer = new byte[payload.length + 5];
        java.util.Arrays.fill(buffer, (byte) '{');
        System.arraycopy(payload, 0, buffer, 3, payload.length);
        return decoder.decode(buffer, 3, payload.length);
    }

    private Chunk decodeBody(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return decoder.decodeBody(bytes, 0, bytes.length);
    }

    @Test
    void doneWithSurroundingWhitespace_isDone_butNotWithMoreAfterIt() {
        assertThat(decode("[DONE]").kind()).isEqualTo(Chunk.Kind.DONE);
        assertThat(decode(" [DONE]\r").kind()).isEqualTo(Chunk.Kind.DONE);
        assertThat(decode("[DONE]x").kind()).isEqualTo(Chunk.Kind.MALFORMED);
        assertThat(decoder.decode(" [DONE] ").kind()).as("the text form").isEqualTo(Chunk.Kind.DONE);
    }

    @Test
    void contentDelta_isOutput() {
        Chunk c = decode("{\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"content\":\"k\u00e1\"}}],\"object\":\"chat.completion.chunk\"}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.content()).isEqualTo("k\u00e1");
        assertThat(c.hasUsage()).isFalse();
        assertThat(c.finishReason()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}",
        "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
        "{\"choices\":[{\"index\":0,\"delta\":{}, \"finish_reason\":\"stop\"}]}",
        "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[]}}]}",
        "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"\"}}]}",
        "{\"choices\":[{\"text\":\"\",\"index\":0,\"finish_reason\":\"length\"}]}",
        "{\"choices\":[],\"usage\":{\"completion_tokens\":3,\"prompt_tokens\":5}}",
        "{\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":{\"content\":[{\"token\":\"x\"}]}}]}",
    })
    void roleOnly_empty_null_finishOnly_usageOnly_andLogprobsOnly_carryNoOutput(String json) {
        Chunk c = decode(json);
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isFalse();
    }

    @Test
    void roleAndFinishReason_areReported() {
        assertThat(decode("{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}").hasRole()).isTrue();
        assertThat(decode("{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}").finishReason()).isEqualTo("stop");
    }

    @Test
    void completionsText_isOutput_whateverTheFieldOrder() {
        Chunk c = decode("{\"choices\":[{\"text\":\"Par\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}]}");
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.content()).isEqualTo("Par");
    }

    @ParameterizedTest
    @ValueSource(strings = {"reasoning_content", "reasoning"})
    void reasoningText_isOutput(String field) {
        Chunk c = decode("{\"choices\":[{\"index\":0,\"delta\":{\"" + field + "\":\"hmm\"}}]}");
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.hasReasoning()).isTrue();
        assertThat(c.reasoning()).isEqualTo("hmm");
        assertThat(c.content()).isNull();
    }

    @Test
    void toolCallEntry_isOutput_evenWithoutArguments_andArgumentsAreCollected() {
        Chunk first = decode("{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}}]}");
        assertThat(first.hasOutput()).isTrue();
        assertThat(first.hasToolCall()).isTrue();
        assertThat(first.toolArguments().toString()).isEmpty();
        Chunk next = decode("{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\"}},"
                + "{\"index\":1,\"function\":{\"arguments\":\"{}\"}}]}}]}");
        assertThat(next.toolArguments().toString()).isEqualTo("{\"city\":{}");
    }

    @Test
    void usage_isReadWithCachedTokens_fromChoicesEmptyEvents() {
        Chunk c = decode("{\"choices\":[],\"usage\":{\"completion_tokens\":100,\"prompt_tokens\":61,\"total_tokens\":161,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":60}},\"timings\":{\"cache_n\":60,\"prompt_ms\":1.5}}");
        assertThat(c.hasUsage()).isTrue();
        assertThat(c.completionTokens()).isEqualTo(100);
        assertThat(c.promptTokens()).isEqualTo(61);
        assertThat(c.cachedTokens()).isEqualTo(60);
    }

    @Test
    void usage_nullOrWithoutDetails_leavesCountsAbsent() {
        assertThat(decode("{\"choices\":[],\"usage\":null}").hasUsage()).isFalse();
        Chunk c = decode("{\"choices\":[],\"usage\":{\"completion_tokens\":2,\"prompt_tokens\":null}}");
        assertThat(c.completionTokens()).isEqualTo(2);
        assertThat(c.promptTokens()).isEqualTo(-1);
        assertThat(c.cachedTokens()).isEqualTo(-1);
        assertThat(c.reasoningTokens()).isEqualTo(-1);
    }

    @Test
    void usage_readsReasoningTokens_fromCompletionTokensDetails() {
        Chunk c = decode("{\"choices\":[],\"usage\":{\"completion_tokens\":100,\"prompt_tokens\":61,"
                + "\"completion_tokens_details\":{\"accepted_prediction_tokens\":0,\"reasoning_tokens\":64}}}");
        assertThat(c.completionTokens()).isEqualTo(100);
        assertThat(c.reasoningTokens()).isEqualTo(64);
        assertThat(decode("{\"choices\":[],\"usage\":{\"completion_tokens\":1,\"completion_tokens_details\":null}}")
                .reasoningTokens()).isEqualTo(-1);
    }

    @Test
    void severalChoices_textComesFromIndexZero_outputFromAny() {
        Chunk c = decode("{\"choices\":[{\"index\":1,\"delta\":{\"content\":\"B\",\"tool_calls\":[{\"function\":{\"arguments\":\"x\"}}]}},"
                + "{\"delta\":{\"content\":\"A\"},\"index\":0}]}");
        assertThat(c.content()).isEqualTo("A");
        assertThat(c.toolArguments().toString()).isEmpty();
        assertThat(c.hasToolCall()).isFalse();
        assertThat(c.hasToolCallInAnyChoice()).isTrue();

        Chunk onlySecond = decode("{\"choices\":[{\"index\":0,\"delta\":{}},{\"index\":1,\"delta\":{\"content\":\"B\"}}]}");
        assertThat(onlySecond.hasOutput()).isTrue();
        assertThat(onlySecond.content()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"error\":{\"code\":500,\"message\":\"The model produced output that does not match\",\"type\":\"server_error\"}}",
        "{\"error\":\"The model produced output that does not match\"}",
        "{\"object\":\"error\",\"message\":\"The model produced output that does not match\",\"type\":\"BadRequestError\",\"code\":400}",
    })
    void errorObjects_ofEveryForm_areErrors_withTheirMessage(String json) {
        Chunk c = decode(json);
        assertThat(c.kind()).isEqualTo(Chunk.Kind.ERROR);
        assertThat(c.errorMessage()).isEqualTo("The model produced output that does not match");
    }

    @Test
    void errorWithoutMessage_fallsBackToItsType_andNullErrorIsNoError() {
        assertThat(decode("{\"error\":{\"type\":\"overloaded\"}}").errorMessage()).isEqualTo("overloaded");
        assertThat(decode("{\"error\":null,\"choices\":[]}").kind()).isEqualTo(Chunk.Kind.CHUNK);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[DONE]", " [DONE] "})
    void doneSentinel_isDone(String data) {
        assertThat(decode(data).kind()).isEqualTo(Chunk.Kind.DONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage", "[1,2]", "\"text\"", "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]} trailing",
        "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]}{}", "{\"choices\":[{\"delta\":{\"content\":\"a", ""})
    void anythingButAJsonObject_isMalformed_andNeverThrows(String data) {
        Chunk c = decode(data);
        assertThat(c.kind()).isEqualTo(Chunk.Kind.MALFORMED);
        assertThat(c.hasOutput()).isFalse();
        assertThat(c.content()).isNull();
    }

    @Test
    void cutShortJson_isMarkedTruncated_butInvalidJsonIsNot() {
        assertThat(decodeBody("{\"choices\":[{\"message\":{\"content\":\"a").truncated()).isTrue();
        assertThat(decodeBody("").truncated()).isTrue();
        assertThat(decodeBody("{\"choices\":]").truncated()).isFalse();
    }

    @Test
    void decoderIsReusable_andForgetsThePreviousPayload() {
        decode("{\"choices\":[],\"usage\":{\"completion_tokens\":9}}");
        Chunk c = decode("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}");
        assertThat(c.hasUsage()).isFalse();
        assertThat(c.content()).isEqualTo("x");
    }

    @Test
    void nonStreamingChatBody_givesMessageContentReasoningToolCallsAndUsage() {
        Chunk c = decodeBody("{\"choices\":[{\"finish_reason\":\"tool_calls\",\"index\":0,\"message\":{\"role\":\"assistant\","
                + "\"content\":\"Hi\",\"reasoning_content\":\"think\",\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\","
                + "\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}],"
                + "\"usage\":{\"completion_tokens\":7,\"prompt_tokens\":3,\"prompt_tokens_details\":{\"cached_tokens\":0}}}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isTrue();
        StringBuilder text = new StringBuilder();
        c.appendOutputText(text);
        assertThat(text).hasToString("thinkHi{}");
        assertThat(c.finishReason()).isEqualTo("tool_calls");
        assertThat(c.completionTokens()).isEqualTo(7);
        assertThat(c.cachedTokens()).isZero();
    }

    @Test
    void nonStreamingCompletionsBody_givesText() {
        Chunk c = decodeBody("{\"choices\":[{\"text\":\"Once\",\"index\":0,\"logprobs\":null,\"finish_reason\":\"length\"}],"
                + "\"object\":\"text_completion\",\"usage\":{\"completion_tokens\":1,\"prompt_tokens\":14}}");
        assertThat(c.content()).isEqualTo("Once");
        assertThat(c.hasOutput()).isTrue();
    }
}
