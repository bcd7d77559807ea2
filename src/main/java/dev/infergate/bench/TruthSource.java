package dev.infergate.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Where the harness gets the server's truths after a benchmark point: in-process, or over HTTP. */
public interface TruthSource {

    /** Returns and forgets the truths recorded so far. */
    List<StreamTruth> drain() throws IOException;

    /** The truths of a metronome server in another process, from its {@code GET /bench/truths}. */
    static TruthSource remote(String serverRoot) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        URI uri = URI.create(serverRoot + "/bench/truths");
        return () -> {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    throw new IOException(uri + " answered " + r.statusCode() + "; is it an infergate metronome server?");
                }
                List<StreamTruth> out = new ArrayList<>();
                r.body().lines().filter(l -> !l.isBlank()).forEach(l -> out.add(StreamTruth.parse(l)));
                return out;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading " + uri, e);
            }
        };
    }
}
