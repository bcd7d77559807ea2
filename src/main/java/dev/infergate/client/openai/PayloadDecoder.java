package dev.infergate.client.openai;

import java.nio.charset.StandardCharsets;

/**
 * Decodes one API's payloads into a {@link Chunk}: an SSE event's {@code data} while streaming, or a whole
 * non-streaming (or error) body. One implementation per wire format: {@link ChunkDecoder} for chat and
 * completions (and embeddings bodies, which carry only usage), {@link ResponsesDecoder} for the Responses API.
 * Implementations never throw on bad input and reuse the returned {@link Chunk}; one decoder per response.
 */
public interface PayloadDecoder {

    /** Decodes one SSE {@code data} payload given as UTF-8 bytes; the result is valid until the next call. */
    Chunk decode(byte[] data, int off, int len);

    /** Decodes one SSE {@code data} payload given as text (failure paths only): its UTF-8 bytes, decoded as above. */
    default Chunk decode(String data) {
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        return decode(bytes, 0, bytes.length);
    }

    /** Decodes a whole non-streaming response body, or an error body; the result is valid until the next call. */
    Chunk decodeBody(byte[] body, int off, int len);
}
