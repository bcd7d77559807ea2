package dev.infergate.report.html;

import java.util.List;

/**
 * The report page's script, kept as one module per section under {@code dev/infergate/report/html/} and
 * inlined into the single HTML file at render time: the modules in {@link #MODULES} order, inside one function
 * so that they share its scope (helpers, the parsed data) and nothing leaks into the page's globals. Later
 * modules use what earlier ones declare; the last one draws the sections and writes the self-check.
 */
final class ReportScript {
    /** The modules, in the order they are inlined. */
    static final List<String> MODULES = List.of(
            "report-core.js",       // constants, the data, DOM helpers (text only), uPlot line charts
            "report-canvas.js",     // canvas drawing: xy charts, axes, markers, legends
            "report-decision.js",   // header, headline cards, the decision at a glance
            "report-acceptance.js", // criteria, matrix grid, capacity, quality, burst
            "report-runs.js",       // distributions, agent sessions, over time, streaming timelines
            "report-sweep.js",      // a sweep's frontier, TTFT and E2E against throughput, its levels
            "report-tables.js");    // conditions, cold vs warm, server metrics, environment, drawing, self-check

    private static final String DIR = "dev/infergate/report/html/";

    private ReportScript() {}

    /** The whole script: every module's text, in order, wrapped in one function that runs at once. */
    static String source() {
        StringBuilder out = new StringBuilder(64 * 1024).append("(function () {\n");
        for (String module : MODULES) {
            out.append(HtmlReport.resource(DIR + module));
        }
        return out.append("})();\n").toString();
    }
}
