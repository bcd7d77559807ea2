package dev.infergate.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the Prometheus text exposition format (version 0.0.4, and the OpenMetrics text that servers
 * send in its place): {@code # HELP} and {@code # TYPE} lines, other comments, samples with labels (escapes
 * {@code \\}, {@code \"}, {@code \n}), {@code +Inf}/{@code -Inf}/{@code NaN}, optional timestamps, and
 * OpenMetrics extras ({@code # EOF}, {@code # UNIT}, exemplars after {@code #}), which are skipped.
 *
 * <p>Samples are grouped into families: {@code x_bucket}, {@code x_sum}, {@code x_count} join a declared
 * histogram or summary {@code x}; {@code x_total} and {@code x_created} join a declared counter {@code x}; a
 * sample whose name is itself declared (llama.cpp declares {@code x_total}) joins that; anything else forms
 * an untyped family of its own. A counter declared with its {@code _total} suffix (llama.cpp, the official
 * Java writer) is named without it, as in OpenMetrics, so a counter {@code x} is found as {@code x} whichever
 * way the server declared it.
 *
 * <p>Timestamps: an integer is milliseconds since the epoch (Prometheus format); a number with a fraction
 * is seconds (OpenMetrics) and converted to milliseconds. Pure and thread-safe.
 */
public final class PrometheusTextParser {
    private static final String[] SUFFIXES = {"_bucket", "_sum", "_count", "_total", "_created"};

    private PrometheusTextParser() {}

    /** A line that is not valid exposition text; the message names the line number and the problem. */
    public static final class FormatException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        FormatException(int line, String problem) {
            super("line " + line + ": " + problem);
        }
    }

    /** @throws FormatException naming the first malformed line */
    public static Exposition parse(String text) {
        String[] lines = text.split("\r?\n", -1);
        Map<String, MetricType> types = new LinkedHashMap<>();
        for (String raw : lines) { // TYPE first, so samples and HELP find their family wherever it is declared
            String[] c = commentParts(raw.strip());
            if (c != null && c[0].equals("TYPE") && c.length == 3) {
                MetricType type = MetricType.parse(c[2].strip());
                // a counter declared as x_total (llama.cpp, the official Java writer) is family x, as in OpenMetrics
                types.put(type == MetricType.COUNTER ? counterBase(c[1]) : c[1], type);
            }
        }
        Map<String, String> helps = new LinkedHashMap<>();
        Map<String, List<Sample>> samples = new LinkedHashMap<>();
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String[] c = commentParts(line);
                if (c != null && c[0].equals("HELP")) {
                    helps.put(familyOf(c[1], types), c.length == 3 ? unescapeHelp(c[2]) : "");
                }
                continue;
            }
            Sample s = new LineReader(line, n + 1).sample();
            samples.computeIfAbsent(familyOf(s.name(), types), k -> new ArrayList<>()).add(s);
        }
        Map<String, MetricFamily> families = new LinkedHashMap<>();
        samples.forEach((name, list) -> families.put(name,
                new MetricFamily(name, types.getOrDefault(name, MetricType.UNTYPED), helps.get(name), list)));
        return new Exposition(families);
    }

    /** {@code [keyword, name, rest]} of a {@code # KEYWORD name rest} line, or null for other comments. */
    private static String[] commentParts(String line) {
        if (!line.startsWith("#")) {
            return null;
        }
        String[] parts = line.substring(1).strip().split("[ \t]+", 3);
        return parts.length < 2 ? null : parts;
    }

    private static String counterBase(String name) {
        return name.endsWith("_total") && name.length() > "_total".length()
                ? name.substring(0, name.length() - "_total".length()) : name;
    }

    private static String familyOf(String sampleName, Map<String, MetricType> types) {
        if (types.containsKey(sampleName)) {
            return sampleName;
        }
        for (String suffix : SUFFIXES) {
            if (sampleName.endsWith(suffix)) {
                String base = sampleName.substring(0, sampleName.length() - suffix.length());
                MetricType t = types.get(base);
                if (t != null && t != MetricType.GAUGE && t != MetricType.UNTYPED) {
                    return base;
                }
            }
        }
        return sampleName;
    }

    private static String unescapeHelp(String s) {
        return s.replace("\\n", "\n").replace("\\\\", "\\");
    }

    /** Parses a value token: a float, {@code +Inf}, {@code -Inf}, {@code NaN}. */
    static double value(String token) {
        return switch (token) {
            case "+Inf", "Inf", "+inf", "inf" -> Double.POSITIVE_INFINITY;
            case "-Inf", "-inf" -> Double.NEGATIVE_INFINITY;
            case "NaN", "nan" -> Double.NaN;
            default -> {
                if (token.isEmpty() || !(Character.isDigit(token.charAt(token.length() - 1)) || token.endsWith("."))) {
                    throw new NumberFormatException(token);
                }
                yield Double.parseDouble(token);
            }
        };
    }

    /** Reads one sample line left to right. */
    private static final class LineReader {
        private final String s;
        private final int lineNo;
        private int i;

        LineReader(String s, int lineNo) {
            this.s = s;
            this.lineNo = lineNo;
        }

        Sample sample() {
            String name = name();
            Map<String, String> labels = new LinkedHashMap<>();
            skipSpaces();
            if (peek() == '{') {
                i++;
                name = labels(name, labels);
            }
            if (name.isEmpty()) {
                throw new FormatException(lineNo, "a sample must start with a metric name: " + abbreviate());
            }
            skipSpaces();
            double value = number(token(), "value");
            skipSpaces();
            Long timestamp = null;
            if (i < s.length() && peek() != '#') {
                String t = token();
                timestamp = t.contains(".") || t.contains("e") ? Math.round(number(t, "timestamp") * 1000)
                        : (long) number(t, "timestamp");
            }
            return new Sample(name, labels, value, timestamp); // anything after '#' is an exemplar: skipped
        }

        private String name() {
            int start = i;
            while (i < s.length() && isNameChar(s.charAt(i), i == start)) {
                i++;
            }
            return s.substring(start, i);
        }

        /** Reads labels up to '}'; returns the metric name (a quoted name inside the braces wins). */
        private String labels(String name, Map<String, String> labels) {
            String metric = name;
            while (true) {
                skipSpaces();
                char c = peek();
                if (c == '}') {
                    i++;
                    return metric;
                }
                String key = c == '"' ? quoted() : name();
                skipSpaces();
                if (peek() != '=') {
                    if (c == '"' && metric.isEmpty()) { // {"utf8.metric.name", ...}
                        metric = key;
                    } else {
                        throw new FormatException(lineNo, "expected '=' after label " + key + ": " + abbreviate());
                    }
                } else {
                    if (key.isEmpty()) {
                        throw new FormatException(lineNo, "a label needs a name: " + abbreviate());
                    }
                    i++;
                    skipSpaces();
                    labels.put(key, quoted());
                }
                skipSpaces();
                if (peek() == ',') {
                    i++;
                } else if (peek() != '}') {
                    throw new FormatException(lineNo, "expected ',' or '}' in labels: " + abbreviate());
                }
            }
        }

        private String quoted() {
            if (peek() != '"') {
                throw new FormatException(lineNo, "a label value must be in double quotes: " + abbreviate());
            }
            i++;
            StringBuilder out = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c == '\\' && i < s.length()) {
                    char e = s.charAt(i++);
                    out.append(e == 'n' ? '\n' : e);
                } else {
                    out.append(c);
                }
            }
            throw new FormatException(lineNo, "unterminated label value: " + abbreviate());
        }

        private String token() {
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return s.substring(start, i);
        }

        private double number(String token, String what) {
            try {
                return value(token);
            } catch (NumberFormatException e) {
                throw new FormatException(lineNo, "the " + what + " '" + token + "' is not a number: " + abbreviate());
            }
        }

        private char peek() {
            if (i >= s.length()) {
                throw new FormatException(lineNo, "the line ends too early: " + abbreviate());
            }
            return s.charAt(i);
        }

        private void skipSpaces() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
        }

        private String abbreviate() {
            return s.length() <= 120 ? s : s.substring(0, 120) + "...";
        }

        private static boolean isNameChar(char c, boolean first) {
            return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
        }
    }
}
