package dev.infergate.sim.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.sim.engine.Tokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * One rerank or score request as the simulator reads it, in vLLM's forms: rerank ({@code /rerank}, {@code /v1/rerank},
 * {@code /v2/rerank}; Jina/Cohere-compatible) takes {@code query}, a list {@code documents} of strings, and optional
 * {@code top_n} and {@code return_documents}; score ({@code /score}, {@code /v1/score}) takes {@code text_1} and
 * {@code text_2}, each a string or a list of strings: one against many, or pairwise when both lists have the same
 * length. A cross-encoder reads each (query, document) pair as one sequence, so the work charged is the prefill of
 * every pair's tokens together: {@link #promptIds()}.
 *
 * @param rerank    whether this is a rerank request (else score)
 * @param documents the documents' texts (rerank echoes them back)
 * @param pairs     each pair's token ids: the query's, then the document's
 * @param topN      how many results a rerank answer carries, best first ({@code documents} when not asked)
 * @param returnDocuments whether a rerank answer repeats each document's text
 */
record ScoringRequest(boolean rerank, List<String> documents, List<int[]> pairs, int topN, boolean returnDocuments) {

    /** Every pair's tokens, one after another: what the engine prefills. */
    int[] promptIds() {
        return RequestParser.concat(pairs);
    }

    static ScoringRequest parseRerank(JsonNode body, RequestParser parser, int maxModelLen) {
        requireObject(body);
        parser.checkModel(body);
        JsonNode query = body.get("query");
        if (query == null || !query.isTextual()) {
            throw ApiError.badRequest("query", "query must be a string.");
        }
        List<String> documents = texts(body.get("documents"), "documents");
        JsonNode topNode = body.get("top_n");
        int topN = topNode == null || topNode.isNull() || topNode.asInt() <= 0 ? documents.size()
                : Math.min(topNode.asInt(), documents.size());
        if (topNode != null && !topNode.isNull() && !topNode.isInt()) {
            throw ApiError.badRequest("top_n", "top_n must be an integer.");
        }
        JsonNode returnDocuments = body.get("return_documents");
        List<int[]> pairs = new ArrayList<>();
        for (String d : documents) {
            pairs.add(pair(query.asText(), d, maxModelLen));
        }
        return new ScoringRequest(true, documents, pairs, topN, returnDocuments == null || returnDocuments.asBoolean(true));
    }

    static ScoringRequest parseScore(JsonNode body, RequestParser parser, int maxModelLen) {
        requireObject(body);
        parser.checkModel(body);
        List<String> first = texts(body.get("text_1"), "text_1");
        List<String> second = texts(body.get("text_2"), "text_2");
        if (first.size() > 1 && first.size() != second.size()) {
            throw ApiError.badRequest("text_1", "text_1 must be one text, or as many texts as text_2 (" + second.size()
                    + "), not " + first.size() + ".");
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < second.size(); i++) {
            pairs.add(pair(first.get(first.size() == 1 ? 0 : i), second.get(i), maxModelLen));
        }
        return new ScoringRequest(false, second, pairs, second.size(), false);
    }

    /** A string, or a non-empty list of strings. */
    private static List<String> texts(JsonNode node, String name) {
        List<String> texts = new ArrayList<>();
        if (node != null && node.isTextual()) {
            texts.add(node.asText());
        } else if (node != null && node.isArray()) {
            for (JsonNode item : node) {
                if (!item.isTextual()) {
                    throw ApiError.badRequest(name, name + " must hold strings (other forms are not simulated).");
                }
                texts.add(item.asText());
            }
        }
        if (texts.isEmpty()) {
            throw ApiError.badRequest(name, name + " must be a string or a non-empty list of strings.");
        }
        return texts;
    }

    private static int[] pair(String query, String document, int maxModelLen) {
        int[] ids = RequestParser.concat(List.of(Tokenizer.encode(query), Tokenizer.encode(document)));
        if (ids.length == 0) {
            throw ApiError.badRequest(null, "A query and document pair has no tokens"
                    + " (the simulator counts one token per whitespace-separated word).");
        }
        if (ids.length > maxModelLen) {
            throw ApiError.badRequest(null, "This model's maximum context length is " + maxModelLen
                    + " tokens. However, a query and document pair has " + ids.length + " tokens.");
        }
        return ids;
    }

    private static void requireObject(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest(null, "The request body must be a JSON object.");
        }
    }
}
