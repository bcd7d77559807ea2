package dev.infergate.report.html;

import dev.infergate.json.Json;
import dev.infergate.record.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One side of the page data: what the page draws and tabulates for one run (shape in docs/report.md). */
final class SideView {
    private SideView() {}

    static Map<String, Object> of(Side s, long bucketSeconds, int buckets, int timelines) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name);
        Path dirName = s.dir.toAbsolutePath().normalize().getFileName();
        m.put("dir", dirName == null ? s.dir.toString() : dirName.toString());
        Map<String, Object> summary = Json.COMPACT.convertValue(s.summary, ReportInputs.OBJECT); // the page's JSON
        summary.remove("schema");
        summary.remove("run");
        Object byCondition = summary.remove("by_condition");
        m.put("summary", summary);
        if (byCondition != null) {
            m.put("by_condition", byCondition);
        }
        Map<String, Cdf.Curve> cdf = new LinkedHashMap<>();
        s.cdfs.forEach((k, v) -> cdf.put(k.key(), v.curve()));
        m.put("cdf", cdf);
        m.put("series", TimeSeries.of(s.columns, bucketSeconds, buckets));
        long warmupEnd = s.columns.warmupEndNanos();
        m.put("warmup_end_s", warmupEnd == RequestRecord.ABSENT ? null : Num.round3(warmupEnd / 1e9));
        m.put("steps_s", steps(s.run));
        m.put("timeline", TimelineSample.rows(s.dir, s.timeline.choose(timelines, s.flaggedRequests())));
        if (s.serverMetrics != null) {
            m.put("server_metrics", s.serverMetrics);
        }
        if (s.delivery != null) {
            m.put("delivery", s.delivery);
        }
        return m;
    }

    /** Where a piecewise schedule changes segment, in seconds since the origin: the burst steps. */
    static List<Double> steps(Map<String, Object> run) {
        List<Double> out = new ArrayList<>();
        if (run.get("load") instanceof Map<?, ?> load && load.get("segments") instanceof List<?> segments) {
            double t = 0;
            for (int i = 0; i < segments.size() - 1; i++) {
                if (segments.get(i) instanceof Map<?, ?> seg && seg.get("duration_seconds") instanceof Number d) {
                    t += d.doubleValue();
                    out.add(Num.round3(t));
                }
            }
        }
        return out;
    }
}
