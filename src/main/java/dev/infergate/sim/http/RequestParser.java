package dev.infergate.sim.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.sim.engine.Tokenizer;
import dev.infergate.sim.profile.SimProfile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Validates request bodies the way vLLM does, answering mistakes with a 400 that names the field. */
final class RequestParser {
    private final SimProfile profile;

    RequestParser(SimProfile profile) {
        this.profile = profile;
    }

    CompletionRequest parse(JsonNode body, boolean chat) {
        requireObject(body);
        checkModel(body);
        int[] promptIds = chat ? chatPrompt(body) : completionPrompt(body);
        String maxName = body.hasNonNull("max_completion_tokens") ? "max_completion_tokens" : "max_tokens";
        return request(body, chat, promptIds, chat ? "messages" : "prompt", maxName,
                chat ? lastMessageText(body) : promptString(body), chat ? toolName(body) : null);
    }

    /**
     * A Responses API body ({@code /v1/responses}): {@code input} (a string, or messages with string or
     * {@code input_text} parts) after {@code instructions}, {@code max_output_tokens}, {@code tools} in the Responses
     * form ({@code {"type": "function", "name": ...}}), and the same simulator fields as chat.
     */
    CompletionRequest parseResponses(JsonNode body) {
        requireObject(body);
        checkModel(body);
        if (body.hasNonNull("stream_options")) {
            throw ApiError.badRequest("stream_options", "The Responses API has no stream_options; usage is always sent.");
        }
        ResponsesInput input = ResponsesInput.read(body);
        return request(body, true, input.promptIds(), "input", "max_output_tokens", input.lastText(), input.toolName());
    }

    /** The checks and fields every generating API shares, vLLM's way. */
    private CompletionRequest request(JsonNode body, boolean chat, int[] promptIds, String inputName, String maxName,
            String promptText, String toolName) {
        if (promptIds.length == 0) {
            throw ApiError.badRequest(inputName, "The prompt has no tokens"
                    + " (the simulator counts one token per whitespace-separated word).");
        }
        if (promptIds.length >= profile.maxModelLen()) {
            throw ApiError.badRequest(inputName, "This model's maximum context length is "
                    + profile.maxModelLen() + " tokens. However, your prompt has " + promptIds.length + " tokens.");
        }
        int room = profile.maxModelLen() - promptIds.length;
        int maxTokens = optionalInt(body.get(maxName), maxName, room);
        if (maxTokens < 1) {
            throw ApiError.badRequest(maxName, maxName + " (" + maxTokens + ") must be at least 1.");
        }
        if (maxTokens > room) {
            throw ApiError.badRequest(maxName, "This model's maximum context length is " + profile.maxModelLen()
                    + " tokens. However, you requested " + (promptIds.length + maxTokens) + " tokens ("
                    + promptIds.length + " in the messages, " + maxTokens + " in the completion). Please reduce the"
                    + " length of the messages or completion.");
        }
        int minTokens = optionalInt(body.get("min_tokens"), "min_tokens", 0);
        if (minTokens < 0 || minTokens > maxTokens) {
            throw ApiError.badRequest("min_tokens", "min_tokens (" + minTokens + ") must be between 0 and "
                    + maxName + " (" + maxTokens + ").");
        }
        int n = optionalInt(body.get("n"), "n", 1);
        if (n != 1) {
            throw ApiError.badRequest("n", "n (" + n + ") must be 1: the simulator generates one choice.");
        }
        boolean stream = optionalBoolean(body.get("stream"), "stream");
        JsonNode options = body.get("stream_options");
        if (options != null && !options.isNull() && !stream) {
            throw ApiError.badRequest("stream_options", "Stream options can only be defined when `stream=True`.");
        }
        boolean includeUsage = options != null && optionalBoolean(options.get("include_usage"), "stream_options.include_usage");
        boolean continuous = options != null
                && optionalBoolean(options.get("continuous_usage_stats"), "stream_options.continuous_usage_stats");
        boolean ignoreEos = optionalBoolean(body.get("ignore_eos"), "ignore_eos");
        long seed = body.hasNonNull("seed") ? optionalLong(body.get("seed"), "seed") : 0L;
        int reasoning = !chat ? 0 : body.hasNonNull("reasoning_tokens")
                ? optionalInt(body.get("reasoning_tokens"), "reasoning_tokens", 0) : profileReasoning(promptIds, seed);
        if (reasoning < 0) {
            throw ApiError.badRequest("reasoning_tokens", "reasoning_tokens (" + reasoning + ") must be >= 0.");
        }
        return new CompletionRequest(chat, promptIds, stream, includeUsage, includeUsage && continuous, maxTokens,
                minTokens, ignoreEos, seed, promptText, toolName, reasoning);
    }

    /**
     * The profile's reasoning length for a request that names none (0 without a {@code reasoning} block), drawn from
     * the prompt and the request's seed alone: the same question makes every server of the profile think alike (as
     * hard for both sides of a comparison, which pairs it), and a profile with a longer median thinks that much longer.
     */
    private int profileReasoning(int[] promptIds, long seed) {
        return profile.reasoning() == null ? 0
                : profile.reasoning().draw(new SplittableRandom(Tokenizer.mix(Arrays.hashCode(promptIds)) ^ Tokenizer.mix(seed + 7)));
    }

    /** The function the answer calls: the first of {@code tools}, unless {@code tool_choice} is "none". */
    private static String toolName(JsonNode body) {
        JsonNode tools = body.get("tools");
        if (tools == null || !tools.isArray() || tools.isEmpty() || "none".equals(body.path("tool_choice").asText())) {
            return null;
        }
        String name = tools.get(0).path("function").path("name").asText("");
        if (name.isEmpty()) {
            throw ApiError.badRequest("tools", "tools[0].function.name must be a non-empty string.");
        }
        return name;
    }

    /**
     * The input of a {@code /v1/embeddings} body: {@code input} as a string, a list of one string, or a list of token
     * ids (batches of several inputs are not simulated). Embeddings never stream.
     */
    int[] parseEmbeddings(JsonNode body) {
        requireObject(body);
        checkModel(body);
        if (optionalBoolean(body.get("stream"), "stream")) {
            throw ApiError.badRequest("stream", "Embeddings cannot be streamed.");
        }
        JsonNode input = body.get("input");
        int[] ids = promptIds(input, "input");
        if (ids.length == 0) {
            throw ApiError.badRequest("input", "The input has no tokens"
                    + " (the simulator counts one token per whitespace-separated word).");
        }
        if (ids.length > profile.maxModelLen()) {
            throw ApiError.badRequest("input", "This model's maximum context length is " + profile.maxModelLen()
                    + " tokens. However, your input has " + ids.length + " tokens.");
        }
        return ids;
    }

    /** The prompt of a {@code /tokenize} body: {@code prompt} or {@code messages}. */
    int[] tokenizePrompt(JsonNode body) {
        requireObject(body);
        checkModel(body);
        return body.has("messages") ? chatPrompt(body) : completionPrompt(body);
    }

    void checkModel(JsonNode body) {
        JsonNode model = body.get("model");
        if (model != null && !model.isNull() && !model.asText().equals(profile.model())) {
            throw ApiError.modelNotFound(model.asText());
        }
    }

    private static void requireObject(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest(null, "The request body must be a JSON object.");
        }
    }

    /**
     * The chat prompt's ids: every message's text, and the tokens each image or audio part costs under the profile's
     * {@link dev.infergate.sim.profile.MediaRules} (or a 400 when the profile refuses them).
     */
    private int[] chatPrompt(JsonNode body) {
        JsonNode messages = body.get("messages");
        if (messages == null || !messages.isArray() || messages.isEmpty()) {
            throw ApiError.badRequest("messages", "messages must be a non-empty array.");
        }
        List<int[]> parts = new ArrayList<>();
        for (JsonNode message : messages) {
            if (!message.isObject() || !message.path("role").isTextual()) {
                throw ApiError.badRequest("messages", "Each message must be an object with a string role.");
            }
            JsonNode content = message.get("content");
            if (content == null || content.isNull()) {
                continue;
            }
            if (content.isTextual()) {
                parts.add(Tokenizer.encode(content.asText()));
            } else if (content.isArray()) {
                for (JsonNode part : content) {
                    if (part.path("type").asText().equals("text")) {
                        parts.add(Tokenizer.encode(part.path("text").asText()));
                    } else if (MediaInput.isMedia(part)) {
                        parts.add(MediaInput.tokens(part, profile.media(), profile.model()));
                    }
                }
            } else {
                throw ApiError.badRequest("messages", "A message's content must be a string or an array of parts.");
            }
        }
        return concat(parts);
    }

    /** The text of the last message with string content (what the answer model reads), or null. */
    private static String lastMessageText(JsonNode body) {
        String text = null;
        for (JsonNode message : body.get("messages")) {
            JsonNode content = message.get("content");
            if (content != null && content.isTextual()) {
                text = content.asText();
            }
        }
        return text;
    }

    private static String promptString(JsonNode body) {
        JsonNode prompt = body.get("prompt");
        if (prompt != null && prompt.isArray() && prompt.size() == 1) {
            prompt = prompt.get(0);
        }
        return prompt != null && prompt.isTextual() ? prompt.asText() : null;
    }

    private static int[] completionPrompt(JsonNode body) {
        return promptIds(body.get("prompt"), "prompt");
    }

    /** A string, a list of one string, or a list of token ids, as {@code name}. */
    private static int[] promptIds(JsonNode prompt, String name) {
        if (prompt != null && prompt.isArray() && prompt.size() == 1 && prompt.get(0).isTextual()) {
            prompt = prompt.get(0);
        }
        if (prompt != null && prompt.isTextual()) {
            return Tokenizer.encode(prompt.asText());
        }
        if (prompt != null && prompt.isArray() && !prompt.isEmpty() && prompt.get(0).isInt()) {
            int[] ids = new int[prompt.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = prompt.get(i).asInt();
            }
            return ids;
        }
        throw ApiError.badRequest(name, name + " must be a string, a list of one string, or a list of token ids"
                + " (batched prompts are not simulated).");
    }

    static int[] concat(List<int[]> parts) {
        int[] all = new int[parts.stream().mapToInt(p -> p.length).sum()];
        int at = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    private static int optionalInt(JsonNode node, String name, int absent) {
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw ApiError.badRequest(name, name + " must be an integer.");
        }
        return node.asInt();
    }

    private static long optionalLong(JsonNode node, String name) {
        if (!node.isIntegralNumber()) {
            throw ApiError.badRequest(name, name + " must be an integer.");
        }
        return node.asLong();
    }

    private static boolean optionalBoolean(JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw ApiError.badRequest(name, name + " must be true or false.");
        }
        return node.asBoolean();
    }
}
