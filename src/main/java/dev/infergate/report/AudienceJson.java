package dev.infergate.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.audience.CapacityJudgement;
import dev.infergate.analysis.compare.Judgement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code audiences} array of acceptance.json and comparison.json (docs/results.md): per audience its name,
 * label, verdict (ACCEPTED, REJECTED, INCONCLUSIVE), one-line reason and criteria. Each criterion entry has the
 * shape of a condition's criterion entry plus the {@code condition} it was judged in and its figure's
 * {@code delta} and {@code delta_ci}; capacity criteria have {@code condition: "capacity"}.
 */
public final class AudienceJson {
    private AudienceJson() {}

    /** One audience's entry; records are written in component order. */
    public record Audience(String name, String label, String verdict, String reason, List<Entry> criteria) {}

    /** One criterion of an audience as judged: a statistic's criterion in a condition, or a capacity criterion. */
    public sealed interface Entry permits Judged, Capacity {}

    /**
     * A statistic's criterion judged in {@code condition}: {@code delta} is the relative change, {@code deltaCi}
     * its interval (null without one), {@code samplesToSettle} requests per side that would settle an
     * inconclusive verdict (null otherwise).
     */
    public record Judged(String condition, String criterion, String statistic, String bound, double threshold, String verdict,
            @JsonProperty("samples_to_settle") Long samplesToSettle, String note, Double delta,
            @JsonProperty("delta_ci") List<Double> deltaCi) implements Entry {}

    /**
     * A capacity criterion ({@code condition: "capacity"}): the change in requests/hour at the SLO relative to the
     * baseline's ({@code delta}, null when the baseline has none) and in requests/hour with its interval.
     */
    public record Capacity(String condition, String criterion, String statistic, String bound, double threshold, String verdict,
            @JsonProperty("samples_to_settle") Long samplesToSettle, String note, Double delta,
            @JsonProperty("delta_ci") List<Double> deltaCi,
            @JsonProperty("requests_per_hour_difference") Double requestsPerHourDifference,
            @JsonProperty("requests_per_hour_interval") List<Double> requestsPerHourInterval) implements Entry {}

    public static List<Audience> list(List<AudienceVerdict> verdicts) {
        List<Audience> out = new ArrayList<>();
        for (AudienceVerdict v : verdicts) {
            List<Entry> criteria = new ArrayList<>();
            v.judged().forEach(j -> criteria.add(judged(j.condition(), j.judgement())));
            v.capacity().forEach(k -> criteria.add(capacity(k)));
            out.add(new Audience(v.audience().name(), v.audience().label(), v.word(), v.reason(), criteria));
        }
        return out;
    }

    static Judged judged(String condition, Judgement j) {
        return new Judged(condition, j.criterion().describe(), j.criterion().statistic().key(), j.criterion().bound().key(),
                j.criterion().threshold(), j.verdict().key(), j.samplesToSettle() > 0 ? j.samplesToSettle() : null, j.note(),
                ComparisonFormat.round(j.estimate().delta()), j.estimate().hasInterval()
                        ? Arrays.asList(ComparisonFormat.round(j.estimate().deltaLow()), ComparisonFormat.round(j.estimate().deltaHigh()))
                        : null);
    }

    static Capacity capacity(CapacityJudgement j) {
        double base = j.baseline().requestsPerHour();
        return new Capacity("capacity", j.criterion().describe(), "capacity.requests_per_hour", j.criterion().bound().key(),
                j.criterion().threshold(), j.verdict().key(), null, j.note(),
                base > 0 ? ComparisonFormat.round(j.difference().perHour() / base) : null,
                base > 0 ? Arrays.asList(ComparisonFormat.round(j.difference().lowPerHour() / base),
                        ComparisonFormat.round(j.difference().highPerHour() / base)) : null,
                ComparisonFormat.round(j.difference().perHour()), Arrays.asList(ComparisonFormat.round(j.difference().lowPerHour()),
                        ComparisonFormat.round(j.difference().highPerHour())));
    }
}
