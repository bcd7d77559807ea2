package dev.infergate.analysis;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Arrays;

/**
 * The prompt lengths the workload meant to send against the server's own count ({@code usage.prompt_tokens}):
 * one difference, server minus intended, per completed request whose server sent usage. A chat template adds
 * tokens the workload does not count, and a tokenizer that does not match the server's counts differently: the
 * differences say by how much every "input tokens" figure of the run is off.
 */
public final class PromptReconciliation {
    private int[] differences = new int[64];
    private int count;

    public void add(RequestRecord r) {
        if (!r.succeeded() || r.tokens().intendedInput() < 0 || r.tokens().input() < 0
                || r.tokens().outputSource() != TokenSource.USAGE) {
            return; // without usage, inputTokens is the intended count itself
        }
        if (count == differences.length) {
            differences = Arrays.copyOf(differences, count * 2);
        }
        differences[count++] = r.tokens().input() - r.tokens().intendedInput();
    }

    /** The {@code prompt_tokens_vs_intended} block of summary.json; null when no server counted the prompt. */
    public Figures figures() {
        if (count == 0) {
            return null;
        }
        int[] sorted = Arrays.copyOf(differences, count);
        Arrays.sort(sorted);
        return new Figures(count, at(sorted, 0.50), at(sorted, 0.99), sorted[0], sorted[count - 1],
                Math.round((double) countZero(sorted) / count * 1e4) / 1e4);
    }

    /**
     * The server's prompt token count minus the workload's intended count, over requests with usage, in tokens.
     *
     * @param exactShare share of requests where the two counts agree exactly
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Figures(int requests, int differenceP50, int differenceP99, int differenceMin, int differenceMax,
            double exactShare) {}

    /** The percentile as every figure takes it ({@link Quantiles}). */
    private static int at(int[] sorted, double quantile) {
        return sorted[Quantiles.rank(sorted.length, quantile * 100) - 1];
    }

    private static long countZero(int[] sorted) {
        return Arrays.stream(sorted).filter(d -> d == 0).count();
    }
}
