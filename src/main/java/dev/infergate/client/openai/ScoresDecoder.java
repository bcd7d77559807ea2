package dev.infergate.client.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Decodes the whole body of a rerank answer ({@code results: [{index, relevance_score, document}]}, vLLM's Jina/Cohere
 * form) or a score answer ({@code data: [{index, object: "score", score}]}). Nothing is generated, so a success has no
 * output and {@code completion_tokens} 0; its input tokens are {@code usage.prompt_tokens}, or {@code total_tokens}
 * where the server sends only that (vLLM's rerank usage). Error bodies are read as {@link ChunkDecoder} reads them; a
 * JSON object with no non-empty {@code results} or {@code data} list is {@link Chunk.Kind#MALFORMED}, with a message
 * saying so: a server that answered 200 without scores did not do the work. Never streamed.
 */
public final class ScoresDecoder implements PayloadDecoder {
    private final ChunkDecoder chunks = new ChunkDecoder();

    @Override
    public Chunk decode(byte[] data, int off, int len) {
        return decodeBody(data, off, len); // never streamed; a stray event is judged as a body
    }

    @Override
    public Chunk decodeBody(byte[] body, int off, int len) {
        Chunk chunk = chunks.decodeBody(body, off, len);
        if (chunk.kind != Chunk.Kind.CHUNK) {
            return chunk; // an error object, or not JSON
        }
        int scores = 0;
        int totalTokens = -1;
        try (JsonParser p = ChunkDecoder.JSON.createParser(body, off, len)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (("results".equals(name) || "data".equals(name)) && value == JsonToken.START_ARRAY) {
                    scores += countObjects(p);
                } else if ("usage".equals(name) && value == JsonToken.START_OBJECT) {
                    totalTokens = totalTokens(p);
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            scores = 0; // ChunkDecoder read it as JSON, so this is not expected; judged as no scores
        }
        if (scores == 0) {
            chunk.reset();
            chunk.kind = Chunk.Kind.MALFORMED;
            chunk.errorMessage = "a 2xx answer without scores (no non-empty results or data list)";
            return chunk;
        }
        if (chunk.promptTokens < 0) {
            chunk.promptTokens = totalTokens;
        }
        if (chunk.promptTokens >= 0) {
            chunk.completionTokens = 0;
        }
        return chunk;
    }

    private static int countObjects(JsonParser p) throws IOException {
        int count = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            count += t == JsonToken.START_OBJECT ? 1 : 0;
            p.skipChildren();
        }
        return count;
    }

    private static int totalTokens(JsonParser p) throws IOException {
        int total = -1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if ("total_tokens".equals(name)) {
                total = ChunkDecoder.intOr(p, v, -1);
            } else {
                p.skipChildren();
            }
        }
        return total;
    }
}
