package dev.infergate.sim.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.sim.engine.Tokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The prompt of a Responses API body: {@code instructions} (a system prompt) then {@code input}, a string or an array
 * of input items ({@code {"role", "content"}} with string content or {@code input_text}/{@code output_text} parts;
 * other item types carry no text the simulator counts). Also the function the answer calls: the first of
 * {@code tools} of type {@code function} (the Responses form names it at the top: {@code {"type": "function",
 * "name": ...}}), unless {@code tool_choice} is "none".
 *
 * @param promptIds the prompt's token ids (one per word)
 * @param lastText  the last text of the input (what the answer model reads), or null
 * @param toolName  the tool the answer calls, or null
 */
record ResponsesInput(int[] promptIds, String lastText, String toolName) {

    static ResponsesInput read(JsonNode body) {
        List<int[]> parts = new ArrayList<>();
        JsonNode instructions = body.get("instructions");
        if (instructions != null && instructions.isTextual()) {
            parts.add(Tokenizer.encode(instructions.asText()));
        }
        JsonNode input = body.get("input");
        String last = null;
        if (input != null && input.isTextual()) {
            last = input.asText();
            parts.add(Tokenizer.encode(last));
        } else if (input != null && input.isArray() && !input.isEmpty()) {
            for (JsonNode item : input) {
                String text = itemText(item);
                if (text != null) {
                    last = text;
                    parts.add(Tokenizer.encode(text));
                }
            }
        } else {
            throw ApiError.badRequest("input", "input must be a string or a non-empty array of input items.");
        }
        return new ResponsesInput(RequestParser.concat(parts), last, toolName(body));
    }

    private static String itemText(JsonNode item) {
        if (!item.isObject()) {
            throw ApiError.badRequest("input", "Each input item must be an object.");
        }
        JsonNode content = item.get("content");
        if (content == null || content.isNull()) {
            return null;
        }
        if (content.isTextual()) {
            return content.asText();
        }
        if (!content.isArray()) {
            throw ApiError.badRequest("input", "An input message's content must be a string or an array of parts.");
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content) {
            String type = part.path("type").asText();
            if (type.equals("input_text") || type.equals("output_text") || type.equals("text")) {
                text.append(text.length() > 0 ? " " : "").append(part.path("text").asText());
            }
        }
        return text.toString();
    }

    private static String toolName(JsonNode body) {
        JsonNode tools = body.get("tools");
        if (tools == null || !tools.isArray() || tools.isEmpty() || "none".equals(body.path("tool_choice").asText())) {
            return null;
        }
        JsonNode tool = tools.get(0);
        if (!"function".equals(tool.path("type").asText())) {
            return null;
        }
        String name = tool.path("name").asText("");
        if (name.isEmpty()) {
            throw ApiError.badRequest("tools", "tools[0].name must be a non-empty string.");
        }
        return name;
    }
}
