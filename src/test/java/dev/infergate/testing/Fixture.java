package dev.infergate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A real wire capture from {@code src/test/resources/fixtures/llama-server/NAME.jsonl}: the meta line and
 * every {@code read()} of the raw HTTP/1.1 response with its time. See that folder's README.md.
 *
 * @param name   file name without {@code .jsonl}
 * @param meta   the first line ({@code method}, {@code path}, {@code request_body}, {@code t_eof_ns}, ...)
 * @param reads  the socket reads in order; {@link Read#tNanos()} is nanoseconds since the request was sent
 */
public record Fixture(String name, JsonNode meta, List<Read> reads) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One socket read.
     *
     * @param tNanos nanoseconds since the request was sent
     * @param bytes  the raw bytes of the read
     */
    public record Read(long tNanos, byte[] bytes) {
    }

    /** Loads {@code fixtures/llama-server/<name>.jsonl} from the test classpath. */
    public static Fixture load(String name) {
        String resource = "/fixtures/llama-server/" + name + ".jsonl";
        try (InputStream in = Fixture.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + resource + " on the test classpath");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            JsonNode meta = JSON.readTree(lines.readLine());
            List<Read> reads = new ArrayList<>();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode read = JSON.readTree(line);
                reads.add(new Read(read.get("t_ns").asLong(), Base64.getDecoder().decode(read.get("b64").asText())));
            }
            return new Fixture(name, meta, List.copyOf(reads));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read fixture " + resource, e);
        }
    }

    /** When the server closed the connection, in nanoseconds since the request was sent. */
    public long eofNanos() {
        return meta.get("t_eof_ns").asLong();
    }

    /** The request body that produced this capture. */
    public JsonNode requestBody() {
        return meta.get("request_body");
    }

    /** All response bytes, as one array. */
    public byte[] allBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reads.forEach(r -> out.writeBytes(r.bytes()));
        return out.toByteArray();
    }

    /** The response split into head and de-chunked body reads, keeping read boundaries and times. */
    public WireResponse response() {
        return WireResponse.parse(reads, eofNanos());
    }
}
