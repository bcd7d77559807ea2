package dev.infergate.client;

import dev.infergate.record.Text;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one place that knows infergate's secrets (the API key and every credential header value) and removes
 * them from text before it is written or printed. A server may echo request headers into an error body, a
 * stream or a model list; whatever infergate keeps of such text passes through {@link #redact}.
 *
 * <p>A header carries a credential when its name, in any case, is {@code Authorization},
 * {@code Proxy-Authorization}, {@code Cookie}, {@code x-api-key} or {@code api-key}, or contains
 * {@code key}, {@code token}, {@code secret}, {@code auth}, {@code cookie}, {@code passw} or {@code session}
 * ({@link #isCredentialHeader}). Its whole value is a secret, and so is each part a server might echo on its
 * own: the credential after a scheme ({@code Bearer sk-...} → {@code sk-...}) and each cookie's value.
 * Parts shorter than {@value #MIN_SECRET_CHARS} characters are not searched for in text: they would match
 * ordinary words; such a value is still never written as a header value.
 *
 * <p>Each secret is searched for as it is, JSON-escaped and URL-encoded (a server may echo it in a JSON body or
 * in a URL). Text is redacted <em>before</em> it is cut ({@link #redactThenCut}): a cut through a secret
 * leaves a fragment that no longer matches.
 */
public final class Redactor {
    /** What a secret is replaced with. */
    public static final String MARK = dev.infergate.record.UrlCredentials.MARK;
    /** Shorter parts would match ordinary text: "ab" is in every sentence. */
    static final int MIN_SECRET_CHARS = 4;
    private static final List<String> NAME_PARTS = List.of("key", "token", "secret", "auth", "cookie", "passw", "session");
    private static final Redactor NONE = new Redactor(List.of());

    private final List<String> secrets;

    private Redactor(List<String> secrets) {
        this.secrets = secrets;
    }

    /** Knows nothing: redacts nothing. */
    public static Redactor none() {
        return NONE;
    }

    /**
     * @param headers the request headers (credential values become secrets)
     * @param apiKey  the API key from the environment, or null; a secret even when another
     *                {@code Authorization} header is sent instead
     */
    public static Redactor of(Map<String, String> headers, String apiKey) {
        return of(headers, apiKey, List.of());
    }

    /**
     * @param others further secrets taken whole (e.g. a password or a {@code key=} value in the base URL,
     *               {@link dev.infergate.record.UrlCredentials#secrets})
     */
    public static Redactor of(Map<String, String> headers, String apiKey, List<String> others) {
        Set<String> found = new LinkedHashSet<>();
        headers.forEach((name, value) -> {
            if (isCredentialHeader(name)) {
                addParts(found, value);
            }
        });
        addParts(found, apiKey);
        others.forEach(o -> {
            if (o != null && !o.isBlank()) {
                found.add(o);
            }
        });
        Set<String> forms = new LinkedHashSet<>();
        for (String s : found) {
            if (s.length() >= MIN_SECRET_CHARS) {
                forms.add(s);
                forms.add(jsonEscaped(s));
                String encoded = URLEncoder.encode(s, StandardCharsets.UTF_8);
                forms.add(encoded);
                forms.add(encoded.replace("+", "%20"));
            }
        }
        List<String> sorted = new ArrayList<>(forms);
        // longest first, so "Bearer sk-1" is replaced whole before its part "sk-1"
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return sorted.isEmpty() ? NONE : new Redactor(List.copyOf(sorted));
    }

    /** This redactor also knowing {@code others} (whole values, e.g. credentials from a URL). */
    public Redactor with(List<String> others) {
        if (others.isEmpty()) {
            return this;
        }
        Redactor more = of(Map.of(), null, others);
        if (!more.knowsSecrets()) {
            return this;
        }
        Set<String> all = new LinkedHashSet<>(secrets);
        all.addAll(more.secrets);
        List<String> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return new Redactor(List.copyOf(sorted));
    }

    /** Whether a header of this name carries a credential (the rule in the class comment). */
    public static boolean isCredentialHeader(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return n.equals("authorization") || n.equals("proxy-authorization") || n.equals("api-key")
                || NAME_PARTS.stream().anyMatch(n::contains);
    }

    /** {@code text} with every known secret replaced by {@link #MARK}; null stays null. */
    public String redact(String text) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        String out = text;
        for (String s : secrets) {
            if (out.contains(s)) {
                out = out.replace(s, MARK);
            }
        }
        return out;
    }

    /**
     * {@code text} redacted, then cut to at most {@code maxChars} chars on code points ({@link Text#cut});
     * the order matters: a secret cut in two would no longer be recognised. Null stays null.
     */
    public String redactThenCut(String text, int maxChars) {
        return Text.cut(redact(text), maxChars);
    }

    /** Whether any secret is known. */
    public boolean knowsSecrets() {
        return !secrets.isEmpty();
    }

    private static void addParts(Set<String> into, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        String v = value.trim();
        into.add(v);
        int space = v.lastIndexOf(' ');
        if (space > 0) {
            into.add(v.substring(space + 1)); // "Bearer sk-..." → "sk-..."
        }
        for (String cookie : v.split(";")) {
            int eq = cookie.indexOf('=');
            into.add(cookie.trim());
            if (eq > 0) {
                into.add(cookie.substring(eq + 1).trim());
            }
        }
    }

    /** How the secret reads inside a JSON string, should a server echo the headers as JSON. */
    private static String jsonEscaped(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '/' -> b.append("\\/");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
