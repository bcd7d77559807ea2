package dev.infergate.cli;

import dev.infergate.analysis.Summary;
import dev.infergate.analysis.SummaryRun;
import dev.infergate.record.ScaleOut;
import java.util.Locale;

/** The console lines of a merged scale-out run: the start spread, each worker's start offset and client lag. */
final class ScaleOutLines {
    private ScaleOutLines() {}

    static String render(Summary summary) {
        SummaryRun run = summary.run();
        ScaleOut scale = run.scaleOut();
        if (scale == null) {
            return "";
        }
        StringBuilder text = new StringBuilder("scale-out: ").append(scale.fleet()).append(", start ")
                .append(scale.startAt()).append(", start spread ").append(ms(scale.startSpreadMs())).append('\n');
        for (ScaleOut.Shard shard : scale.shards()) {
            text.append("  shard ").append(shard.shard()).append(": ").append(shard.state())
                    .append(", start offset ").append(ms(shard.startOffsetMs()))
                    .append(", client lag p99 ").append(ms(SummaryRun.clientLagP99Ms(shard))).append('\n');
        }
        if (run.partial()) {
            text.append("PARTIAL: ").append(run.partialReason()).append('\n');
        }
        return text.toString().stripTrailing();
    }

    private static String ms(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f ms", value);
    }
}
