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
 * {@code max_tokens} ({@code max_output_tokens} for the Responses API); when {@code exactOutput} is on,
 * {@code ignore_eos} and {@code min_tokens} (accepted by vLLM, SGLang, llama.cpp) make the server generate
 * exactly that many tokens, so runs compare like for like. Streaming chat and completions requests ask for
 * usage ({@code stream_options.include_usage}) so output tokens are the server's count, not a guess; the
 * Responses API always sends usage in {@code response.completed} and has no such option. Embeddings send only
 * {@code model} and {@code input}: no output, no stream. Rerank sends {@code query} and {@code documents}, score
 * {@code text_1} and the list {@code text_2} (vLLM's forms), both cut from the input by {@link PairedInput}. The endpoint's {@link ExtraBody} is merged in last:
 * a field it sets replaces the one written here.
 */
public final class RequestEncoder {
    private static final JsonFactory JSON = new JsonFactory();

    private RequestEncoder() {}

    public static byte[] encode(RequestSpec spec, Endpoint endpoint, boolean exactOutput) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(spec.inputTokens() * 6 + 256);
        ExtraBody extra = endpoint.extraBody();
        Api api = endpoint.api();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            if (!extra.has("model")) {
                g.writeStringField("model", endpoint.model());
            }
            if (api.pairsDocuments()) {
                writePairs(g, PairedInput.split(spec.asPrompt(), endpoint.documents()), api, extra);
            } else {
                writeInput(g, spec, api, extra);
            }
            if (api.generates()) {
                writeGeneration(g, spec, endpoint, exactOutput);
            }
            extra.writeTo(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeInput(JsonGenerator g, RequestSpec spec, Api api, ExtraBody extra) throws IOException {
        if (extra.has("messages") || extra.has("prompt") || extra.has("input")) {
            return; // the extra body brings the input itself
        }
        switch (api) {
            case CHAT -> writeMessages(g, "messages", spec);
            case RESPONSES -> writeMessages(g, "input", spec); // input items of the easy form {role, content}
            case COMPLETIONS -> g.writeStringField("prompt", spec.asPrompt());
            case EMBEDDINGS -> g.writeStringField("input", spec.asPrompt());
            case RERANK, SCORE -> throw new IllegalStateException("rerank and score input is written by writePairs");
        }
    }

    /** A rerank's {@code query} and {@code documents}, or a score's {@code text_1} and {@code text_2}. */
    private static void writePairs(JsonGenerator g, PairedInput input, Api api, ExtraBody extra) throws IOException {
        String queryField = api == Api.RERANK ? "query" : "text_1";
        String documentsField = api == Api.RERANK ? "documents" : "text_2";
        if (!extra.has(queryField)) {
            g.writeStringField(queryField, input.query());
        }
        if (!extra.has(documentsField)) {
            g.writeArrayFieldStart(documentsField);
            for (String d : input.documents()) {
                g.writeString(d);
            }
            g.writeEndArray();
        }
    }

    private static void writeMessages(JsonGenerator g, String field, RequestSpec spec) throws IOException {
        g.writeArrayFieldStart(field);
        for (Message m : spec.asMessages()) {
            g.writeStartObject();
            g.writeStringField("role", m.role());
            g.writeStringField("content", m.content());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeGeneration(JsonGenerator g, RequestSpec spec, Endpoint endpoint, boolean exactOutput)
            throws IOException {
        ExtraBody extra = endpoint.extraBody();
        boolean responses = endpoint.api() == Api.RESPONSES;
        String maxField = responses ? "max_output_tokens" : "max_tokens";
        if (!extra.has(maxField)) {
            g.writeNumberField(maxField, spec.maxTokens());
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
        if (endpoint.stream() && !responses && !extra.has("stream_options")) {
            g.writeObjectFieldStart("stream_options");
            g.writeBooleanField("include_usage", true);
            g.writeEndObject();
        }
    }
}
