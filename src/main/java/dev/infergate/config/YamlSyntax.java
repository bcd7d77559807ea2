package dev.infergate.config;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns a YAML syntax error into one line, {@code file:line:column: problem}: the parser's own message spans
 * several lines (it quotes the offending line and points at it with a caret), which a terminal error must not.
 */
final class YamlSyntax {
    private YamlSyntax() {}

    static ConfigException error(String source, RuntimeException e) {
        int line = 0;
        int column = 0;
        String problem = e.getMessage();
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
                Mark mark = marked.getProblemMark();
                line = mark.getLine() + 1;
                column = mark.getColumn() + 1;
                problem = marked.getProblem();
                break;
            }
        }
        String text = problem == null ? "" : problem;
        if (text.contains("\\t(TAB)") || text.contains("\t")) {
            text = "a tab character; YAML indents with spaces only";
        }
        text = text.replaceAll("\\s+", " ").trim();
        return new ConfigException(source, line, column, "not valid YAML: " + text, e);
    }
}
