package dev.infergate.cli;

import dev.infergate.analysis.Slo;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --slo}: infergate's {@code ttft=2s,tpot=100ms,e2e=30s}, vLLM's {@code --goodput} spelling
 * ({@code ttft:500}, values in milliseconds, {@code e2el} for E2E), or {@code none}. Both spellings give the same
 * {@link Slo}.
 */
final class SloConverter implements ITypeConverter<Slo> {
    private static final Pattern VLLM_PART = Pattern.compile("\\s*([A-Za-z0-9]+)\\s*:\\s*([0-9.]+)\\s*");

    @Override
    public Slo convert(String value) {
        if (value.strip().equalsIgnoreCase("none")) {
            return Slo.NONE;
        }
        try {
            return Slo.parse(infergateSpelling(value));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "': " + e.getMessage()
                    + " (forms: ttft=2s,tpot=100ms,e2e=30s or vLLM's ttft:2000 in ms, or none)");
        }
    }

    /** {@code ttft:500,e2el:3000} as {@code ttft=500ms,e2e=3000ms}; infergate's own spelling unchanged. */
    static String infergateSpelling(String value) {
        StringBuilder out = new StringBuilder();
        for (String part : value.split(",")) {
            var m = VLLM_PART.matcher(part);
            String p = part;
            if (m.matches()) {
                String name = m.group(1).toLowerCase(Locale.ROOT);
                p = (name.equals("e2el") ? "e2e" : name) + "=" + m.group(2) + "ms";
            }
            out.append(out.length() == 0 ? "" : ",").append(p);
        }
        return out.toString();
    }
}
