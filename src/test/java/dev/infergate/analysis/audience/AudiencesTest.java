package dev.infergate.analysis.audience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AudiencesTest {
    @Test
    void theUnion_appliesInEveryConditionWhatEachAudienceAppliesThere() {
        List<Audience> audiences = AudienceCriteria.parse("c.yaml", """
                audiences:
                  chat:
                    ttft.p95: {max_regression: 10%}
                    workloads:
                      long-doc: {ttft.p95: {max_regression: 30%}}
                  batch:
                    ttft.p95: {max_regression: 50%}
                    errors.rate: {max: 1%}
                    conditions:
                      short-chat/fresh/low: {errors.rate: {max: 2%}}
                """);
        Criteria union = Audiences.union(audiences);
        for (String c : List.of("short-chat/fresh/low", "short-chat/shared/low", "long-doc/fresh/low", "long-doc/fresh/high")) {
            List<Criterion> expected = new java.util.ArrayList<>();
            audiences.forEach(a -> expected.addAll(a.criteria().forCondition(c)));
            assertEquals(new java.util.HashSet<>(expected), new java.util.HashSet<>(union.forCondition(c)), c);
        }
        assertEquals(3, union.forCondition("long-doc/fresh/low").size(), "chat's 30 %, batch's 50 % and its errors");
    }

    @Test
    void identicalCriteriaOfTwoAudiences_areJudgedOnce() {
        List<Audience> audiences = AudienceCriteria.parse("c.yaml", """
                audiences:
                  a: {errors.rate: {max: 1%}}
                  b: {errors.rate: {max: 1%}, ttft.p50: {max_regression: 5%}}
                """);
        assertEquals(2, Audiences.union(audiences).forCondition("x/fresh/y").size());
    }

    @Test
    void mistakes_nameTheLineAndKey() {
        ConfigException beside = assertThrows(ConfigException.class, () -> AudienceCriteria.parse("c.yaml",
                "criteria: {ttft.p95: {max_regression: 10%}}\naudiences: {chat: {ttft.p95: {max_regression: 10%}}}\n"));
        assertTrue(beside.getMessage().contains("line 1") && beside.getMessage().contains("beside audiences"),
                beside.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> AudienceCriteria.parse("c.yaml",
                "audiences:\n  chat:\n    label: chat users\n    criteria: {ttft.p95: {max_regression: 10%}}\n    slo: 1s\n"));
        assertTrue(unknown.getMessage().contains("slo"), unknown.getMessage());
        ConfigException bound = assertThrows(ConfigException.class, () -> AudienceCriteria.parse("c.yaml",
                "audiences:\n  batch: {capacity.requests_per_hour: {most: 5%}}\n"));
        assertTrue(bound.getMessage().contains("line 2") && bound.getMessage().contains("unknown bound 'most'"),
                bound.getMessage());
        assertThrows(ConfigException.class, () -> AudienceCriteria.parse("c.yaml", "audiences: {}\n"));
    }

    @Test
    void aLabel_namesTheAudience_andItsCapacityCriteriaAreReadApart() {
        Audience chat = AudienceCriteria.parse("c.yaml", """
                audiences:
                  chat: {label: chat users, criteria: {ttft.p95: {max_regression: 10%}}}
                  batch: {capacity.requests_per_hour: {min: 40000, max_regression: 5%}}
                """).get(0);
        assertEquals("chat users", chat.label());
        Audience batch = AudienceCriteria.parse("c.yaml",
                "audiences:\n  batch: {capacity.requests_per_hour: {min: 40000, max_regression: 5%}}\n").get(0);
        assertEquals("batch", batch.label());
        assertEquals(List.of(new CapacityCriterion(dev.infergate.analysis.compare.Bound.MIN, 40000),
                new CapacityCriterion(dev.infergate.analysis.compare.Bound.MAX_REGRESSION, 0.05)), batch.capacity());
        assertTrue(batch.criteria().global().isEmpty());
    }
}
