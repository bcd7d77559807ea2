package dev.infergate.analysis.quality;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * quality.json's {@code eval} block (quality/eval/EvalSet#describe): which items a quality run asked, so two runs can
 * be checked to have asked the same ones. Written back, in this order, as quality-comparison.json's {@code eval}.
 *
 * @param name   the eval set's name (a bundled set's, or the file's name)
 * @param source where its items came from, or null
 * @param seed   the generator seed (bundled sets; 0 for files)
 * @param items  how many items were asked
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EvalHeader(String name, String source, long seed, int items) {
    public EvalHeader {
        if (items < 0) {
            throw new IllegalArgumentException("items must be >= 0, got " + items);
        }
    }
}
