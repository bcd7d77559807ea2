package dev.infergate.workload.trace;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.BitSet;

/**
 * One pass over a trace's window at set-up: where each request that will be sent starts in the file (8 bytes
 * per request, so a request is read again by id without keeping the trace in memory), and what the window
 * holds: requests skipped and why, and the prefix sharing of Mooncake-style {@code hash_ids}.
 *
 * <p>A block repeats when its hash id appeared in an earlier sent request of the window: the blocks a prefix
 * cache could serve, given room enough. Ids are kept in a bit set (Mooncake numbers its blocks 0, 1, 2, ...,
 * so 10 million distinct ids take about 1.2 MB).
 */
public final class TraceScan {
    private long[] offsets = new long[1024];
    private long[] lines = new long[1024];
    private int kept;
    private long windowRequests;
    private long skippedTooLong;
    private long skippedEmpty;
    private long blocks;
    private long repeatedBlocks;
    private long repeatedTokens;
    private long inputTokens;
    private long literalInputs;
    private long firstNanos = -1;
    private long lastNanos;
    private LineParser parser;

    private TraceScan() {}

    /** Scans {@code spec}'s window. */
    public static TraceScan of(TraceSpec spec) {
        TraceScan scan = new TraceScan();
        BitSet seen = new BitSet();
        try (TraceReader reader = TraceReader.open(spec)) {
            for (TraceEntry e = reader.next(); e != null; e = reader.next()) {
                scan.add(spec, e, seen);
            }
            scan.parser = reader.parser();
        }
        scan.offsets = Arrays.copyOf(scan.offsets, scan.kept);
        scan.lines = Arrays.copyOf(scan.lines, scan.kept);
        return scan;
    }

    private void add(TraceSpec spec, TraceEntry e, BitSet seen) {
        windowRequests++;
        if (!e.usable()) {
            skippedEmpty++;
            return;
        }
        if (!spec.keeps(e)) {
            skippedTooLong++;
            return;
        }
        if (kept == offsets.length) {
            offsets = Arrays.copyOf(offsets, kept * 2);
            lines = Arrays.copyOf(lines, kept * 2);
        }
        lines[kept] = e.line();
        offsets[kept++] = e.byteOffset();
        inputTokens += Math.max(0, e.inputTokens());
        literalInputs += e.literal() == null ? 0 : 1;
        if (firstNanos < 0) {
            firstNanos = e.timeNanos();
        }
        lastNanos = e.timeNanos();
        int[] ids = e.hashIds();
        if (ids == null) {
            return;
        }
        for (int i = 0; i < ids.length; i++) {
            int tokens = Math.min(TraceEntry.BLOCK_TOKENS, e.inputTokens() - i * TraceEntry.BLOCK_TOKENS);
            if (tokens <= 0) {
                break; // more ids than the prompt has blocks: the extra ones are not sent
            }
            blocks++;
            if (seen.get(ids[i])) {
                repeatedBlocks++;
                repeatedTokens += tokens;
            } else {
                seen.set(ids[i]);
            }
        }
    }

    /** Requests that will be sent. */
    public int requests() {
        return kept;
    }

    /** Where request {@code id}'s line starts. */
    long offset(long id) {
        return offsets[(int) id];
    }

    /** Request {@code id}'s line number in the file. */
    long line(long id) {
        return lines[(int) id];
    }

    /** The parser of the file's lines (CSV: built from its header), or null for an empty window. */
    LineParser parser() {
        return parser;
    }

    /** Trace time from the first to the last sent request, before scaling. */
    public long spanNanos() {
        return kept == 0 ? 0 : lastNanos - firstNanos;
    }

    /** Blocks of the sent prompts whose hash id was seen before in the window. */
    public long repeatedBlocks() {
        return repeatedBlocks;
    }

    /** Prompt tokens in those blocks (a partial last block counts its own tokens). */
    public long repeatedTokens() {
        return repeatedTokens;
    }

    /** For run.json's workload block. */
    public Described describe(TraceSpec spec) {
        return new Described(windowRequests, kept, skippedTooLong, skippedEmpty,
                kept == 0 ? 0.0 : (lastNanos - firstNanos) * spec.timeScale() / 1e9, blocks, repeatedBlocks,
                blocks == 0 ? null : (double) repeatedBlocks / blocks,
                inputTokens == 0 ? null : (double) repeatedTokens / inputTokens, literalInputs > 0 ? literalInputs : null);
    }

    /**
     * What the scan found, for run.json's workload block: shares null when there was nothing to share, literal inputs
     * (lines with their own prompt) absent when there were none.
     */
    public record Described(@JsonProperty("window_requests") long windowRequests, @JsonProperty("requests") int requests,
            @JsonProperty("skipped_too_long") long skippedTooLong, @JsonProperty("skipped_empty") long skippedEmpty,
            @JsonProperty("span_s") double spanS, @JsonProperty("blocks") long blocks,
            @JsonProperty("repeated_blocks") long repeatedBlocks,
            @JsonProperty("repeated_block_share") Double repeatedBlockShare,
            @JsonProperty("repeated_token_share") Double repeatedTokenShare,
            @JsonProperty("literal_inputs") @JsonInclude(JsonInclude.Include.NON_NULL) Long literalInputs) {}
}
