package dev.infergate.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.infergate.workload.MediaPart;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

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
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 1024,
                spec.inputTokens() * 6L + 256 + (spec.imageBytes() + spec.audioBytes()) * 4 / 3 + spec.media().size() * 64L));
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
        if (api != Api.CHAT) {
            requireTextOnly(spec, api); // refused before the run; a spec built by hand must not lose them silently
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

    private static void requireTextOnly(RequestSpec spec, Api api) {
        if (!spec.media().isEmpty()) {
            throw new IllegalArgumentException("images and audio are sent with --api chat only, not " + api.key());
        }
    }

    private static void writeMessages(JsonGenerator g, String field, RequestSpec spec) throws IOException {
        g.writeArrayFieldStart(field);
        List<Message> messages = spec.asMessages();
        int withMedia = spec.media().isEmpty() ? -1 : lastUser(messages);
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            g.writeStartObject();
            g.writeStringField("role", m.role());
            if (i == withMedia) {
                writeParts(g, m.content(), spec.media());
            } else {
                g.writeStringField("content", m.content());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The last user message, which carries the media (the question is asked about them); else the last message. */
    private static int lastUser(List<Message> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                return i;
            }
        }
        return messages.size() - 1;
    }

    /**
     * OpenAI's content parts: the text first ({@code {"type": "text", "text": ...}}), then each image as
     * {@code {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,..."}}} and each clip as
     * {@code {"type": "input_audio", "input_audio": {"data": base64, "format": "wav"}}}, the forms vLLM, SGLang and
     * OpenAI's own chat API accept.
     */
    private static void writeParts(JsonGenerator g, String text, List<MediaPart> media) throws IOException {
        g.writeArrayFieldStart("content");
        g.writeStartObject();
        g.writeStringField("type", "text");
        g.writeStringField("text", text);
        g.writeEndObject();
        for (MediaPart part : media) {
            g.writeStartObject();
            if (part instanceof MediaPart.Image image) {
                g.writeStringField("type", "image_url");
                g.writeObjectFieldStart("image_url");
                g.writeStringField("url", image.url());
                g.writeEndObject();
            } else if (part instanceof MediaPart.Audio audio) {
                g.writeStringField("type", "input_audio");
                g.writeObjectFieldStart("input_audio");
                g.writeStringField("data", audio.base64());
                g.writeStringField("format", audio.format());
                g.writeEndObject();
            }
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
