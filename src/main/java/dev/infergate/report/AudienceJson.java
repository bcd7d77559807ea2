package dev.infergate.report;

import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.audience.CapacityJudgement;
import dev.infergate.analysis.compare.Judgement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code audiences} array of acceptance.json and comparison.json (docs/results.md): per audience its name,
 * label, verdict (ACCEPTED, REJECTED, INCONCLUSIVE), one-line reason and criteria. Each criterion entry has the
 * shape of a condition's criterion entry plus the {@code condition} it was judged in and its figure's
 * {@code delta} and {@code delta_ci}; capacity criteria have {@code condition: "capacity"}.
 */
public final class AudienceJson {
    private AudienceJson() {}

    public static List<Map<String, Object>> list(List<AudienceVerdict> verdicts) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (AudienceVerdict v : verdicts) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", v.audience().name());
            m.put("label", v.audience().label());
            m.put("verdict", v.word());
            m.put("reason", v.reason());
            List<Map<String, Object>> criteria = new ArrayList<>();
            v.judged().forEach(j -> criteria.add(judged(j.condition(), j.judgement())));
            v.capacity().forEach(k -> criteria.add(capacity(k)));
            m.put("criteria", criteria);
            out.add(m);
        }
        return out;
    }

    static Map<String, Object> judged(String condition, Judgement j) {
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("condition", condition);
        k.put("criterion", j.criterion().describe());
        k.put("statistic", j.criterion().statistic().key());
        k.put("bound", j.criterion().bound().key());
        k.put("threshold", j.criterion().threshold());
        k.put("verdict", j.verdict().key());
        k.put("samples_to_settle", j.samplesToSettle() > 0 ? j.samplesToSettle() : null);
        k.put("note", j.note());
        k.put("delta", ComparisonFormat.round(j.estimate().delta()));
        k.put("delta_ci", j.estimate().hasInterval() ? Arrays.asList(ComparisonFormat.round(j.estimate().deltaLow()),
                ComparisonFormat.round(j.estimate().deltaHigh())) : null);
        return k;
    }

    static Map<String, Object> capacity(CapacityJudgement j) {
        Map<String, Object> k = new LinkedHashMap<>();
        double base = j.baseline().requestsPerHour();
        k.put("condition", "capacity");
        k.put("criterion", j.criterion().describe());
        k.put("statistic", "capacity.requests_per_hour");
        k.put("bound", j.criterion().bound().key());
        k.put("threshold", j.criterion().threshold());
        k.put("verdict", j.verdict().key());
        k.put("samples_to_settle", null);
        k.put("note", j.note());
        k.put("delta", base > 0 ? ComparisonFormat.round(j.difference().perHour() / base) : null);
        k.put("delta_ci", base > 0 ? Arrays.asList(ComparisonFormat.round(j.difference().lowPerHour() / base),
                ComparisonFormat.round(j.difference().highPerHour() / base)) : null);
        k.put("requests_per_hour_difference", ComparisonFormat.round(j.difference().perHour()));
        k.put("requests_per_hour_interval", Arrays.asList(ComparisonFormat.round(j.difference().lowPerHour()),
                ComparisonFormat.round(j.difference().highPerHour())));
        return k;
    }
}
