package dev.infergate.client.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Responses API's event payloads and bodies, written by hand from the documented schema (no capture exists). */
class ResponsesDecoderTest {

    private final ResponsesDecoder decoder = new ResponsesDecoder();

    /** Decodes as the stream does: UTF-8 bytes in the middle of a larger buffer. */
    private Chunk decode(String json) {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        byte[] buffer = new byte[payload.length + 5];
        Arrays.fill(buffer, (byte) '{');
        System.arraycopy(payload, 0, buffer, 3, payload.length);
        return decoder.decode(buffer, 3, payload.length);
    }

    private Chunk decodeBody(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return decoder.decodeBody(bytes, 0, bytes.length);
    }

    @Test
    void outputTextDelta_isAnswerOutput() {
        Chunk c = decode("{\"type\":\"response.output_text.delta\",\"item_id\":\"msg_1\",\"output_index\":0,"
                + "\"content_index\":0,\"delta\":\"k\u00e1\",\"sequence_number\":4}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.hasAnswer()).isTrue();
        assertThat(c.hasReasoning()).isFalse();
        assertThat(c.content()).isEqualTo("k\u00e1");
    }

    @Test
    void theTypeMayComeAfterTheDelta() {
        Chunk c = decode("{\"delta\":\"x\",\"sequence_number\":4,\"type\":\"response.output_text.delta\"}");
        assertThat(c.hasAnswer()).isTrue();
        assertThat(c.content()).isEqualTo("x");
    }

    @Test
    void anEmptyDelta_carriesNoOutput() {
        assertThat(decode("{\"type\":\"response.output_text.delta\",\"delta\":\"\"}").hasOutput()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"response.reasoning_text.delta", "response.reasoning_summary_text.delta", "response.reasoning.delta"})
    void reasoningDeltas_areReasoningNotAnswer(String type) {
        Chunk c = decode("{\"type\":\"" + type + "\",\"delta\":\"hmm\"}");
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.hasReasoning()).isTrue();
        assertThat(c.hasAnswer()).isFalse();
        assertThat(c.reasoning()).isEqualTo("hmm");
    }

    @Test
    void functionCallArgumentDeltas_areToolCallOutput() {
        Chunk c = decode("{\"type\":\"response.function_call_arguments.delta\",\"item_id\":\"fc_1\",\"output_index\":0,"
                + "\"delta\":\"{\\\"q\\\":\"}");
        assertThat(c.hasOutput()).isTrue();
        assertThat(c.hasAnswer()).isTrue();
        assertThat(c.hasToolCall()).isTrue();
        assertThat(c.toolArguments().toString()).isEqualTo("{\"q\":");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"type\":\"response.created\",\"response\":{\"id\":\"r\",\"status\":\"in_progress\",\"output\":[],\"usage\":null}}",
        "{\"type\":\"response.output_text.done\",\"text\":\"the whole text again\"}",
        "{\"type\":\"response.content_part.done\",\"part\":{\"type\":\"output_text\",\"text\":\"the whole text again\"}}",
        "{\"type\":\"response.output_item.done\",\"item\":{\"type\":\"message\",\"content\":[{\"type\":\"output_text\",\"text\":\"again\"}]}}",
        "{\"type\":\"response.function_call_arguments.done\",\"arguments\":\"{}\"}",
        "{\"type\":\"response.some_future_event\",\"delta\":\"not ours to count\"}"
    })
    void lifecycleAndDoneEvents_carryNoOutput(String json) {
        Chunk c = decode(json);
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isFalse();
        assertThat(c.finishReason()).isNull();
    }

    @Test
    void responseCompleted_endsWithStop_andCarriesUsage_butItsOutputIsNotCountedAgain() {
        Chunk c = decode("{\"type\":\"response.completed\",\"sequence_number\":9,\"response\":{\"id\":\"r\",\"status\":\"completed\","
                + "\"output\":[{\"type\":\"message\",\"content\":[{\"type\":\"output_text\",\"text\":\"Hello\"}]}],"
                + "\"usage\":{\"input_tokens\":12,\"input_tokens_details\":{\"cached_tokens\":8},\"output_tokens\":6,"
                + "\"output_tokens_details\":{\"reasoning_tokens\":2},\"total_tokens\":18}}}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.hasOutput()).isFalse();
        assertThat(c.finishReason()).isEqualTo("stop");
        assertThat(c.hasUsage()).isTrue();
        assertThat(c.promptTokens()).isEqualTo(12);
        assertThat(c.completionTokens()).isEqualTo(6);
        assertThat(c.cachedTokens()).isEqualTo(8);
        assertThat(c.reasoningTokens()).isEqualTo(2);
    }

    @Test
    void responseIncomplete_atMaxOutputTokens_isLength() {
        Chunk c = decode("{\"type\":\"response.incomplete\",\"response\":{\"status\":\"incomplete\","
                + "\"incomplete_details\":{\"reason\":\"max_output_tokens\"},\"usage\":{\"input_tokens\":3,\"output_tokens\":5}}}");
        assertThat(c.finishReason()).isEqualTo("length");
        assertThat(c.completionTokens()).isEqualTo(5);
        assertThat(decode("{\"type\":\"response.incomplete\",\"response\":{\"incomplete_details\":{\"reason\":\"content_filter\"}}}")
                .finishReason()).isEqualTo("content_filter");
    }

    @Test
    void responseFailed_isAnError_withTheResponsesMessage() {
        Chunk c = decode("{\"type\":\"response.failed\",\"response\":{\"status\":\"failed\",\"error\":{\"code\":\"server_error\","
                + "\"message\":\"The model crashed\"}}}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.ERROR);
        assertThat(c.errorMessage()).isEqualTo("The model crashed");
    }

    @Test
    void anErrorEvent_isAnError_withItsMessage_orItsCode() {
        Chunk c = decode("{\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"message\":\"Slow down\",\"param\":null}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.ERROR);
        assertThat(c.errorMessage()).isEqualTo("Slow down");
        assertThat(decode("{\"type\":\"error\",\"code\":\"overloaded\"}").errorMessage()).isEqualTo("overloaded");
    }

    @Test
    void notJson_isMalformed_andACutObjectIsTruncated() {
        assertThat(decode("event: nope").kind()).isEqualTo(Chunk.Kind.MALFORMED);
        assertThat(decode("[1,2]").kind()).isEqualTo(Chunk.Kind.MALFORMED);
        Chunk cut = decode("{\"type\":\"response.output_text.delta\",\"delta\":\"ab");
        assertThat(cut.kind()).isEqualTo(Chunk.Kind.MALFORMED);
        assertThat(cut.truncated()).isTrue();
        assertThat(decode("{\"type\":\"x\"} {}").kind()).as("trailing content").isEqualTo(Chunk.Kind.MALFORMED);
    }

    @Test
    void aWholeBody_givesReasoningAnswerUsageAndFinish() {
        Chunk c = decodeBody("{\"id\":\"r\",\"object\":\"response\",\"status\":\"completed\",\"output\":["
                + "{\"content\":[{\"type\":\"reasoning_text\",\"text\":\"think\"}],\"type\":\"reasoning\",\"summary\":[]},"
                + "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"Hi \"},"
                + "{\"type\":\"output_text\",\"text\":\"there\"}]}],"
                + "\"usage\":{\"input_tokens\":4,\"output_tokens\":3,\"input_tokens_details\":{\"cached_tokens\":0}}}");
        assertThat(c.kind()).isEqualTo(Chunk.Kind.CHUNK);
        assertThat(c.reasoning()).isEqualTo("think");
        assertThat(c.content()).isEqualTo("Hi there");
        assertThat(c.hasReasoning()).isTrue();
        assertThat(c.hasAnswer()).isTrue();
        assertThat(c.finishReason()).isEqualTo("stop");
        assertThat(c.completionTokens()).isEqualTo(3);
        assertThat(c.cachedTokens()).isZero();
    }

    @Test
    void aWholeBody_withAFunctionCall_isToolOutput() {
        Chunk c = decodeBody("{\"object\":\"response\",\"status\":\"incomplete\",\"incomplete_details\":{\"reason\":\"max_output_tokens\"},"
                + "\"output\":[{\"type\":\"function_call\",\"name\":\"search\",\"call_id\":\"c1\",\"arguments\":\"{\\\"q\\\":1}\"}]}");
        assertThat(c.hasToolCall()).isTrue();
        assertThat(c.toolArguments().toString()).isEqualTo("{\"q\":1}");
        assertThat(c.finishReason()).isEqualTo("length");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"error\":{\"message\":\"bad model\",\"type\":\"invalid_request_error\"}}",
        "{\"object\":\"error\",\"message\":\"bad model\",\"type\":\"BadRequestError\",\"code\":400}",
        "{\"object\":\"response\",\"status\":\"failed\",\"error\":{\"message\":\"bad model\"}}"
    })
    void errorBodies_areErrors(String json) {
        Chunk c = decodeBody(json);
        assertThat(c.kind()).isEqualTo(Chunk.Kind.ERROR);
        assertThat(c.errorMessage()).isEqualTo("bad model");
    }
}
