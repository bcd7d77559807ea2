package dev.infergate.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The one place infergate's JSON mappers are made: every result file (summary.json, comparison.json,
 * acceptance.json, the report's data block) is written by one of these two, so the files agree on how a
 * value is written; every reader and writer of JSON with Jackson's default settings uses them too. Mappers are
 * thread-safe once configured; do not reconfigure them, {@code copy()} instead. The YAML mappers stay with their users,
 * each configured for one job: scale/KubernetesJob writes a Job manifest (no document marker, quoted numbers),
 * sim/profile/ProfileLoader reads profiles strictly (unknown keys fail).
 */
public final class Json {
    /** For files people read: indented, two spaces. */
    public static final ObjectMapper PRETTY = mapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** For data embedded in a page and for reading: one line. */
    public static final ObjectMapper COMPACT = mapper();

    private Json() {}

    /** A mapper with infergate's settings (Jackson's defaults today: records by component order, no naming change). */
    public static ObjectMapper mapper() {
        return new ObjectMapper();
    }

    /**
     * {@code map} with a key order that does not change from one JVM start to the next, for a JSON object:
     * a map that keeps an order ({@link LinkedHashMap}, {@link SortedMap}) keeps it, any other map with more than
     * one entry ({@code Map.of}, {@code Map.copyOf}, {@code HashMap}: their iteration order is seeded per JVM) is
     * sorted by key. The result is unmodifiable and is returned as it is when passed in again, so a value copied
     * through a second record (run.json's labels, load and workload at the run's end) keeps the order it had at the
     * start instead of being sorted as an unmodifiable view of unknown order; null stays null.
     */
    public static <V> Map<String, V> ordered(Map<String, V> map) {
        if (map == null || map instanceof Ordered) {
            return map;
        }
        if (map.size() <= 1 || map instanceof LinkedHashMap || map instanceof SortedMap) {
            return new Ordered<>(new LinkedHashMap<>(map));
        }
        return new Ordered<>(new LinkedHashMap<>(new TreeMap<>(map)));
    }

    /** An unmodifiable map of a settled key order: what {@link #ordered} returns. */
    private static final class Ordered<V> extends AbstractMap<String, V> {
        private final Map<String, V> entries;

        Ordered(LinkedHashMap<String, V> entries) {
            this.entries = Collections.unmodifiableMap(entries);
        }

        @Override
        public Set<Entry<String, V>> entrySet() {
            return entries.entrySet();
        }

        @Override
        public V get(Object key) {
            return entries.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return entries.containsKey(key);
        }

        @Override
        public int size() {
            return entries.size();
        }
    }
}
