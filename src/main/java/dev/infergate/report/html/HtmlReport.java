package dev.infergate.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.report.ReportFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The self-contained HTML report: one file that opens offline, with uPlot (from its webjar), the page's
 * own script and style inlined, and the data of {@link ReportModel} embedded as JSON.
 *
 * <p>Nothing a model, a dataset or a user wrote ever reaches the page as markup: the data sits in a
 * {@code <script type="application/json">} block with {@code <}, {@code >}, {@code &}, U+2028 and U+2029
 * escaped (so no string can close the block), and the page's script puts text into the document only
 * through {@code textContent}.
 */
public final class HtmlReport implements ReportFormat {
    static final String UPLOT_DIR = "META-INF/resources/webjars/uplot/1.6.30/dist/";
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Pattern MARKER = Pattern.compile("\\{\\{([A-Z_]+)}}");

    /** Writes the report of {@code runDirs} to {@code out}; the call {@code run}, {@code accept} and {@code demo} make. */
    public static void write(List<Path> runDirs, Path out) throws IOException {
        String html = new HtmlReport().render(runDirs);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AtomicFiles.writeString(out, html);
    }

    @Override
    public String extension() {
        return "html";
    }

    @Override
    public String render(List<Path> runDirs) {
        return page(ReportModel.build(runDirs));
    }

    /** The page for already-built data (tests render synthetic data this way). */
    static String page(ReportData data) {
        Map<String, String> parts = Map.of(
                "UPLOT_CSS", inlineSafe(resource(UPLOT_DIR + "uPlot.min.css"), "style"),
                "REPORT_CSS", inlineSafe(resource("dev/infergate/report/html/report.css"), "style"),
                "TITLE", escapeHtml(data.title()),
                "DATA", embeddedJson(data),
                "UPLOT_JS", inlineSafe(resource(UPLOT_DIR + "uPlot.iife.min.js"), "script"),
                "REPORT_JS", inlineSafe(ReportScript.source(), "script"));
        return fill(resource("dev/infergate/report/html/report.html"), parts);
    }

    /**
     * Replaces each {@code {{NAME}}} of the template in one pass; inserted text is never scanned again, so
     * data that happens to contain a marker stays data.
     */
    static String fill(String template, Map<String, String> parts) {
        Matcher m = MARKER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + parts.values().stream().mapToInt(String::length).sum());
        while (m.find()) {
            String part = parts.get(m.group(1));
            if (part == null) {
                throw new IllegalStateException("template marker {{" + m.group(1) + "}} has no content");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(part));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * {@code data} as JSON that can sit inside a script element: {@code <}, {@code >} and {@code &} become
     * {@code \u003c}-style escapes (no {@code </script>} or {@code <!--} can form), and so do U+2028/U+2029.
     * These characters only ever occur inside JSON strings, where the escapes mean the same.
     */
    static String embeddedJson(Object data) {
        String json;
        try {
            json = JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report data is not serializable: " + e.getMessage(), e);
        }
        StringBuilder out = new StringBuilder(json.length() + 64);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Text for an HTML text node or attribute value. */
    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /** A bundled script or style, refused if it could end its element early. */
    private static String inlineSafe(String code, String element) {
        if (code.toLowerCase(Locale.ROOT).contains("</" + element)) {
            throw new IllegalStateException("bundled " + element + " contains '</" + element + "' and cannot be inlined");
        }
        return code;
    }

    static String resource(String path) {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("resource " + path + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + path, e);
        }
    }
}
