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
 * {@code delivery: incremental}, {@code delivery: buffered} or {@code delivery: {flush_every: 500ms}}.
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

    /** Reads the three YAML forms; anything else is an error naming the accepted forms. */
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
            if (node.isObject() && node.size() == 1 && node.has("flush_every")) {
                return new FlushEvery(DurationText.parse("delivery.flush_every", node.get("flush_every").asText()));
            }
            throw new IllegalArgumentException("delivery (" + node + ") must be incremental, buffered"
                    + " or {flush_every: 500ms}");
        }
    }
}
