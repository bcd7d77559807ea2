package dev.infergate.accept;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import dev.infergate.client.ExtraBody;
import dev.infergate.config.YamlNode;
import java.util.regex.Pattern;

/**
 * A side's {@code extra_body} in a plan: a YAML mapping ({@code extra_body: {temperature: 0, top_p: 0.9}}), or a
 * string holding a JSON object or {@code @file.json}. Scalars that read as JSON numbers, booleans or null are
 * those; anything else is a string.
 */
final class PlanJson {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Pattern LITERAL = Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?|true|false|null");

    private PlanJson() {}

    static ExtraBody extraBody(YamlNode n) {
        try {
            return n.kind() == YamlNode.Kind.SCALAR ? ExtraBody.parse(n.text()) : ExtraBody.of(json(n));
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage().replace("--extra-body", "extra_body"));
        }
    }

    private static JsonNode json(YamlNode n) {
        switch (n.kind()) {
            case MAP -> {
                ObjectNode o = JSON.createObjectNode();
                n.fields().forEach((k, v) -> o.set(k, json(v)));
                return o;
            }
            case LIST -> {
                ArrayNode a = JSON.createArrayNode();
                n.items().forEach(v -> a.add(json(v)));
                return a;
            }
            case NULL -> {
                return JSON.nullNode();
            }
            default -> {
                String t = n.text().trim();
                if (LITERAL.matcher(t).matches()) {
                    try {
                        return JSON.readTree(t);
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return JSON.getNodeFactory().textNode(n.text());
            }
        }
    }
}
