package dev.infergate.sim.profile;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.io.IOException;
import java.time.Duration;

/**
 * How generated tokens reach the client when it asked for {@code stream: true}. In YAML:
 * {@code delivery: incremental}, {@code delivery: buffered}, {@code delivery: gzip_buffered} or
 * {@code delivery: {flush_every: 500ms}}.
 */
@JsonDeserialize(using = Delivery.Reader.class)
public sealed interface Delivery {

    /** Each SSE event leaves as soon as its tokens are generated (what vLLM does). */
    record Incremental() implements Delivery {}

    /**
     * Headers leave at once, then nothing until the answer is complete, then every event at once: a proxy or
     * managed endpoint that buffers the body although the client asked for a stream.
     */
    record Buffered() implements Delivery {}

    /** Events are held and released in bursts every {@code interval} (a buffering proxy with a flush timer). */
    record FlushEvery(Duration interval) implements Delivery {
        public FlushEvery {
            if (interval == null || interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("delivery.flush_every (" + interval + ") must be > 0");
            }
        }
    }

    /**
     * A gateway with gzip on for {@code text/event-stream} and buffering in front of an incremental server (nginx's
     * {@code gzip on} with proxy buffering): a client that asks for gzip ({@code Accept-Encoding}) gets the whole stream
     * compressed in one write at its end, one that does not gets every event as it is generated. Users' clients (the
     * OpenAI SDKs, browsers) ask for gzip; a measuring client that does not would see a stream they never get.
     */
    record GzipBufferedWhenAsked() implements Delivery {}

    /** Reads the YAML forms; anything else is an error naming the accepted forms. */
    final class Reader extends JsonDeserializer<Delivery> {
        @Override
        public Delivery deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode node = p.readValueAsTree();
            if (node.isTextual() && node.asText().equals("incremental")) {
                return new Incremental();
            }
            if (node.isTextual() && node.asText().equals("buffered")) {
                return new Buffered();
            }
            if (node.isTextual() && node.asText().equals("gzip_buffered")) {
                return new GzipBufferedWhenAsked();
            }
            if (node.isObject() && node.size() == 1 && node.has("flush_every")) {
                return new FlushEvery(DurationText.parse("delivery.flush_every", node.get("flush_every").asText()));
            }
            throw new IllegalArgumentException("delivery (" + node + ") must be incremental, buffered, gzip_buffered"
                    + " or {flush_every: 500ms}");
        }
    }
}
