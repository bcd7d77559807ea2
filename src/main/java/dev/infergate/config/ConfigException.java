package dev.infergate.config;

/**
 * A mistake in a YAML file the user wrote (a plan or a criteria file). The message names the file, the
 * line and the key, so the user can go straight to it: {@code plan.yaml line 12, key criteria.ttft.p95: ...}.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final String key;

    public ConfigException(String source, int line, String key, String problem) {
        super(source + (line > 0 ? " line " + line : "") + (key == null || key.isEmpty() ? "" : ", key " + key)
                + ": " + problem);
        this.line = line;
        this.key = key;
    }

    public ConfigException(String source, int line, String key, String problem, Throwable cause) {
        this(source, line, key, problem);
        initCause(cause);
    }

    /** A syntax error, as editors and compilers name one: {@code plan.yaml:3:7: problem}. */
    public ConfigException(String source, int line, int column, String problem, Throwable cause) {
        super(source + (line > 0 ? ":" + line + ":" + column : "") + ": " + problem, cause);
        this.line = line;
        this.key = null;
    }

    /** The 1-based line of the offending value, or 0 when unknown. */
    public int line() {
        return line;
    }

    /** The dotted path of the offending key, e.g. {@code criteria.ttft.p95.max_regression}. */
    public String key() {
        return key;
    }
}
