package dev.infergate.config;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

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
     * Parses one YAML document; an alias ({@code *name}) reads as the value anchored with {@code &name}.
     *
     * @param source the name used in messages (usually the file name)
     * @throws ConfigException on a syntax error (one line, {@code file:line:column}), a duplicate key or a
     *         second document, naming the line
     */
    public static YamlNode parse(String source, String yaml) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true); // found below, with the key's line
        Iterator<Node> documents;
        Node root;
        try {
            documents = new Yaml(options).composeAll(new StringReader(yaml)).iterator();
            if (!documents.hasNext()) {
                return new YamlNode(source, "", 1, Kind.MAP, null, Map.of(), List.of());
            }
            root = documents.next();
            if (documents.hasNext()) {
                Node second = documents.next();
                throw new ConfigException(source, second.getStartMark().getLine() + 1, null,
                        "a second YAML document (after '---'); a file holds one document: merge them or remove the rest");
            }
        } catch (YAMLException e) {
            throw YamlSyntax.error(source, e);
        }
        return convert(root, source, "", 0);
    }

    /** Deep enough for any plan; deeper is a recursive alias ({@code a: &a [*a]}), which has no end. */
    private static final int MAX_DEPTH = 64;

    private static YamlNode convert(Node node, String source, String path, int depth) {
        int line = node.getStartMark().getLine() + 1;
        if (depth > MAX_DEPTH) {
            throw new ConfigException(source, line, path, "nested more than " + MAX_DEPTH + " levels deep (a recursive alias?)");
        }
        if (node instanceof MappingNode map) {
            Map<String, YamlNode> fields = new LinkedHashMap<>();
            for (NodeTuple t : map.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode key)) {
                    throw new ConfigException(source, t.getKeyNode().getStartMark().getLine() + 1, path,
                            "a key must be a plain name, not a list or mapping");
                }
                String name = key.getValue();
                String childPath = path.isEmpty() ? name : path + "." + name;
                if (fields.containsKey(name)) {
                    throw new ConfigException(source, key.getStartMark().getLine() + 1, childPath, "appears twice; keep one");
                }
                fields.put(name, convert(t.getValueNode(), source, childPath, depth + 1));
            }
            return new YamlNode(source, path, line, Kind.MAP, null, Collections.unmodifiableMap(fields), List.of());
        }
        if (node instanceof SequenceNode seq) {
            List<YamlNode> items = new ArrayList<>();
            for (Node item : seq.getValue()) {
                items.add(convert(item, source, path + "[" + items.size() + "]", depth + 1));
            }
            return new YamlNode(source, path, line, Kind.LIST, null, Map.of(), List.copyOf(items));
        }
        ScalarNode scalar = (ScalarNode) node;
        if (Tag.NULL.equals(scalar.getTag())) {
            return new YamlNode(source, path, line, Kind.NULL, null, Map.of(), List.of());
        }
        return new YamlNode(source, path, line, Kind.SCALAR, scalar.getValue(), Map.of(), List.of());
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

    /**
     * Rejects keys other than {@code allowed}, naming the unknown one and the accepted ones: the one nearest to the
     * typo first (and suggested), the rest sorted, so a list of twenty is read from its first word.
     */
    public void allowOnly(Set<String> allowed) {
        for (YamlNode child : fields().values()) {
            String name = child.path.substring(child.path.lastIndexOf('.') + 1);
            if (!allowed.contains(name)) {
                throw child.error("unknown key" + Suggestions.didYouMean(name, allowed) + "; expected one of "
                        + String.join(", ", Suggestions.nearestFirst(name, allowed)));
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
