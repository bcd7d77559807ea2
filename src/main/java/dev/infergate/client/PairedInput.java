package dev.infergate.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The input of one rerank or score request: a query and the documents to score against it. The workload's input
 * text (its {@code --input-tokens} words) is cut on whitespace into {@code documents + 1} runs of equal length, the
 * first the query and the rest the documents, so the words sent are the words the workload counted and a rerank
 * run's input tokens stay comparable with any other run's. A server scores each (query, document) pair, so its own
 * token count is about {@code documents} times the query plus the documents (plus its template's special tokens).
 *
 * @param query     the query ({@code query} for rerank, {@code text_1} for score)
 * @param documents the documents ({@code documents} for rerank, {@code text_2} for score), never empty
 */
public record PairedInput(String query, List<String> documents) {
    /** The most documents one request may carry: far above any reranker's usual top-k, low enough to bound a body. */
    public static final int MAX_DOCUMENTS = 1024;

    public PairedInput {
        if (query == null || query.isEmpty()) {
            throw new IllegalArgumentException("query (" + query + ") must not be empty");
        }
        documents = List.copyOf(documents);
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("documents (0) must be >= 1");
        }
    }

    /**
     * Cuts {@code text} into a query and {@code count} documents of equal word counts (the first runs take one word more
     * when they do not divide evenly); a text of fewer words than runs repeats its last word, so every part has one.
     */
    public static PairedInput split(String text, int count) {
        if (count < 1 || count > MAX_DOCUMENTS) {
            throw new IllegalArgumentException("documents (" + count + ") must be between 1 and " + MAX_DOCUMENTS);
        }
        String[] words = Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toArray(String[]::new);
        if (words.length == 0) {
            words = new String[] {"query"};
        }
        int parts = count + 1;
        List<String> runs = new ArrayList<>(parts);
        int start = 0;
        for (int i = 0; i < parts; i++) {
            int length = words.length / parts + (i < words.length % parts ? 1 : 0);
            runs.add(length == 0 ? words[words.length - 1] : String.join(" ", Arrays.copyOfRange(words, start, start + length)));
            start += length;
        }
        return new PairedInput(runs.get(0), runs.subList(1, parts));
    }
}
