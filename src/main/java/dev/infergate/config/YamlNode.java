package dev.infergate.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A YAML value that remembers where it was written: its file, line and dotted key path. Plan and criteria
 * files are read into this tree (not straight into objects) so every validation error can name the line
 * and the key, which Jackson's data binding loses.
 *
 * <p>Scalars keep their text as written ({@code 10%}, {@code 500ms}, {@code 0.95}); the reader of a key
 * decides what the text means.
 */
public final class YamlNode {
    /** The shape of a node. */
    public enum Kind { MAP, LIST, SCALAR, NULL }

    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final String source;
    private final String path;
    private final int line;
    private final Kind kind;
    private final String text;
    private final Map<String, YamlNode> fields;
    private final List<YamlNode> items;

    private YamlNode(String source, String path, int line, Kind kind, String text, Map<String, YamlNode> fields,
            List<YamlNode> items) {
        this.source = source;
        this.path = path;
        this.line = line;
        this.kind = kind;
        this.text = text;
        this.fields = fields;
        this.items = items;
    }

    /**
     * Parses one YAML document.
     *
     * @param source the name used in messages (usually the file name)
     * @throws ConfigException on a syntax error or a duplicate key, naming the line
     */
    public static YamlNode parse(String source, String yaml) {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new YamlNode(source, "", 1, Kind.MAP, null, Map.of(), List.of());
            }
            return read(p, source, "");
        } catch (ConfigException e) {
            throw e;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ConfigException(source, line, null, "not valid YAML: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new ConfigException(source, 0, null, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static YamlNode read(JsonParser p, String source, String path) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, YamlNode> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                String childPath = path.isEmpty() ? name : path + "." + name;
                if (fields.containsKey(name)) {
                    throw new ConfigException(source, keyLine, childPath, "appears twice; keep one");
                }
                p.nextToken();
                fields.put(name, read(p, source, childPath));
            }
            return new YamlNode(source, path, line, Kind.MAP, null, Collections.unmodifiableMap(fields), List.of());
        }
        if (t == JsonToken.START_ARRAY) {
            List<YamlNode> items = new ArrayList<>();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                items.add(read(p, source, path + "[" + i++ + "]"));
            }
            return new YamlNode(source, path, line, Kind.LIST, null, Map.of(), List.copyOf(items));
        }
        if (t == JsonToken.VALUE_NULL) {
            return new YamlNode(source, path, line, Kind.NULL, null, Map.of(), List.of());
        }
        return new YamlNode(source, path, line, Kind.SCALAR, p.getText(), Map.of(), List.of());
    }

    public Kind kind() {
        return kind;
    }

    public int line() {
        return line;
    }

    /** The dotted key path, e.g. {@code matrix.loads[1]}; empty for the document. */
    public String path() {
        return path;
    }

    public String source() {
        return source;
    }

    /** An error about this node, naming its file, line and key. */
    public ConfigException error(String problem) {
        return new ConfigException(source, line, path, problem);
    }

    public boolean isMap() {
        return kind == Kind.MAP;
    }

    /** The fields of a map, in file order; throws when this is not a map. */
    public Map<String, YamlNode> fields() {
        if (kind == Kind.NULL) {
            return Map.of();
        }
        if (kind != Kind.MAP) {
            throw error("must be a mapping of keys to values");
        }
        return fields;
    }

    /** The items of a list; a single scalar counts as a one-item list. */
    public List<YamlNode> items() {
        if (kind == Kind.LIST) {
            return items;
        }
        if (kind == Kind.NULL) {
            return List.of();
        }
        if (kind == Kind.SCALAR) {
            return List.of(this);
        }
        throw error("must be a list");
    }

    /** A field of this map, or null when absent. */
    public YamlNode get(String name) {
        YamlNode n = fields().get(name);
        return n == null || n.kind == Kind.NULL ? null : n;
    }

    /** Rejects keys other than {@code allowed}, naming the unknown one and the accepted ones. */
    public void allowOnly(Set<String> allowed) {
        for (YamlNode child : fields().values()) {
            String name = child.path.substring(child.path.lastIndexOf('.') + 1);
            if (!allowed.contains(name)) {
                throw child.error("unknown key; expected one of " + String.join(", ", allowed));
            }
        }
    }

    /** The scalar text; throws when this is a map or a list. */
    public String text() {
        if (kind != Kind.SCALAR) {
            throw error("must be a single value, not a " + kind.name().toLowerCase());
        }
        return text;
    }

    /** Converts the scalar with {@code parse}; its IllegalArgumentException becomes an error naming the line. */
    public <T> T as(Function<String, T> parse) {
        String t = text();
        try {
            return parse.apply(t);
        } catch (ConfigException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    public double asDouble() {
        return as(t -> {
            try {
                return Double.parseDouble(t.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + t + "' is not a number");
            }
        });
    }

    public int asInt() {
        return as(t -> {
            try {
                return Integer.parseInt(t.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + t + "' is not a whole number");
            }
        });
    }

    public boolean asBoolean() {
        return as(t -> switch (t.trim().toLowerCase()) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("'" + t + "' is not true or false");
        });
    }
}
