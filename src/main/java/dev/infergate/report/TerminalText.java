package dev.infergate.report;

/**
 * Makes text safe for a terminal. A server names its model, writes its error bodies and its version string
 * as it likes; printed raw, an escape sequence in them can recolour, move the cursor, rewrite what was printed
 * before or set the window title. Everything infergate prints that may hold server text goes through here.
 */
public final class TerminalText {
    private TerminalText() {}

    /**
     * {@code text} on one line: escape sequences (CSI, OSC and other ESC-introduced ones) removed, every other
     * control character (C0, DEL, C1, line breaks and tabs) replaced by a space, bidirectional overrides
     * removed; null stays null.
     */
    public static String sanitize(String text) {
        return text == null ? null : clean(text, false);
    }

    /** As {@link #sanitize}, but keeps line feeds: for multi-line console blocks (tables, reports). */
    public static String sanitizeLines(String text) {
        return text == null ? null : clean(text, true);
    }

    private static String clean(String text, boolean keepNewlines) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            if (c == 0x1b || c == 0x9b || c == 0x9d) {
                i = skipEscape(text, i);
                continue;
            }
            if (c == '\n' && keepNewlines) {
                out.append('\n');
            } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                out.append(' ');
            } else if (!bidiControl(c)) {
                out.appendCodePoint(c);
            }
            i += Character.charCount(c);
        }
        return out.toString();
    }

    /** Index after the escape sequence starting at {@code start} (ESC, or an 8-bit CSI/OSC). */
    private static int skipEscape(String s, int start) {
        char first = s.charAt(start);
        int i = start + 1;
        boolean csi = first == 0x9b;
        boolean osc = first == 0x9d;
        if (first == 0x1b && i < s.length()) {
            char next = s.charAt(i);
            csi = next == '[';
            osc = next == ']' || next == 'P' || next == '_' || next == '^'; // OSC, DCS, APC, PM: end at BEL or ST
            i++; // a two-character escape (ESC x) ends here
        }
        if (csi) {
            // parameters and intermediates, then one final byte in @..~
            while (i < s.length() && (s.charAt(i) < 0x40 || s.charAt(i) > 0x7e)) {
                i++;
            }
            return Math.min(s.length(), i + 1);
        }
        if (osc) {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == 0x07 || c == 0x9c) {
                    return i + 1;
                }
                if (c == 0x1b && i + 1 < s.length() && s.charAt(i + 1) == '\\') {
                    return i + 2;
                }
                i++;
            }
        }
        return i;
    }

    private static boolean bidiControl(int c) {
        return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f;
    }
}
