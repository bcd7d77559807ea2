package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentDiffExtraBodyTest {
    private static RunDocument run(Object extraBody) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("labels", Map.of("gpu", "H100"));
        if (extraBody != null) {
            run.put("extra_body", extraBody);
        }
        return RunDocument.of(run);
    }

    @Test
    void aDifferingExtraBody_isAChangedFactor_andAnEqualOneIsNot() {
        EnvironmentDiff differ = EnvironmentDiff.of(List.of(run(Map.of("temperature", 0))), List.of(run(Map.of("temperature", 0.7))));
        assertThat(differ.factors()).containsOnlyKeys("extra_body");
        assertThat(differ.factors().get("extra_body")).containsExactly("{temperature=0}", "{temperature=0.7}");
        EnvironmentDiff oneSide = EnvironmentDiff.of(List.of(run(null)), List.of(run(Map.of("top_p", 0.9))));
        assertThat(oneSide.factors().get("extra_body")).containsExactly(null, "{top_p=0.9}");
        EnvironmentDiff same = EnvironmentDiff.of(List.of(run(Map.of("top_p", 0.9))), List.of(run(Map.of("top_p", 0.9))));
        assertThat(same.factors()).isEmpty();
    }
}
