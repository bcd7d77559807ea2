package dev.infergate.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.sweep.SweepDocument;
import java.util.List;
import java.util.Map;

/**
 * acceptance.json (schema {@value AcceptanceReport#SCHEMA}) as a value, built by {@link AcceptanceReport} and
 * written by the shared JSON mapper. The matrix, runs, factors and SLO at the end are the shapes the HTML
 * report draws (docs/report.md).
 *
 * @param verdict            overall (speed and quality), lower case
 * @param speedVerdict       the comparison's verdict alone
 * @param audiences          each audience's verdict, reason and criteria (docs/acceptance.md, "Audiences")
 * @param untilDecided       what {@code --until-decided} added and left undecided; absent without it
 * @param quality            the quality comparison's own document (quality-comparison.json); null when not checked
 * @param headline           the capacity line; null without capacity on both sides
 * @param capacityDifference absent without capacity on both sides
 * @param capacityCurves     the two sides' attainment curves compared; absent without capacity on both sides
 * @param reason             the headline, or which criteria decided
 * @param runs               the runs to overlay: the last condition's first repeat of each side
 * @param factorsChanged     the declared labels that differ; absent when none were compared
 * @param sweep              the plan's load sweep (sweep/sweep.json, as written): every level's figures and changes with
 *                           intervals, and how the error is held across levels; absent without a sweep step
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonPropertyOrder({"schema", "verdict", "speed_verdict", "audiences", "until_decided", "quality", "headline", "plan", "capacity", "capacity_difference", "capacity_curves",
    "burst", "sweep", "caveats", "comparison", "reason", "matrix", "runs", "factors_changed", "slo"})
public record AcceptanceDocument(String schema, String verdict, String speedVerdict, List<AudienceJson.Audience> audiences,
        @JsonInclude(JsonInclude.Include.NON_NULL) UntilDecidedJson untilDecided, QualityComparison.Document quality,
        String headline, Plan plan, Map<String, CapacityJson.Side> capacity,
        @JsonInclude(JsonInclude.Include.NON_NULL) CapacityJson.Difference capacityDifference,
        @JsonInclude(JsonInclude.Include.NON_NULL) CapacityJson.Curves capacityCurves, Map<String, Burst> burst,
        List<String> caveats, ComparisonDocument comparison, String reason, List<Cell> matrix,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Run> runs,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> factorsChanged, Slo.Targets slo,
        @JsonInclude(JsonInclude.Include.NON_NULL) SweepDocument sweep) {

    /**
     * What was asked.
     *
     * @param agent  the agent sessions' shape; absent when the plan has none
     * @param images the images each request of the preset rows carries ({@code 1 x 1024x768 jpeg}); absent for text
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Plan(Side baseline, Side candidate, List<String> conditions, Map<String, String> loads, int repeats,
            int requestsPerRun, int warmupRequestsPerRun, Slo.Targets slo, long seed,
            @JsonInclude(JsonInclude.Include.NON_NULL) Agent agent, @JsonInclude(JsonInclude.Include.NON_NULL) String images) {}

    /**
     * The plan's agent sessions: their shape (token lengths as the plan wrote them) and the sessions each run starts.
     *
     * @param thinkTimeMs          pause between a turn's answer and the next turn, ms
     * @param sessionsPerRun       measured sessions per run ({@code ceil(requests / turns)})
     * @param warmupSessionsPerRun warm-up sessions per run
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Agent(int turns, long thinkTimeMs, int systemTokens, String userTokens, String toolTokens,
            String outputTokens, int sessionsPerRun, int warmupSessionsPerRun) {}

    /** An endpoint: its URL and its labels, sorted by name. */
    public record Side(String url, Map<String, String> labels) {}

    /** One side's burst run: its rates, each phase's longest waits and failures, and the run second by second. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Burst(double baseRatePerS, double peakRatePerS, Map<String, Phase> phases,
            List<BurstTimeline.Second> perSecond) {}

    /** A burst phase: the longest waits of its users (ms from scheduled) and its failed requests. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Phase(Double ttftFromScheduledP99, Double ttftFromScheduledMax, Double e2eFromScheduledP99,
            Double e2eFromScheduledMax, long count, Long failures) {}

    /**
     * One condition of the matrix.
     *
     * @param note the first criterion that did not pass and its verdict; absent when all passed
     */
    public record Cell(String workload, String prefix, String load, String outcome,
            @JsonInclude(JsonInclude.Include.NON_NULL) String note) {}

    /** A run the report overlays. */
    public record Run(String side, String dir) {}
}
