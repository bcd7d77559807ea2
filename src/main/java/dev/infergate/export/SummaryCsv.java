package dev.infergate.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code summary.csv}: summary.json flattened to {@code key,value} rows, one per figure, the key the figure's
 * dotted path ({@code latency_ms.ttft.p99}, {@code throughput.output_tokens_per_s}). Lists are written as one
 * cell (their JSON); the run's settings ({@code run.*}) are left out (they are in run.json). The keys follow
 * summary.json, whose keys are only ever added, so a dashboard reading them keeps working.
 */
public final class SummaryCsv {
    private SummaryCsv() {}

    /** Writes {@code summary} (the summary.json document) as rows; returns how many. */
    public static int write(JsonNode summary, Writer out) throws IOException {
        CsvSchema schema = CsvSchema.builder().setUseHeader(true).addColumn("key").addColumn("value").build();
        int[] rows = {0};
        try (SequenceWriter w = new CsvMapper().writer(schema).writeValues(out)) {
            flatten("", summary, w, rows);
        }
        return rows[0];
    }

    private static void flatten(String prefix, JsonNode node, SequenceWriter w, int[] rows) throws IOException {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                if (!key.equals("run") && !key.equals("schema")) {
                    flatten(key, e.getValue(), w, rows);
                }
            }
            return;
        }
        Object value = node.isNull() ? null : node.isNumber() ? node.numberValue() : node.isBoolean() ? node.booleanValue()
                : node.isTextual() ? RequestCsv.text(node.textValue()) : node.toString();
        w.write(new Object[] {prefix, value});
        rows[0]++;
    }
}
