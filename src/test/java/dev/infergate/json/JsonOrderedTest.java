package dev.infergate.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Key order of a JSON object must not depend on the JVM start (Map.of and HashMap orders are seeded per JVM). */
class JsonOrderedTest {
    @Test
    void anOrderedMap_keepsItsOrder() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("mode", "probe");
        given.put("rounds", 3);
        given.put("concurrency", 1);

        assertThat(Json.ordered(given).keySet()).containsExactly("mode", "rounds", "concurrency");
    }

    @Test
    void anUnorderedMap_isSortedByKey_soEveryJvmWritesTheSameBytes() throws Exception {
        Map<String, Object> mapOf = Map.of("version", "dev", "name", "infergate", "kind", "x", "b", 1);
        Map<String, Object> hashMap = new HashMap<>(mapOf);

        assertThat(Json.ordered(mapOf).keySet()).containsExactly("b", "kind", "name", "version");
        assertThat(Json.COMPACT.writeValueAsString(Json.ordered(hashMap)))
                .isEqualTo("{\"b\":1,\"kind\":\"x\",\"name\":\"infergate\",\"version\":\"dev\"}");
    }

    @Test
    void nullStaysNull_andNullValuesAreKept() {
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("requests", null);

        assertThat(Json.<Object>ordered(null)).isNull();
        assertThat(Json.ordered(withNull)).containsEntry("requests", null);
    }

    /** RunFile copies its labels, load and workload through a second record when the run ends: they must not be re-sorted. */
    @Test
    void anOrderedResult_passedAgain_keepsItsOrder_andStaysUnmodifiable() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("gpu", "L4");
        given.put("engine", "vllm");
        given.put("commit", "abc");

        Map<String, Object> once = Json.ordered(given);
        assertThat(Json.ordered(once)).isSameAs(once);
        assertThat(Json.ordered(once).keySet()).containsExactly("gpu", "engine", "commit");
        assertThat(once).isEqualTo(given);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> once.put("x", 1))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
