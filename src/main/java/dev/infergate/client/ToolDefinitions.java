package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Tool definitions in the form each API takes. Chat nests a function under {@code function}
 * ({@code {"type": "function", "function": {"name", "description", "parameters"}}}); the Responses API names it at
 * the top ({@code {"type": "function", "name", "description", "parameters"}}). Definitions already in the Responses
 * form, and tools of other types, pass unchanged.
 */
public final class ToolDefinitions {
    private static final ObjectMapper JSON = Json.COMPACT;

    private ToolDefinitions() {}

    /** A JSON array of tool definitions in the form {@code api} takes (only the Responses API differs from chat's). */
    public static String forApi(Api api, String toolsJson) {
        if (api != Api.RESPONSES) {
            return toolsJson;
        }
        try {
            JsonNode tools = JSON.readTree(toolsJson);
            if (!tools.isArray()) {
                return toolsJson;
            }
            ArrayNode out = JSON.createArrayNode();
            for (JsonNode tool : tools) {
                JsonNode function = tool.get("function");
                if (tool.isObject() && "function".equals(tool.path("type").asText()) && function != null && function.isObject()) {
                    ObjectNode flat = out.addObject().put("type", "function");
                    function.fields().forEachRemaining(f -> flat.set(f.getKey(), f.getValue()));
                } else {
                    out.add(tool);
                }
            }
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
