package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanExtraBodyTest {
    @Test
    void eachSide_mayCarryItsOwnExtraBody_asAMappingOrAJsonString() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline: {url: 'http://127.0.0.1:1/v1', extra_body: {temperature: 0, chat_template_kwargs: {enable_thinking: false}, stop: [a, '1']}}
                candidate: {url: 'http://127.0.0.1:2/v1', extra_body: '{"temperature": 0.7}'}
                """);
        assertThat(plan.baseline().extraBody().rawFields()).containsExactly(Map.entry("temperature", "0"),
                Map.entry("chat_template_kwargs", "{\"enable_thinking\":false}"), Map.entry("stop", "[\"a\",1]"));
        assertThat(plan.candidate().extraBody().rawFields()).containsExactly(Map.entry("temperature", "0.7"));
        assertThat(SideRunner.endpoint(plan.candidate()).extraBody()).isEqualTo(plan.candidate().extraBody());
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", """
                baseline: {url: 'http://127.0.0.1:1/v1', extra_body: '[1]'}
                candidate: 'http://127.0.0.1:2/v1'
                """)).hasMessageContaining("extra_body: the extra body must be a JSON object");
    }
}
