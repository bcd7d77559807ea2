package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.record.RunDocument;
import dev.infergate.record.ScaleOut;

/**
 * summary.json's {@code run} block, typed: run.json as recorded ({@link RunDocument}) and the keys the summary adds to
 * it. Written by {@link #json()}: run.json's keys in file order (unknown ones too: files of older versions and imports
 * carry keys this version does not know), then the summary's own.
 *
 * @param document      run.json, typed (its {@code scale_out} block, written by a fleet merge, read by {@link #scaleOut()})
 * @param durationS     the measured window, seconds (rounded as every figure), or null when not known
 * @param partial       whether the run stopped before its schedule ended (see {@link Completeness})
 * @param partialReason why, or null when whole (or when a block read back does not say)
 * @param tornLastLine  the number of the torn last line of requests.jsonl that was skipped, or null when none was
 */
public record SummaryRun(RunDocument document, Double durationS, boolean partial, String partialReason,
        Long tornLastLine) {
    public SummaryRun {
        if (document == null) {
            throw new IllegalArgumentException("document must not be null");
        }
    }

    /** The block of a summary built from {@code document}: its window and, when partial, why ({@code reason} non-null). */
    public static SummaryRun of(RunDocument document, double durationS, String reason, Long tornLastLine) {
        return new SummaryRun(document, durationS, reason != null, reason, tornLastLine);
    }

    /** The scale-out block of a merged fleet run (run.json's {@code scale_out}), or null for any other run. */
    public ScaleOut scaleOut() {
        return document.scaleOut();
    }

    /** A fleet worker's client-lag p99, milliseconds, or null when it left none (its client block as summary.json's). */
    public static Double clientLagP99Ms(ScaleOut.Shard shard) {
        JsonNode p99 = shard.client() == null ? null : shard.client().path(ClientLag.LAG_MS).path(Percentiles.P99);
        return p99 == null || !p99.isNumber() ? null : p99.doubleValue();
    }

    /**
     * The JSON shape: run.json as it is without its schema (copied whole: a JSON edge, since run.json may carry keys this
     * version does not know), then the window, whether partial and why, and the torn line; a key run.json already has
     * keeps its place.
     */
    @JsonValue
    public ObjectNode json() {
        ObjectNode block = Summarizer.JSON.valueToTree(document.document());
        block.remove("schema");
        if (durationS != null) {
            block.put("duration_s", durationS.doubleValue());
        }
        block.put(RunDocument.PARTIAL, partial);
        if (partialReason != null) {
            block.put(RunDocument.PARTIAL_REASON, partialReason);
        }
        if (tornLastLine != null) {
            block.put("torn_last_line", tornLastLine.longValue());
        }
        return block;
    }
}
