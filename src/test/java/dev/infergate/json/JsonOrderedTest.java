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
}
