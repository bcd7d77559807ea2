package dev.infergate.quality;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.analysis.quality.TokenLogprob;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.json.Json;
import dev.infergate.quality.eval.EvalItem;
import dev.infergate.workload.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OpenAI request for one evaluation item and the reading of its (non-streaming) answer. Requests are
 * deterministic: {@code temperature: 0}, {@code top_p: 1}, a fixed {@code seed}; log-probs are asked for in
 * the form of each API (chat: {@code logprobs: true, top_logprobs: k}; completions: {@code logprobs: k}).
 */
final class AnswerProtocol {
    private static final ObjectMapper JSON = Json.COMPACT;

    /** What a server answered. */
    record Answer(String text, String finishReason, int outputTokens, List<TokenLogprob> logprobs) {}

    private AnswerProtocol() {}

    static String request(Endpoint endpoint, EvalItem item, QualityPlan plan) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", endpoint.model());
        if (endpoint.api() == Api.CHAT) {
            ArrayNode messages = body.putArray("messages");
            for (Message m : item.messages()) {
                messages.addObject().put("role", m.role()).put("content", m.content());
            }
        } else {
            body.put("prompt", item.promptText());
        }
        body.put("max_tokens", plan.maxTokens());
        body.put("temperature", 0);
        body.put("top_p", 1);
        body.put("seed", plan.seed());
        body.put("stream", false);
        if (plan.topLogprobs() > 0) {
            if (endpoint.api() == Api.CHAT) {
                body.put("logprobs", true);
                body.put("top_logprobs", plan.topLogprobs());
            } else {
                body.put("logprobs", plan.topLogprobs());
            }
        }
        return body.toString();
    }

    /** Reads a 2xx body; IllegalArgumentException naming what is missing when it is not an answer. */
    static Answer parse(String body, Api api) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("the response is not JSON", e);
        }
        JsonNode choice = root.path("choices").path(0);
        if (choice.isMissingNode()) {
            throw new IllegalArgumentException("the response has no choices");
        }
        JsonNode text = api == Api.CHAT ? choice.path("message").path("content") : choice.path("text");
        String finish = choice.hasNonNull("finish_reason") ? choice.get("finish_reason").asText() : null;
        int tokens = root.path("usage").path("completion_tokens").asInt(-1);
        JsonNode lp = choice.path("logprobs");
        List<TokenLogprob> logprobs = lp.isObject() ? (api == Api.CHAT ? chatLogprobs(lp) : completionLogprobs(lp)) : null;
        if (logprobs == null && lp.isObject() && api != Api.CHAT) {
            logprobs = chatLogprobs(lp); // llama-server answers completions with the chat form, logprobs.content[]
        }
        return new Answer(text.isNull() || text.isMissingNode() ? "" : text.asText(), finish, tokens, logprobs);
    }

    /** Chat: {@code logprobs.content[] = {token, logprob, top_logprobs: [{token, logprob}]}}. */
    private static List<TokenLogprob> chatLogprobs(JsonNode lp) {
        if (!lp.path("content").isArray()) {
            return null;
        }
        List<TokenLogprob> out = new ArrayList<>();
        for (JsonNode t : lp.get("content")) {
            Map<String, Double> top = new LinkedHashMap<>();
            for (JsonNode alt : t.path("top_logprobs")) {
                top.putIfAbsent(alt.path("token").asText(), alt.path("logprob").asDouble());
            }
            out.add(new TokenLogprob(t.path("token").asText(), t.path("logprob").asDouble(), top));
        }
        return out;
    }

    /** Completions: {@code logprobs = {tokens[], token_logprobs[], top_logprobs: [{token: logprob}]}}. */
    private static List<TokenLogprob> completionLogprobs(JsonNode lp) {
        if (!lp.path("tokens").isArray()) {
            return null;
        }
        List<TokenLogprob> out = new ArrayList<>();
        for (int i = 0; i < lp.get("tokens").size(); i++) {
            Map<String, Double> top = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = lp.path("top_logprobs").path(i).fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                top.put(e.getKey(), e.getValue().asDouble());
            }
            out.add(new TokenLogprob(lp.get("tokens").get(i).asText(), lp.path("token_logprobs").path(i).asDouble(), top));
        }
        return out;
    }
}
