package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of the page data: what the page draws and tabulates for one run (shape in docs/report.md).
 *
 * @param dir          the run directory's own name (not its path: pages get shared)
 * @param summary      summary.json's figures as the run's summary writes them, without {@code schema}, {@code run}
 *                     and {@code by_condition}
 * @param byCondition  the summary's figures per condition; left out when the run had one condition
 * @param warmupEndS   when the last warm-up request ended, seconds since the origin; null without warm-up
 * @param stepsS       where a piecewise schedule changes segment, seconds since the origin
 * @param serverMetrics the scraped server series; left out without scrapes
 * @param delivery     the streaming delivery verdict; left out without one
 */
record SideView(String name, String dir, ObjectNode summary,
        @JsonProperty("by_condition") @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode byCondition,
        Map<String, Cdf.Curve> cdf, TimeSeries.Series series, @JsonProperty("warmup_end_s") Double warmupEndS,
        @JsonProperty("steps_s") List<Double> stepsS, List<TimelineSample.Row> timeline,
        @JsonProperty("server_metrics") @JsonInclude(JsonInclude.Include.NON_NULL) ServerMetrics.Series serverMetrics,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode delivery) {

    static SideView of(Side s, long bucketSeconds, int buckets, int timelines) {
        Path dirName = s.dir.toAbsolutePath().normalize().getFileName();
        ObjectNode summary = ReportInputs.JSON.valueToTree(s.summary); // the page's JSON
        summary.remove("schema");
        summary.remove("run");
        JsonNode byCondition = summary.remove("by_condition");
        Map<String, Cdf.Curve> cdf = new LinkedHashMap<>();
        s.cdfs.forEach((k, v) -> cdf.put(k.key(), v.curve()));
        long warmupEnd = s.columns.warmupEndNanos();
        return new SideView(s.name, dirName == null ? s.dir.toString() : dirName.toString(), summary,
                byCondition == null || byCondition.isNull() ? null : byCondition, cdf,
                TimeSeries.of(s.columns, bucketSeconds, buckets),
                warmupEnd == RequestRecord.ABSENT ? null : Num.round3(warmupEnd / 1e9), steps(s.run),
                TimelineSample.rows(s.dir, s.timeline.choose(timelines, s.flaggedRequests())), s.serverMetrics, s.delivery);
    }

    /** Where a piecewise schedule changes segment, in seconds since the origin: the burst steps. */
    static List<Double> steps(RunDocument run) {
        List<Double> out = new ArrayList<>();
        List<RunDocument.Segment> segments = run.load() == null ? List.of() : run.load().segments();
        double t = 0;
        for (int i = 0; i < segments.size() - 1; i++) {
            if (segments.get(i).durationSeconds() != null) {
                t += segments.get(i).durationSeconds();
                out.add(Num.round3(t));
            }
        }
        return out;
    }
}
