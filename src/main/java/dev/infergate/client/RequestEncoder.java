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
 * count, not a guess. The endpoint's {@link ExtraBody} is merged in last: a field it sets replaces the one
 * written here.
 */
public final class RequestEncoder {
    private static final JsonFactory JSON = new JsonFactory();

    private RequestEncoder() {}

    public static byte[] encode(RequestSpec spec, Endpoint endpoint, boolean exactOutput) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(spec.inputTokens() * 6 + 256);
        ExtraBody extra = endpoint.extraBody();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            if (!extra.has("model")) {
                g.writeStringField("model", endpoint.model());
            }
            if (extra.has("messages") || extra.has("prompt")) {
                // the extra body brings the input itself
            } else if (endpoint.api() == Api.CHAT) {
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
            if (!extra.has("max_tokens")) {
                g.writeNumberField("max_tokens", spec.maxTokens());
            }
            if (exactOutput) {
                if (!extra.has("ignore_eos")) {
                    g.writeBooleanField("ignore_eos", true);
                }
                if (!extra.has("min_tokens")) {
                    g.writeNumberField("min_tokens", spec.maxTokens());
                }
            }
            if (!extra.has("stream")) {
                g.writeBooleanField("stream", endpoint.stream());
            }
            if (endpoint.stream() && !extra.has("stream_options")) {
                g.writeObjectFieldStart("stream_options");
                g.writeBooleanField("include_usage", true);
                g.writeEndObject();
            }
            extra.writeTo(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
