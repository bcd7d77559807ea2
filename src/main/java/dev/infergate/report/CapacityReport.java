package dev.infergate.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacityFile;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * capacity.json: what a capacity search found, written atomically by {@code infergate capacity} and by {@code accept}'s
 * capacity step, so the requests/hour answer outlives the console (docs/acceptance.md, "Capacity at the SLO"); and its
 * console text, which {@code summarize DIR} prints again from the file.
 */
public final class CapacityReport {
    /** The file's name in the output directory. */
    public static final String FILE = CapacityFile.NAME;
    /** How the estimate and interval are made, written into the file so a reader need not guess. */
    static final String METHOD = "isotonic (monotone) fit of SLO attainment against offered rate over every probe; "
            + "estimate and 95 % interval from 2000 draws of the whole curve (each probe's Jeffreys posterior, restricted to "
            + "curves that never rise with the rate), the crossing "
            + "drawn uniformly in log rate between the probes around it; probes offer exactly their rate (Poisson arrivals "
            + "conditioned on their count)";

    private CapacityReport() {}

    /**
     * The whole file.
     *
     * @param kind       always "capacity": what the file is, for a reader that finds it alone
     * @param target     the SLO attainment held, e.g. 0.95
     * @param slo        the SLO the requests were judged by, e.g. "ttft=2s,tpot=25ms"
     * @param workload   the work the probes sent, e.g. "short-chat/fresh" (what {@code compare} and {@code accept
     *                   --capacity-from} check before they read two capacities side by side); absent in older files
     * @param endpoints  each side's base URL, as the probes reached it; absent in older files
     * @param sides      each side's capacity, probes and fit ("baseline", and "candidate" when two were searched)
     * @param difference the candidate's minus the baseline's, requests/hour; absent with one side
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Document(String kind, double target, String slo, String method,
            @JsonInclude(JsonInclude.Include.NON_NULL) String workload,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> endpoints, Map<String, CapacityJson.Side> sides,
            @JsonInclude(JsonInclude.Include.NON_NULL) CapacityJson.Difference difference) {}

    /** The document of {@code results} (side name to result, in order), judged at {@code target} against {@code slo}. */
    public static Document document(Map<String, CapacitySearch.Result> results, double target, Slo slo) {
        return document(results, target, slo, null, Map.of());
    }

    /**
     * The document of {@code results}, saying which {@code workload} the probes sent and each side's endpoint
     * ({@code endpoints}: side name to base URL).
     */
    public static Document document(Map<String, CapacitySearch.Result> results, double target, Slo slo, String workload,
            Map<String, String> endpoints) {
        return document(results, target, slo.text(), workload, endpoints);
    }

    /** As {@link #document(Map, double, Slo, String, Map)}, with the SLO as its text (as a capacity.json read back holds it). */
    public static Document document(Map<String, CapacitySearch.Result> results, double target, String slo, String workload,
            Map<String, String> endpoints) {
        Map<String, CapacityJson.Side> sides = new LinkedHashMap<>();
        results.forEach((side, r) -> sides.put(side, CapacityJson.side(r)));
        CapacitySearch.Result base = results.get("baseline");
        CapacitySearch.Result cand = results.get("candidate");
        CapacityJson.Difference d = base != null && cand != null ? CapacityJson.difference(CapacityDifference.of(base, cand)) : null;
        return new Document("capacity", target, slo, METHOD, workload, new LinkedHashMap<>(endpoints), sides, d);
    }

    /**
     * comparison.json of {@code compare --out} on two capacities: what was compared and the verdict.
     *
     * @param kind      always "capacity_comparison"
     * @param sources   where each side was read from ("baseline", "candidate" to the folder, and the side taken from it)
     * @param capacity  both sides re-fitted from their probes and the difference, as a capacity.json holds them
     * @param audiences the audiences' verdicts on their capacity criteria
     * @param notJudged audiences with no capacity criterion (a capacity result has no matrix runs to judge them on)
     * @param verdict   ACCEPTED, REJECTED or INCONCLUSIVE
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ComparisonDocument(String kind, Map<String, String> sources, Document capacity,
            java.util.List<AudienceJson.Audience> audiences, @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<String> notJudged,
            String verdict) {}

    /**
     * Writes comparison.json and comparison.md of two capacities compared into {@code dir} (created), each atomically;
     * {@code console} is what {@code compare} printed, kept as the markdown's body.
     */
    public static void writeComparison(Path dir, ComparisonDocument document, String console) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.writeJson(Json.PRETTY, dir.resolve("comparison.json"), document);
        AtomicFiles.writeString(dir.resolve("comparison.md"), "# Capacity comparison: " + document.verdict() + "\n\n"
                + "Baseline " + code(document.sources().get("baseline")) + ", candidate "
                + code(document.sources().get("candidate")) + " (each side re-fitted from its probes).\n\n```\n"
                + console.replace("```", "'''") + "```\n");
    }

    /** {@code text} as inline code (a path may hold markdown's own characters); a backtick in it becomes a quote. */
    private static String code(String text) {
        return "`" + text.replace('`', '\'').replace('\n', ' ') + "`";
    }

    /** Writes {@code dir/capacity.json} atomically (a crash leaves the old file or the new one, never half). */
    public static Path write(Path dir, Document document) throws IOException {
        Path file = dir.resolve(FILE);
        AtomicFiles.writeJson(Json.PRETTY, file, document);
        return file;
    }

    /** The console lines of one side's result: the answer, its interval, why the search stopped, the longest wait. */
    public static String console(String side, CapacitySearch.Result r, double target) {
        StringBuilder sb = new StringBuilder();
        if (r.atCapacity() == null && r.ratePerSecond() == 0) {
            sb.append(String.format(Locale.ROOT, "capacity %s: the SLO was not met at %.3g req/s, the lowest rate tried%n", side,
                    r.steps().stream().mapToDouble(CapacitySearch.Step::ratePerSecond).min().orElse(Double.NaN)));
        } else {
            sb.append(String.format(Locale.ROOT, "capacity %s at %.0f%% attainment: %.3g req/s = %,.0f requests/hour, 95%% interval"
                    + " [%,.0f, %s] (%d probes)%n", side, target * 100, r.ratePerSecond(), r.requestsPerHour(), r.lowerRate() * 3600,
                    r.bounded() ? String.format(Locale.ROOT, "%,.0f", r.upperRate() * 3600) : "not reached", r.steps().size()));
        }
        if (r.stop() != null) {
            sb.append("  stopped: ").append(r.stop().text()).append('\n');
        }
        if (r.atCapacity() != null) {
            var w = r.atCapacity().longestWait();
            sb.append(String.format(Locale.ROOT, "  longest wait there (%.3g req/s, from scheduled): TTFT p99 %.0fms max %.0fms,"
                    + " E2E p99 %.0fms max %.0fms (%d requests)%n", r.atCapacity().ratePerSecond(), w.ttftP99Ms(), w.ttftMaxMs(),
                    w.e2eP99Ms(), w.e2eMaxMs(), w.count()));
        }
        return sb.toString();
    }

    /** The console text of a capacity.json read back (for {@code summarize DIR}); every string in it is sanitised. */
    public static String console(JsonNode document) {
        StringBuilder sb = new StringBuilder();
        double target = document.path("target").asDouble(Double.NaN);
        sb.append(String.format(Locale.ROOT, "capacity at %.0f%% SLO attainment (%s)%n", target * 100,
                TerminalText.sanitize(document.path("slo").asText("-"))));
        document.path("sides").properties().forEach(e -> {
            JsonNode s = e.getValue();
            JsonNode interval = s.path("requests_per_hour_interval");
            // a side that held at no rate tried lies below its lowest probe, where its interval ends: never "0"
            boolean heldNowhere = s.path("requests_per_hour").asDouble(Double.NaN) == 0 && interval.path(1).asDouble(0) > 0;
            sb.append(String.format(Locale.ROOT, "  %s: %s, 95%% interval [%s, %s], %d probes%s%n",
                    TerminalText.sanitize(e.getKey()), heldNowhere ? "below " + perHour(interval.path(1))
                            + " requests/hour (the SLO held at no rate tried)" : perHour(s.path("requests_per_hour")) + " requests/hour",
                    perHour(interval.path(0)),
                    interval.path(1).isNumber() ? perHour(interval.path(1)) : "not reached", s.path("probes").size(),
                    s.path("stop").isTextual() ? " (" + TerminalText.sanitize(s.path("stop").asText()) + ")" : ""));
        });
        JsonNode d = document.path("difference");
        if (d.isObject()) {
            JsonNode i = d.path("requests_per_hour_interval");
            sb.append(String.format(Locale.ROOT, "  candidate - baseline: %s requests/hour [%s, %s]%s%n", signed(d.path("requests_per_hour")),
                    i.path(0).isNumber() ? signed(i.path(0)) : "-inf", i.path(1).isNumber() ? signed(i.path(1)) : "+inf",
                    d.path("excludes_zero").asBoolean() ? "" : " (the interval includes zero)"));
        }
        return sb.toString();
    }

    /**
     * The console text of two capacities compared ({@code compare} on capacity folders): the question (target, SLO,
     * workload), each side's requests/hour with its interval and the longest wait there, and candidate - baseline with
     * the interval from independent draws of the two fits ({@link CapacityDifference}).
     */
    public static String comparisonConsole(double target, String slo, String workload, String baseName, CapacityFile.Side base,
            String candName, CapacityFile.Side cand) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "capacity at %.0f%% SLO attainment (%s)%s%n", target * 100, slo,
                workload == null ? "" : ", " + workload));
        side(sb, "baseline", baseName, base);
        side(sb, "candidate", candName, cand);
        CapacitySearch.Result b = base.result();
        CapacitySearch.Result c = cand.result();
        CapacityDifference d = CapacityDifference.of(b, c);
        double relative = b.requestsPerHour() > 0 ? d.perHour() / b.requestsPerHour() * 100 : Double.NaN;
        sb.append(String.format(Locale.ROOT, "candidate - baseline: %s requests/hour [%s, %s]%s%s%n", signed(d.perHour()),
                signed(d.lowPerHour()), signed(d.highPerHour()), Double.isFinite(relative) && Double.isFinite(d.lowPerHour())
                        && Double.isFinite(d.highPerHour()) ? String.format(Locale.ROOT, " (%+.1f %% [%+.1f, %+.1f])", relative,
                        d.lowPerHour() / b.requestsPerHour() * 100, d.highPerHour() / b.requestsPerHour() * 100) : "",
                d.excludesZero() ? "" : "; the interval includes zero"));
        return sb.toString();
    }

    private static void side(StringBuilder sb, String role, String name, CapacityFile.Side s) {
        CapacitySearch.Result r = s.result();
        sb.append(String.format(Locale.ROOT, "  %s (%s): %,.0f requests/hour, 95%% interval [%,.0f, %s], %d probes%s%n", role, name,
                r.requestsPerHour(), r.lowerRate() * 3600, r.bounded() ? String.format(Locale.ROOT, "%,.0f", r.upperRate() * 3600)
                        : "not reached", r.steps().size(), r.stop() == null ? "" : " (" + r.stop().name().toLowerCase(Locale.ROOT) + ")"));
        var w = s.longestWait();
        sb.append(w == null ? "    longest wait there: - (no probe held the target)\n" : String.format(Locale.ROOT,
                "    longest wait there (from scheduled): TTFT p99 %.0fms max %.0fms, E2E p99 %.0fms max %.0fms (%d requests)%n",
                w.ttftP99Ms(), w.ttftMaxMs(), w.e2eP99Ms(), w.e2eMaxMs(), w.count()));
    }

    private static String signed(double v) {
        return Double.isInfinite(v) ? (v > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%+,.0f", v);
    }

    /** capacity.json in {@code dir}, read as a tree; null when absent. */
    public static JsonNode read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        return Files.isRegularFile(file) ? Json.COMPACT.readTree(file.toFile()) : null;
    }

    private static String perHour(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%,.0f", n.asDouble()) : "-";
    }

    private static String signed(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%+,.0f", n.asDouble()) : "-";
    }
}
