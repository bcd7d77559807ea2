package dev.infergate.imports;

import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Another tool's result read into infergate's form: the run.json document (with its {@code imported} block) and
 * one record per request the file kept, or, for a file of aggregates only, the figures it printed.
 *
 * @param run       the run.json document
 * @param records   the requests, in the file's order (empty for an aggregate-only file)
 * @param imported  what was imported and what is missing
 * @param aggregate statistic key ({@code ttft.p99}) to value for an aggregate-only file, else null
 * @param requests  requests an aggregate rests on, -1 when the file does not say (unused with records)
 */
public record ImportedRun(RunDocument run, List<RequestRecord> records, ImportedFrom imported,
        Map<String, Double> aggregate, long requests) {
    public ImportedRun {
        if (run == null || imported == null) {
            throw new IllegalArgumentException("run and imported must not be null");
        }
        records = List.copyOf(records);
        aggregate = aggregate == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(aggregate));
        if (aggregate != null && !records.isEmpty()) {
            throw new IllegalArgumentException("an import holds requests or aggregates, not both");
        }
    }

    /** An import of per-request records. */
    public ImportedRun(RunDocument run, List<RequestRecord> records, ImportedFrom imported) {
        this(run, records, imported, null, -1);
    }

    /** Whether the file held aggregates only. */
    public boolean aggregateOnly() {
        return aggregate != null;
    }
}
