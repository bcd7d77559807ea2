package dev.infergate.client.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The output side of a usage object's details: {@code completion_tokens_details} (chat completions, as vLLM and
 * OpenAI send it) or {@code output_tokens_details} (the Responses API). Both hold {@code reasoning_tokens}, the
 * server's own count of the output tokens that were reasoning: exact where counting reasoning events is not (a
 * server that streams several tokens per event).
 */
final class UsageDetails {
    private UsageDetails() {}

    /** {@code reasoning_tokens} of the details object whose value token is {@code value}; -1 when absent or not a number. */
    static int reasoningTokens(JsonParser p, JsonToken value) throws IOException {
        if (!ChunkDecoder.enterObject(p, value)) {
            return -1;
        }
        int reasoning = -1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if ("reasoning_tokens".equals(name)) {
                reasoning = ChunkDecoder.intOr(p, v, -1);
            } else {
                p.skipChildren();
            }
        }
        return reasoning;
    }
}
