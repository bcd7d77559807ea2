package dev.infergate.cli;

import dev.infergate.analysis.Percentiles;
import dev.infergate.analysis.Summary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The console lines of a merged scale-out run: the start spread, each worker's start offset and client lag. */
final class ScaleOutLines {
    private ScaleOutLines() {}

    static String render(Summary summary) {
        Map<String, Object> run = summary.run();
        if (!(run.get("scale_out") instanceof Map<?, ?> scale)) {
            return "";
        }
        StringBuilder text = new StringBuilder("scale-out: ").append(scale.get("fleet")).append(", start ")
                .append(scale.get("start_at")).append(", start spread ").append(ms(scale.get("start_spread_ms"))).append('\n');
        if (scale.get("shards") instanceof List<?> shards) {
            for (Object s : shards) {
                Map<?, ?> shard = (Map<?, ?>) s;
                Object lag = shard.get("client") instanceof Map<?, ?> client ? client.get("lag_ms") : null;
                Object p99 = lag instanceof Map<?, ?> l ? l.get(Percentiles.P99) : null;
                text.append("  shard ").append(shard.get("shard")).append(": ").append(shard.get("state"))
                        .append(", start offset ").append(ms(shard.get("start_offset_ms")))
                        .append(", client lag p99 ").append(ms(p99)).append('\n');
            }
        }
        if (Boolean.TRUE.equals(run.get("partial"))) {
            text.append("PARTIAL: ").append(run.get("partial_reason")).append('\n');
        }
        return text.toString().stripTrailing();
    }

    private static String ms(Object value) {
        return value instanceof Number n ? String.format(Locale.ROOT, "%.1f ms", n.doubleValue()) : "-";
    }
}
