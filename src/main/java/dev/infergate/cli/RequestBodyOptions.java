package dev.infergate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.client.Endpoint;
import dev.infergate.client.ExtraBody;
import dev.infergate.client.ToolDefinitions;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** What every request body carries besides the workload's prompt: the user's extra fields and tool definitions. */
final class RequestBodyOptions {
    @Option(names = "--extra-body", paramLabel = "JSON|@FILE",
            description = "Fields merged into every request body, e.g. '{\"temperature\": 0.6, \"chat_template_kwargs\": {\"enable_thinking\": false}}' "
                    + "or @body.json (sampling settings, tools and tool_choice, vendor fields). A field infergate also writes (max_tokens, stream, ...) "
                    + "is replaced by yours. Recorded in run.json (values of key/token/secret fields hidden).")
    String extraBody;

    @Option(names = "--tools", paramLabel = "builtin|JSON|@FILE",
            description = "A tool-call workload: every request carries these tools (a JSON array of OpenAI tool definitions, "
                    + "or builtin: one search function) with tool_choice auto, so answers may stream tool-call deltas, timed like text.")
    String tools;

    /** One function, as a tool-using assistant offers it: a search that takes a query. */
    static final String BUILTIN_TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"search\",\"description\":"
            + "\"Searches the knowledge base and returns the best passages.\",\"parameters\":{\"type\":\"object\","
            + "\"properties\":{\"query\":{\"type\":\"string\"}},\"required\":[\"query\"]}}}]";

    /** {@code endpoint} sending the {@code --extra-body} fields and the {@code --tools}. */
    Endpoint endpoint(Endpoint endpoint) {
        if (extraBody == null && tools == null) {
            return endpoint;
        }
        try {
            ExtraBody extra = extraBody == null ? ExtraBody.NONE : ExtraBody.parse(extraBody);
            if (tools != null) {
                extra = extra.withDefault("tools", ToolDefinitions.forApi(endpoint.api(), toolsJson(tools))) // the API's form
                        .withDefault("tool_choice", "\"auto\"");
            }
            return endpoint.withExtraBody(extra);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private static String toolsJson(String option) {
        String t = option.trim();
        if (t.equalsIgnoreCase("builtin")) {
            return BUILTIN_TOOLS;
        }
        try {
            JsonNode list = Json.COMPACT.readTree(t.startsWith("@") ? Files.readString(Path.of(t.substring(1))) : t);
            if (list == null || !list.isArray() || list.isEmpty()) {
                throw new IllegalArgumentException("--tools " + t + " must be builtin, or a non-empty JSON array of tool definitions (or @FILE holding one)");
            }
            return list.toString();
        } catch (IOException e) {
            throw new IllegalArgumentException("--tools " + t + ": cannot read it as JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
    }
}
