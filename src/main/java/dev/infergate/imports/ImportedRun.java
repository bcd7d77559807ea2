package dev.infergate.imports;

import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RequestRecord;
import java.util.List;
import java.util.Map;

/**
 * Another tool's result read into infergate's form: the run.json document (with its {@code imported} block) and
 * one record per request the file kept.
 *
 * @param run      the run.json document
 * @param records  the requests, in the file's order
 * @param imported what was imported and what is missing
 */
public record ImportedRun(Map<String, Object> run, List<RequestRecord> records, ImportedFrom imported) {
    public ImportedRun {
        if (run == null || imported == null) {
            throw new IllegalArgumentException("run and imported must not be null");
        }
        records = List.copyOf(records);
    }
}
