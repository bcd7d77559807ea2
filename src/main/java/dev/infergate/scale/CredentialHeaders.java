package dev.infergate.scale;

import dev.infergate.client.Redactor;
import dev.infergate.record.UrlCredentials;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Keeps credential header values out of a printed manifest: each {@code --header 'Name: value'} in the run
 * options whose name carries a credential ({@link Redactor#isCredentialHeader}) becomes
 * {@code --header 'Name: $(INFERGATE_HEADER_n)'}, and the container gets {@code INFERGATE_HEADER_n} from key
 * {@code name} (in lower case) of a Secret, the way {@code --api-key-secret} passes the API key. Kubernetes
 * expands {@code $(VAR)} in the arguments when the container starts; the manifest holds only the reference.
 *
 * @param args the run options with credential values replaced by references
 * @param env  the container's environment entries for them, in order
 */
public record CredentialHeaders(List<String> args, List<SecretVariable> env) {
    static final String ENV_PREFIX = "INFERGATE_HEADER_";

    /**
     * A container environment variable whose value comes from a Secret ({@code valueFrom.secretKeyRef}).
     *
     * @param name   the variable's name
     * @param secret the Secret's name
     * @param key    the key within the Secret
     */
    public record SecretVariable(String name, String secret, String key) {}

    public CredentialHeaders {
        args = List.copyOf(args);
        env = List.copyOf(env);
    }

    /**
     * @param secret the Secret holding the values, or null; then a credential header is refused
     * @throws IllegalArgumentException naming the header (never its value) when there is no Secret to use
     */
    public static CredentialHeaders of(List<String> runArgs, String secret) {
        List<String> args = new ArrayList<>();
        List<SecretVariable> env = new ArrayList<>();
        for (int i = 0; i < runArgs.size(); i++) {
            String arg = runArgs.get(i);
            if (arg.equals("--header") && i + 1 < runArgs.size()) {
                args.add(arg);
                args.add(rewrite(runArgs.get(++i), secret, env));
            } else if (arg.startsWith("--header=")) {
                args.add("--header=" + rewrite(arg.substring("--header=".length()), secret, env));
            } else {
                refuseUrlCredentials(arg);
                args.add(arg);
            }
        }
        return new CredentialHeaders(args, env);
    }

    /**
     * The values a Secret must hold for {@link #of}'s references: key (header name in lower case) to the whole
     * header value. Only for creating that Secret; never print or log the result.
     */
    public static Map<String, String> secretValues(List<String> runArgs) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < runArgs.size(); i++) {
            String arg = runArgs.get(i);
            String header = arg.equals("--header") && i + 1 < runArgs.size() ? runArgs.get(++i)
                    : arg.startsWith("--header=") ? arg.substring("--header=".length()) : null;
            int colon = header == null ? -1 : header.indexOf(':');
            if (colon > 0 && Redactor.isCredentialHeader(header.substring(0, colon))) {
                values.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
        }
        return values;
    }

    /**
     * A URL with user-info or a credential query parameter ({@link UrlCredentials}) among the run options would
     * put that credential in the manifest: refused, naming the option but not the value.
     */
    private static void refuseUrlCredentials(String arg) {
        int scheme = arg.indexOf("://");
        java.net.URI url = scheme <= 0 ? null : uri(arg.substring(arg.lastIndexOf('=', scheme) + 1));
        if (url != null && UrlCredentials.carriesCredentials(url)) {
            throw new IllegalArgumentException("a URL among the run options (" + UrlCredentials.redacted(url)
                    + ") carries a credential (user-info or a key/token query parameter), which a printed manifest "
                    + "must not hold; pass the key with --api-key-secret, or as a credential --header with --header-secret");
        }
    }

    private static java.net.URI uri(String text) {
        try {
            return java.net.URI.create(text);
        } catch (IllegalArgumentException e) {
            return null; // not a URL: nothing to refuse
        }
    }

    private static String rewrite(String header, String secret, List<SecretVariable> env) {
        int colon = header.indexOf(':');
        if (colon <= 0 || !Redactor.isCredentialHeader(header.substring(0, colon))) {
            return header;
        }
        String name = header.substring(0, colon).trim();
        String key = name.toLowerCase(Locale.ROOT);
        if (secret == null) {
            throw new IllegalArgumentException("--header '" + name + ": ...' carries a credential, which a printed manifest "
                    + "must not hold; put its value in a Secret under key '" + key + "' and pass --header-secret SECRET");
        }
        String variable = ENV_PREFIX + (env.size() + 1);
        env.add(new SecretVariable(variable, secret, key));
        return name + ": $(" + variable + ")";
    }
}
