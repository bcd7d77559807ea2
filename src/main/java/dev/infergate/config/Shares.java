package dev.infergate.config;

/**
 * Parses the share syntax of options such as {@code --tolerance} and {@code --target}: a percentage ({@code 5%})
 * or a fraction ({@code 0.05}). Both give the fraction 0.05.
 */
public final class Shares {
    private Shares() {}

    /**
     * Parses {@code text} into a fraction in [0, 1]; throws IllegalArgumentException naming the text and the
     * accepted forms. Tighter ranges (above 0, below 1) are the caller's to check.
     */
    public static double parse(String text) {
        String s = text == null ? "" : text.strip();
        double v;
        try {
            v = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1).strip()) / 100 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a share; write it as a percentage or a fraction, e.g. 5% or 0.05");
        }
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException("'" + text + "' is not a share from 0 to 100 %; write e.g. 5% or 0.05");
        }
        return v;
    }
}
