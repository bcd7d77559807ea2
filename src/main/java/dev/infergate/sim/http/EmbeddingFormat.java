package dev.infergate.sim.http;

import java.util.SplittableRandom;

/**
 * The body of a {@code /v1/embeddings} answer as vLLM writes it: {@code object: list}, one {@code data} entry with
 * the vector, and {@code usage} with {@code prompt_tokens} and {@code total_tokens} (no completion tokens). The
 * vector is {@link #DIMENSIONS} floats drawn from the input's hash, unit length: the same input, the same vector.
 */
final class EmbeddingFormat {
    /** The vector's length: that of small sentence-embedding models (e.g. all-MiniLM-L6-v2, bge-small). */
    static final int DIMENSIONS = 384;

    private final String id;
    private final long createdEpochSeconds;
    private final String model;
    private final long inputSeed;

    EmbeddingFormat(String id, long createdEpochSeconds, String model, long inputSeed) {
        this.id = id;
        this.createdEpochSeconds = createdEpochSeconds;
        this.model = model;
        this.inputSeed = inputSeed;
    }

    String body(int promptTokens) {
        StringBuilder sb = new StringBuilder(DIMENSIONS * 12 + 256);
        sb.append("{\"id\":").append(Json.quote(id)).append(",\"object\":\"list\",\"created\":").append(createdEpochSeconds)
                .append(",\"model\":").append(Json.quote(model)).append(",\"data\":[{\"index\":0,\"object\":\"embedding\",")
                .append("\"embedding\":[");
        double[] v = vector();
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append((float) v[i]);
        }
        return sb.append("]}],\"usage\":{\"prompt_tokens\":").append(promptTokens).append(",\"total_tokens\":")
                .append(promptTokens).append(",\"completion_tokens\":0,\"prompt_tokens_details\":null}}").toString();
    }

    double[] vector() {
        SplittableRandom random = new SplittableRandom(inputSeed);
        double[] v = new double[DIMENSIONS];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = random.nextDouble(-1, 1);
            norm += v[i] * v[i];
        }
        double scale = 1 / Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            v[i] *= scale;
        }
        return v;
    }
}
