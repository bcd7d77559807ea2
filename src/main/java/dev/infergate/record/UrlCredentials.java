package dev.infergate.record;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Credentials a URL may carry, and the URL without them. A base URL such as
 * {@code http://user:pass@host/v1} or {@code https://host/v1?api_key=sk-...} sends a credential with every
 * request; it must still never reach run.json, a report or a console line.
 *
 * <p>What counts as a credential: the whole user-info ({@code user:pass}), and the value of every query
 * parameter whose name, in any case, contains {@code key}, {@code token}, {@code secret}, {@code passw},
 * {@code pwd}, {@code auth}, {@code sig} (signature), {@code session} or {@code credential}. Other query
 * parameters ({@code api-version=2024-06-01}) are kept: they say what was measured.
 */
public final class UrlCredentials {
    /** What a credential is replaced with (the same mark as the client's Redactor). */
    public static final String MARK = "<redacted>";
    private static final List<String> NAME_PARTS =
            List.of("key", "token", "secret", "passw", "pwd", "auth", "sig", "session", "credential");

    private UrlCredentials() {}

    /** Whether a query parameter of this name carries a credential (the rule in the class comment). */
    public static boolean isCredentialParameter(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return NAME_PARTS.stream().anyMatch(n::contains);
    }

    /** The secrets in {@code url}, raw and decoded (for the client's Redactor); empty when it has none. */
    public static List<String> secrets(URI url) {
        if (url == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String userInfo = url.getRawUserInfo();
        if (userInfo != null && !userInfo.isEmpty()) {
            out.add(userInfo);
            out.add(decode(userInfo));
            int colon = userInfo.indexOf(':');
            if (colon >= 0 && colon + 1 < userInfo.length()) {
                out.add(userInfo.substring(colon + 1));
                out.add(decode(userInfo.substring(colon + 1)));
            }
        }
        String query = url.getRawQuery();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && eq + 1 < pair.length() && isCredentialParameter(decode(pair.substring(0, eq)))) {
                    out.add(pair.substring(eq + 1));
                    out.add(decode(pair.substring(eq + 1)));
                }
            }
        }
        return List.copyOf(out);
    }

    /** Whether {@code url} carries any credential. */
    public static boolean carriesCredentials(URI url) {
        return !secrets(url).isEmpty();
    }

    /**
     * {@code url} as text with its user-info and credential parameter values replaced by
     * {@link Redactor#MARK}: {@code http://<redacted>@host/v1?key=<redacted>&api-version=1}.
     */
    public static String redacted(URI url) {
        if (url == null) {
            return null;
        }
        if (!carriesCredentials(url)) {
            return url.toString();
        }
        StringBuilder b = new StringBuilder();
        if (url.getScheme() != null) {
            b.append(url.getScheme()).append("://");
        }
        if (url.getRawUserInfo() != null) {
            b.append(MARK).append('@');
        }
        b.append(url.getHost() == null ? "" : url.getHost());
        if (url.getPort() >= 0) {
            b.append(':').append(url.getPort());
        }
        b.append(url.getRawPath() == null ? "" : url.getRawPath());
        if (url.getRawQuery() != null) {
            b.append('?').append(redactedQuery(url.getRawQuery()));
        }
        if (url.getRawFragment() != null) {
            b.append('#').append(url.getRawFragment());
        }
        return b.toString();
    }

    /** {@code url} (any text) redacted as {@link #redacted(URI)}; text that is not a URL is returned as it is. */
    public static String redacted(String url) {
        if (url == null) {
            return null;
        }
        try {
            return redacted(URI.create(url));
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    /**
     * {@code path} appended to the path of {@code base}, before its query string:
     * {@code http://h/v1?key=S} + {@code /models} → {@code http://h/v1/models?key=S}.
     */
    public static String join(URI base, String path) {
        String s = base.toString();
        int cut = s.length();
        if (base.getRawFragment() != null) {
            cut = s.lastIndexOf('#');
        }
        int q = base.getRawQuery() == null ? -1 : s.indexOf('?', s.indexOf("//") + 2);
        String head = s.substring(0, q >= 0 ? q : cut);
        String query = q >= 0 ? s.substring(q, cut) : "";
        if (head.endsWith("/")) {
            head = head.substring(0, head.length() - 1);
        }
        return head + path + query;
    }

    private static String redactedQuery(String query) {
        StringBuilder b = new StringBuilder();
        for (String pair : query.split("&", -1)) {
            if (b.length() > 0) {
                b.append('&');
            }
            int eq = pair.indexOf('=');
            if (eq > 0 && isCredentialParameter(decode(pair.substring(0, eq)))) {
                b.append(pair, 0, eq + 1).append(MARK);
            } else {
                b.append(pair);
            }
        }
        return b.toString();
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
