package dev.infergate.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Encodes a {@link RequestSpec} as an OpenAI request body. Output length is asked for with
 * {@code max_tokens}; when {@code exactOutput} is on, {@code ignore_eos} and {@code min_tokens} (accepted by
 * vLLM, SGLang, llama.cpp) make the server generate exactly that many tokens, so runs compare like for like.
 * Streaming requests ask for usage ({@code stream_options.include_usage}) so output tokens are the server's
 * count, not a guess.
 */
public final class RequestEncoder {
    private static final JsonFactory JSON = new JsonFactory();

    private RequestEncoder() {}

    public static byte[] encode(RequestSpec spec, Endpoint endpoint, boolean exactOutput) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(spec.inputTokens() * 6 + 256);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("model", endpoint.model());
            if (endpoint.api() == Api.CHAT) {
                g.writeArrayFieldStart("messages");
                for (Message m : spec.asMessages()) {
                    g.writeStartObject();
                    g.writeStringField("role", m.role());
                    g.writeStringField("content", m.content());
                    g.writeEndObject();
                }
                g.writeEndArray();
            } else {
                g.writeStringField("prompt", spec.asPrompt());
            }
            g.writeNumberField("max_tokens", spec.maxTokens());
            if (exactOutput) {
                g.writeBooleanField("ignore_eos", true);
                g.writeNumberField("min_tokens", spec.maxTokens());
            }
            g.writeBooleanField("stream", endpoint.stream());
            if (endpoint.stream()) {
                g.writeObjectFieldStart("stream_options");
                g.writeBooleanField("include_usage", true);
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
