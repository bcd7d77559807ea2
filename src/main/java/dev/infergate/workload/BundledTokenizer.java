package dev.infergate.workload;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The OpenAI BPE vocabularies bundled in jtokkit, offline: {@code cl100k_base} (the default; GPT-4 / GPT-3.5)
 * and {@code o200k_base} (GPT-4o). For another model they approximate its counts (typically within 10-20 %
 * for English); use the server's own tokenizer to make lengths exact for it.
 */
public final class BundledTokenizer implements Tokenizer {
    /** The default vocabulary's name. */
    public static final String DEFAULT_NAME = "cl100k_base";

    private static final EncodingType[] SUPPORTED = {EncodingType.CL100K_BASE, EncodingType.O200K_BASE};

    private final Encoding encoding;
    private final String name;

    private BundledTokenizer(EncodingType type) {
        this.encoding = Registry.INSTANCE.getEncoding(type);
        this.name = type.getName();
    }

    /** {@code cl100k_base}. */
    public static BundledTokenizer cl100k() {
        return new BundledTokenizer(EncodingType.CL100K_BASE);
    }

    /** {@code o200k_base}. */
    public static BundledTokenizer o200k() {
        return new BundledTokenizer(EncodingType.O200K_BASE);
    }

    /**
     * The bundled vocabulary called {@code name} ({@code cl100k_base} or {@code o200k_base}).
     *
     * @throws WorkloadException naming the bad name and the accepted ones
     */
    public static BundledTokenizer named(String name) {
        for (EncodingType type : SUPPORTED) {
            if (type.getName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return new BundledTokenizer(type);
            }
        }
        java.util.List<String> names = Arrays.stream(SUPPORTED).map(EncodingType::getName).toList();
        String typed = name == null ? "" : name.trim().toLowerCase(java.util.Locale.ROOT);
        // "cl100k" for cl100k_base (the name without its suffix: too many edits for the distance rule), or a typo
        // within the same vocabulary's name ("o200k_bse"); never another real encoding (p50k_base is not o200k_base)
        String hint = typed.length() < 3 ? "" : names.stream().filter(n -> n.startsWith(typed)).findFirst()
                .or(() -> dev.infergate.config.Suggestions.closest(typed, names)
                        .filter(n -> typed.length() >= 4 && n.startsWith(typed.substring(0, 4))))
                .map(n -> " (did you mean " + n + "?)").orElse("");
        throw new WorkloadException("unknown tokenizer '" + name + "'" + hint + "; bundled ones are " + String.join(", ", names));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int count(String text) {
        return encoding.countTokensOrdinary(text);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Loading a vocabulary takes a while; share one registry, built on first use. */
    private static final class Registry {
        static final EncodingRegistry INSTANCE = Encodings.newLazyEncodingRegistry();
    }
}
