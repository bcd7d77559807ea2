package dev.infergate.analysis.quality;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * quality.json's header: what a quality run asked, written before its figures. A part a result file does not carry is
 * null and left out (the server's version and the model are written even when null: a run that asked a server which did
 * not say).
 *
 * @param startedAt     when the run started (ISO-8601 text)
 * @param endpoint      the endpoint as {@code client.Endpoint#describe()} writes it (base URL, API, header names, ...):
 *                      a JSON tree because analysis does not import client
 * @param model         the model asked
 * @param serverVersion what the server said it was, or null
 * @param eval          the eval set asked
 * @param sampling      how answers were sampled
 * @param concurrency   requests in flight at most
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record QualityHeader(String startedAt, JsonNode endpoint, @JsonInclude(JsonInclude.Include.ALWAYS) String model,
        @JsonInclude(JsonInclude.Include.ALWAYS) String serverVersion, EvalHeader eval, Sampling sampling,
        Integer concurrency) {
    public QualityHeader {
        if (eval == null) {
            throw new IllegalArgumentException("eval must be set");
        }
    }

    /** A header that names only the eval set (a result rebuilt from items whose run is not known). */
    public static QualityHeader of(EvalHeader eval) {
        return new QualityHeader(null, null, null, null, eval, null, null);
    }

    /**
     * How answers were sampled: greedy (temperature 0, top_p 1) with a seed, never streamed.
     *
     * @param maxTokens   the answer's token limit
     * @param topLogprobs alternatives asked per token (0 for none)
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Sampling(int temperature, int topP, long seed, int maxTokens, int topLogprobs, boolean stream) {
        /** Greedy, seeded, whole answers: how infergate asks every quality item. */
        public static Sampling greedy(long seed, int maxTokens, int topLogprobs) {
            return new Sampling(0, 1, seed, maxTokens, topLogprobs, false);
        }
    }
}
