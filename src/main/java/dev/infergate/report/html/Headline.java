package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.infergate.analysis.FigureSet;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Percentiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The top of the page: the verdict (when an acceptance ran), capacity at SLO per side, the worst waits
 * (p99 and max of TTFT and E2E from <b>scheduled</b>, what users actually waited) and the caveats a reader
 * must see before trusting a number: small samples, partial runs, no warm-up, client-counted tokens,
 * inconclusive criteria, and more than one factor changed between sides.
 */
final class Headline {
    private Headline() {}

    static View of(List<Side> sides, List<Environment.Difference> diff, JsonNode acceptance, List<String> inputCaveats) {
        List<String> caveats = new ArrayList<>();
        String verdict = null;
        String reason = null;
        if (acceptance != null) {
            verdict = text(acceptance.get("verdict"));
            JsonNode written = acceptance.get("reason");
            reason = text(written != null && !written.isNull() ? written : acceptance.get("headline"));
            inconclusive(acceptance, caveats);
            ReportInputs.elements(acceptance.path("caveats")).forEach(c -> caveats.add(text(c)));
        }
        List<SideLine> perSide = new ArrayList<>();
        for (Side s : sides) {
            perSide.add(side(s, acceptance));
            sideCaveats(s, caveats);
        }
        factors(diff, acceptance, caveats);
        caveats.addAll(inputCaveats);
        return new View(verdict, reason, perSide, caveats);
    }

    /**
     * The top of the page: the verdict and its reason (left out without an acceptance), a line per side and
     * the caveats, in the order a reader should see them.
     */
    record View(@JsonInclude(JsonInclude.Include.NON_NULL) String verdict,
            @JsonInclude(JsonInclude.Include.NON_NULL) String reason, List<SideLine> sides, List<String> caveats) {}

    /**
     * One side at the top of the page: its counts, rates and the longest waits of its users.
     *
     * @param capacity the side's capacity at the SLO from acceptance.json, req/s; null without one
     * @param delivery the streaming delivery verdict (the probe's, else the summary's); null without one
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record SideLine(String name, FigureSet.Requests requests, Map<String, Long> errors, Double errorRate,
            FigureSet.Throughput throughput, FigureSet.Goodput goodput, Worst worstMs, Number capacity, String delivery) {}

    /** What users waited, from the <b>scheduled</b> time: p99 and max of TTFT and E2E, ms (null when none). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Worst(Double ttftP99Ms, Double ttftMaxMs, Double e2eP99Ms, Double e2eMaxMs) {}

    private static SideLine side(Side s, JsonNode acceptance) {
        FigureSet sum = s.summary.figures();
        Percentiles ttft = sum.latencyMs().get(Metric.TTFT_FROM_SCHEDULED);
        Percentiles e2e = sum.latencyMs().get(Metric.E2E_FROM_SCHEDULED);
        return new SideLine(s.name, sum.requests(), sum.errors(), sum.errorRate(), sum.throughput(), sum.goodput(),
                new Worst(ttft.p99(), ttft.max(), e2e.p99(), e2e.max()), capacity(acceptance, s.name),
                s.delivery == null ? null : text(s.delivery.get("verdict")));
    }

    /** {@code acceptance.capacity[side].rps} (or {@code rate_per_s}, as {@code infergate accept} writes it), else null. */
    private static Number capacity(JsonNode acceptance, String side) {
        if (acceptance == null) {
            return null;
        }
        JsonNode c = acceptance.path("capacity").path(side);
        JsonNode rps = c.hasNonNull("rps") ? c.get("rps") : c.path("rate_per_s");
        return rps.isNumber() ? rps.numberValue() : null;
    }

    private static void sideCaveats(Side s, List<String> caveats) {
        FigureSet sum = s.summary.figures();
        FigureSet.Requests requests = sum.requests();
        if (s.summary.partial()) {
            caveats.add(s.name + ": the run was interrupted; its figures cover only the requests that finished.");
        }
        List<String> low = new ArrayList<>();
        for (Metric m : List.of(Metric.TTFT, Metric.ITL, Metric.TPOT, Metric.E2E)) {
            List<String> l = sum.latencyMs().get(m).lowSample();
            if (l != null) {
                low.add(m.key().toUpperCase() + " " + String.join(", ", l.stream().map(Headline::percentile).toList()));
            }
        }
        if (!low.isEmpty()) {
            caveats.add(s.name + ": " + requests.completed() + " completed requests: fewer than 10 samples lie beyond "
                    + String.join("; ", low) + ". Treat those percentiles as rough bounds.");
        }
        if (requests.warmup() == 0) {
            caveats.add(s.name + ": no warm-up requests were excluded; the first requests may include cold starts.");
        }
        Object source = sum.tokens().outputSource();
        if ("client".equals(source) || "mixed".equals(source)) {
            caveats.add(s.name + ": output tokens were counted by the client (the server did not always send usage); "
                    + "TPOT and token rates are estimates.");
        }
    }

    private static String percentile(Object key) {
        return Percentiles.label(String.valueOf(key));
    }

    private static void inconclusive(JsonNode acceptance, List<String> caveats) {
        List<String> names = new ArrayList<>();
        for (JsonNode c : ReportInputs.elements(acceptance.path("criteria"))) {
            if ("inconclusive".equals(c.path("outcome").textValue())) {
                names.add(text(c.get("name")) + (c.path("more_samples").isNumber()
                        ? " (about " + c.get("more_samples").longValue() + " more samples would settle it)" : ""));
            }
        }
        if (!names.isEmpty()) {
            caveats.add(names.size() + " criteria are inconclusive: " + String.join("; ", names) + ".");
        }
    }

    private static void factors(List<Environment.Difference> diff, JsonNode acceptance, List<String> caveats) {
        List<String> factors = new ArrayList<>(Environment.factors(diff));
        JsonNode declared = acceptance == null ? MissingNode.getInstance() : acceptance.path("factors_changed");
        if (declared.isArray() && declared.size() > factors.size()) {
            factors = new ArrayList<>();
            for (JsonNode f : declared) {
                factors.add(text(f));
            }
        }
        if (factors.size() > 1) {
            caveats.add("More than one factor differs between the sides (" + String.join(", ", factors)
                    + "): a difference in the figures cannot be pinned on one of them.");
        }
    }

    /** A value of a JSON file as text: null for absent or null, a string as it is, anything else as JSON. */
    static String text(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        return n.isValueNode() ? n.asText() : n.toString();
    }
}
