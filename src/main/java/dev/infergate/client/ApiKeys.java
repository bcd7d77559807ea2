package dev.infergate.client;

/** Where the API key comes from: an environment variable, named once here. The key itself is never stored or printed. */
public final class ApiKeys {
    /** The variable read when none is named: the one OpenAI's own clients read. It may be unset (a server without keys). */
    public static final String DEFAULT_ENV = "OPENAI_API_KEY";

    private ApiKeys() {}

    /** The key in {@code variable}, trimmed, or null when it is unset or blank. */
    public static String read(String variable) {
        String key = System.getenv(variable);
        return key == null || key.isBlank() ? null : key.trim();
    }
}
