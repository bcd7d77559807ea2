package dev.infergate.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.EnvironmentDiff;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * comparison.json (schema {@value ComparisonReport#SCHEMA}) as a value, written by the shared JSON mapper.
 * Numbers are rounded to 6 decimals; an undefined number (NaN, no interval) is null.
 *
 * @param verdict    the overall verdict in lower case: {@code accepted}, {@code rejected}, {@code inconclusive}
 * @param confidence the intervals' confidence level
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ComparisonDocument(String schema, String verdict, double confidence, Environment environment, List<String> notes,
        List<Condition> conditions,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        List<AudienceJson.Audience> audiences) {

    /** This document with each audience's verdict (comparison.json from {@code compare}); absent inside acceptance.json. */
    public ComparisonDocument withAudiences(List<AudienceJson.Audience> verdicts) {
        return new ComparisonDocument(schema, verdict, confidence, environment, notes, conditions, verdicts);
    }

    /** The document of {@code result}. */
    public static ComparisonDocument of(Comparison.Result result, EnvironmentDiff env, List<String> notes) {
        return new ComparisonDocument(ComparisonReport.SCHEMA, ComparisonFormat.overall(result.verdict()).toLowerCase(Locale.ROOT),
                result.confidence(), Environment.of(env), List.copyOf(notes),
                result.conditions().stream().map(Condition::of).toList(), null);
    }

    /** What differs between the sides: declared labels, what the servers said, sampling settings; and the warnings. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Environment(Map<String, List<String>> declaredDifferences, Map<String, List<String>> observedDifferences,
            Map<String, List<String>> samplingDifferences, List<String> warnings) {
        static Environment of(EnvironmentDiff env) {
            return new Environment(env.factors(), env.observed(), env.sampling(), env.warnings());
        }
    }

    /**
     * One condition: its verdict, every figure estimated and every criterion judged.
     *
     * @param runToRunAllowance what its relative criteria were widened by (docs/acceptance.md, "Too few runs per
     *                          side"); absent when each side had enough runs to measure drift itself
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Condition(String condition, String verdict,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double runToRunAllowance, List<Figure> figures, List<Criterion> criteria) {
        static Condition of(Comparison.ConditionResult c) {
            return new Condition(c.condition(), c.verdict().key(), c.runToRunAllowance() > 0 ? c.runToRunAllowance() : null,
                    c.estimates().stream().map(Figure::of).toList(), c.judgements().stream().map(Criterion::of).toList());
        }
    }

    /**
     * One statistic on both sides.
     *
     * @param delta        candidate / baseline - 1
     * @param differencePp the difference in percentage points, for shares shown that way; absent otherwise
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Figure(String statistic, String unit, Double baseline, Double candidate, Double delta, List<Double> deltaCi,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double differencePp, List<Double> candidateCi, long baselineN,
            long candidateN, int baselineRepeats, int candidateRepeats, boolean lowSample) {
        static Figure of(Estimate e) {
            return new Figure(e.statistic().key(), e.statistic().metric().unit(), ComparisonFormat.round(e.baseline()),
                    ComparisonFormat.round(e.candidate()), ComparisonFormat.round(e.delta()),
                    e.hasInterval() ? pair(e.deltaLow(), e.deltaHigh()) : null,
                    ComparisonFormat.inPoints(e.statistic()) ? ComparisonFormat.round(ComparisonFormat.differencePoints(e)) : null,
                    Double.isNaN(e.candidateLow()) ? null : pair(e.candidateLow(), e.candidateHigh()), e.baselineCount(),
                    e.candidateCount(), e.baselineRepeats(), e.candidateRepeats(), e.lowSample());
        }

        private static List<Double> pair(double low, double high) {
            return Arrays.asList(ComparisonFormat.round(low), ComparisonFormat.round(high)); // nulls allowed
        }
    }

    /**
     * One criterion's judgement.
     *
     * @param criterion       as written for people, e.g. {@code ttft.p95 max_regression 10%}
     * @param samplesToSettle about how many requests per side would settle an inconclusive criterion; null otherwise
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Criterion(String criterion, String statistic, String bound, double threshold, String verdict,
            Long samplesToSettle, String note) {
        static Criterion of(Judgement j) {
            return new Criterion(j.criterion().describe(), j.criterion().statistic().key(), j.criterion().bound().key(),
                    j.criterion().threshold(), j.verdict().key(), j.samplesToSettle() > 0 ? j.samplesToSettle() : null, j.note());
        }
    }
}
