package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run directory read for the report: its run.json, its summary (rebuilt by {@link Summarizer} from the
 * log in one read, so the page and summary.json never disagree), the distributions drawn as CDFs, the marks
 * needed to bucket it over time, the candidates for stream timelines, and the optional files other commands left.
 * Everything measured counts in the statistics; only the drawings are thinned.
 */
final class Side {
    /** The distributions drawn as CDFs. */
    static final List<Metric> CDF_METRICS = List.of(Metric.TTFT, Metric.TTFT_FROM_SCHEDULED, Metric.ITL, Metric.TPOT,
            Metric.E2E, Metric.E2E_FROM_SCHEDULED);
    final Path dir;
    final RunDocument run;
    final Summary summary;
    final RunColumns columns = new RunColumns();
    final Map<Metric, Cdf> cdfs = new LinkedHashMap<>();
    final TimelineSample timeline = new TimelineSample();
    final ServerMetrics.Series serverMetrics;
    /** delivery.json as the probe wrote it, else the summary's delivery verdict; null without either. */
    final JsonNode delivery;
    /** acceptance.json as {@code infergate accept} wrote it, or null. */
    final JsonNode acceptance;
    final List<String> caveats = new ArrayList<>();
    String name;

    /** Reads {@code dir}; throws IllegalArgumentException when it is not a run directory. */
    Side(Path dir) {
        this.dir = dir;
        this.run = RunDocument.read(dir);
        Summarizer.Read read = Summarizer.summarize(dir, this::add);
        this.summary = read.summary();
        ImportedFrom imported = run.imported();
        for (Metric m : CDF_METRICS) { // an import's missing figures stay empty: never the send time passed off as scheduled
            cdfs.put(m, new Cdf(imported != null && imported.lacks(m.key()) ? new org.HdrHistogram.Histogram(3)
                    : read.measured().latency(m).copyOfMicros()));
        }
        if (imported != null) {
            caveats.add(imported.describe() + ": it does not carry " + String.join(", ", imported.missing())
                    + "; its curves from the scheduled time are left empty, and its figures over time run from each"
                    + " request's send, the only start the file has (docs/coming-from.md)");
        }
        this.serverMetrics = ServerMetrics.read(dir, caveats);
        JsonNode probed = ReportInputs.readObject(dir, ReportInputs.DELIVERY_FILE, caveats);
        this.delivery = probed != null ? probed
                : summary.delivery() == null ? null : ReportInputs.JSON.valueToTree(summary.delivery());
        this.acceptance = ReportInputs.readObject(dir, ReportInputs.ACCEPTANCE_FILE, caveats);
        this.name = defaultName();
    }

    private void add(RequestRecord r) {
        columns.add(r);
        timeline.offer(r);
    }

    /** {@code labels.name} of run.json, else the directory's name. */
    private String defaultName() {
        String label = run.labels().get("name");
        if (label != null && !label.isBlank()) {
            return label;
        }
        Path file = dir.toAbsolutePath().normalize().getFileName();
        return file == null ? dir.toString() : file.toString();
    }

    /** The directory's name with its parent, to tell apart two sides with the same name. */
    String longName() {
        Path abs = dir.toAbsolutePath().normalize();
        Path parent = abs.getParent() == null ? null : abs.getParent().getFileName();
        return parent == null ? name : parent + "/" + name;
    }

    /** The probe's per-request classes, request id to reason, for the timeline sample. */
    Map<Long, String> flaggedRequests() {
        Map<Long, String> flagged = new LinkedHashMap<>();
        if (delivery == null) {
            return flagged;
        }
        for (JsonNode request : ReportInputs.elements(delivery.path("requests_detail"))) {
            JsonNode kind = request.path("class");
            if (request.path("id").isNumber() && !"incremental".equals(kind.textValue())) {
                flagged.put(request.path("id").longValue(), "probe: " + (kind.isMissingNode() ? "null" : kind.asText()));
            }
        }
        return flagged;
    }
}
