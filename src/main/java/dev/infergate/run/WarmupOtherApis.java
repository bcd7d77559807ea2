package dev.infergate.run;

import io.vertx.core.http.HttpServerResponse;

/**
 * The warm-up stub's answers for {@code /v1/responses}, {@code /v1/embeddings}, {@code /v1/rerank} and {@code /v1/score} ({@link WarmupStub} serves chat and
 * completions): the Responses API's typed events (a few per write, {@code response.completed} with usage, no
 * {@code [DONE]}) or its whole Response object, and an embeddings, rerank or score body, so the warm-up runs the decoder the
 * measured requests will.
 */
final class WarmupOtherApis {
    private static final int EVENTS_PER_WRITE = 8;
    private static final String DELTA = "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\","
            + "\"item_id\":\"msg_w\",\"output_index\":0,\"content_index\":0,\"delta\":\" warm\",\"sequence_number\":1}\n\n";

    private WarmupOtherApis() {}

    static boolean serves(String path) {
        return path.equals("/v1/responses") || path.equals("/v1/embeddings") || path.equals("/v1/rerank")
                || path.equals("/v1/score");
    }

    static void answer(HttpServerResponse response, String path, boolean stream, int events) {
        if (path.equals("/v1/embeddings")) {
            response.putHeader("Content-Type", "application/json").end("{\"object\":\"list\",\"data\":[{\"index\":0,"
                    + "\"object\":\"embedding\",\"embedding\":[0.25,-0.5,0.75,0.125]}],\"usage\":{\"prompt_tokens\":8,"
                    + "\"total_tokens\":8}}");
            return;
        }
        if (path.equals("/v1/rerank") || path.equals("/v1/score")) {
            response.putHeader("Content-Type", "application/json").end(path.equals("/v1/rerank")
                    ? "{\"model\":\"warmup\",\"usage\":{\"total_tokens\":8},\"results\":[{\"index\":0,\"relevance_score\":0.5}]}"
                    : "{\"object\":\"list\",\"data\":[{\"index\":0,\"object\":\"score\",\"score\":0.5}],"
                            + "\"usage\":{\"prompt_tokens\":8,\"total_tokens\":8}}");
            return;
        }
        String usage = "\"usage\":{\"input_tokens\":8,\"input_tokens_details\":{\"cached_tokens\":0},\"output_tokens\":"
                + events + ",\"total_tokens\":" + (events + 8) + "}";
        if (!stream) {
            response.putHeader("Content-Type", "application/json").end("{\"object\":\"response\",\"status\":\"completed\","
                    + "\"output\":[{\"type\":\"message\",\"content\":[{\"type\":\"output_text\",\"text\":\""
                    + " warm".repeat(events) + "\"}]}]," + usage + "}");
            return;
        }
        response.setChunked(true).putHeader("Content-Type", "text/event-stream");
        response.write("event: response.created\ndata: {\"type\":\"response.created\",\"response\":{\"status\":\"in_progress\","
                + "\"output\":[],\"usage\":null},\"sequence_number\":0}\n\n");
        for (int i = 0; i < events; i += EVENTS_PER_WRITE) {
            response.write(DELTA.repeat(Math.min(EVENTS_PER_WRITE, events - i)));
        }
        response.end("event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"status\":\"completed\","
                + "\"output\":[]," + usage + "},\"sequence_number\":2}\n\n");
    }
}
