package dev.infergate.workload;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.infergate.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * For tests: a workload block given as a map (in a settled key order, {@link Json#ordered}), for run.json tests whose
 * workload is not one of the real kinds; and {@link #json} to read a real description's keys as a reader of the file would.
 */
public record MapWorkloadDescription(@JsonValue Map<String, Object> map) implements WorkloadDescription.Uncounted {
    public MapWorkloadDescription {
        map = Json.ordered(map);
    }

    /** {@code description} as the JSON object run.json holds (numbers of the type the record holds). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> json(Object description) {
        return Json.COMPACT.convertValue(description, LinkedHashMap.class);
    }
}
