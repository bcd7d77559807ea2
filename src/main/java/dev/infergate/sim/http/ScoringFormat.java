package dev.infergate.sim.http;

import dev.infergate.sim.engine.Tokenizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The body of a rerank or score answer as vLLM writes it. Rerank: {@code id}, {@code model}, {@code usage} and
 * {@code results}, best first and cut to {@code top_n}, each with {@code index}, {@code relevance_score} and (unless
 * {@code return_documents} is false) {@code document.text}. Score: {@code object: list} with one {@code data} entry per
 * pair ({@code object: score}, {@code score}), in request order. A pair's score lies in (0, 1) and is drawn from its
 * tokens' hash: the same pair, the same score. Usage counts every pair's tokens ({@code prompt_tokens} and
 * {@code total_tokens}; nothing is generated).
 */
final class ScoringFormat {
    private final String id;
    private final long createdEpochSeconds;
    private final String model;
    private final ScoringRequest request;

    ScoringFormat(String id, long createdEpochSeconds, String model, ScoringRequest request) {
        this.id = id;
        this.createdEpochSeconds = createdEpochSeconds;
        this.model = model;
        this.request = request;
    }

    /** The score of the {@code index}-th pair, in (0, 1). */
    double score(int index) {
        long bits = Tokenizer.mix(Arrays.hashCode(request.pairs().get(index)) * 0x9E3779B97F4A7C15L);
        return ((bits >>> 11) + 0.5) / (1L << 53);
    }

    String body(int promptTokens) {
        StringBuilder sb = new StringBuilder(256 + request.documents().size() * 64);
        sb.append("{\"id\":").append(Json.quote(id));
        if (!request.rerank()) {
            sb.append(",\"object\":\"list\",\"created\":").append(createdEpochSeconds);
        }
        sb.append(",\"model\":").append(Json.quote(model));
        String usage = "\"usage\":{\"prompt_tokens\":" + promptTokens + ",\"total_tokens\":" + promptTokens + "}";
        if (request.rerank()) {
            sb.append(",").append(usage).append(",\"results\":[");
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < request.documents().size(); i++) {
                order.add(i);
            }
            order.sort(Comparator.comparingDouble((Integer i) -> score(i)).reversed());
            for (int k = 0; k < request.topN(); k++) {
                int i = order.get(k);
                sb.append(k == 0 ? "" : ",").append("{\"index\":").append(i);
                if (request.returnDocuments()) {
                    sb.append(",\"document\":{\"text\":").append(Json.quote(request.documents().get(i))).append("}");
                }
                sb.append(",\"relevance_score\":").append(score(i)).append("}");
            }
            return sb.append("]}").toString();
        }
        sb.append(",\"data\":[");
        for (int i = 0; i < request.documents().size(); i++) {
            sb.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"object\":\"score\",\"score\":")
                    .append(score(i)).append("}");
        }
        return sb.append("],").append(usage).append("}").toString();
    }
}
