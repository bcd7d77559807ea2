package dev.infergate.export;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.infergate.analysis.Quantiles;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code requests.csv}: one row per request of a run (warm-up included, with its phase), the timeline as
 * durations in milliseconds and the per-request figures of docs/metrics.md, for spreadsheets and dataframes.
 * An empty cell is a figure the request does not have (a failed request has no TTFT). Text from servers and
 * users is written as given, except that a cell that a spreadsheet would run as a formula (starting with
 * {@code = + - @}) gets a leading apostrophe.
 */
public final class RequestCsv {
    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("id", "worker", "phase", "condition", "session", "turn", "outcome",
            "status", "error", "scheduled_ms", "queue_wait_ms", "ttft_ms", "ttft_from_scheduled_ms", "e2e_ms",
            "e2e_from_scheduled_ms", "tpot_ms", "itl_mean_ms", "itl_p50_ms", "itl_p99_ms", "max_stall_ms", "chunks",
            "input_tokens", "output_tokens", "output_tokens_source", "cached_tokens", "effective_tokens_per_s",
            "itl_gaps_ms", "itl_gaps_exact");

    private RequestCsv() {}

    /**
     * Writes every record of {@code runDir} to {@code out}. With {@code withGaps} the last two columns hold the
     * request's gaps ({@link Gaps}, separated by spaces) and whether they are exact; else they stay empty.
     */
    public static long write(Path runDir, Writer out, boolean withGaps) throws IOException {
        CsvSchema.Builder b = CsvSchema.builder().setUseHeader(true);
        COLUMNS.forEach(b::addColumn);
        CsvMapper mapper = new CsvMapper();
        try (SequenceWriter rows = mapper.writer(b.build()).writeValues(out)) {
            return RunLog.readRecords(runDir, r -> {
                try {
                    rows.write(row(r, withGaps));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static Object[] row(RequestRecord r, boolean withGaps) {
        double[] gaps = Gaps.millis(r);
        double[] sorted = gaps.clone();
        Arrays.sort(sorted);
        return new Object[] {r.id(), r.worker(), r.phase().key(), text(r.condition()), text(r.session()),
            r.turn() >= 0 ? r.turn() : null, r.outcome().error() == null ? "ok" : r.outcome().error().key(), r.outcome().status() > 0 ? r.outcome().status() : null,
            text(r.outcome().errorDetail()), ms(r.marks().scheduledNanos()), ms(r.queueWaitNanos()), ms(r.ttftNanos()),
            ms(r.ttftFromScheduledNanos()), ms(r.e2eNanos()), ms(r.e2eFromScheduledNanos()), number(r.tpotNanos() / 1e6),
            gaps.length == 0 ? null : number(Arrays.stream(gaps).average().orElse(Double.NaN)), percentile(sorted, 50),
            percentile(sorted, 99), ms(r.events().maxStallNanos()), r.events().chunks(), r.tokens().input() >= 0 ? r.tokens().input() : null,
            r.tokens().output(), r.tokens().outputSource().key(), r.tokens().cached() >= 0 ? r.tokens().cached() : null,
            number(r.effectiveTokensPerSecond()), withGaps ? join(gaps) : null, withGaps ? Gaps.exact(r) : null};
    }

    /** The percentile of sorted values as every figure takes it ({@link Quantiles}); null when there are none. */
    static Double percentile(double[] sorted, double p) {
        return sorted.length == 0 ? null : number(Quantiles.ofSorted(sorted, p));
    }

    private static String join(double[] gaps) {
        StringBuilder sb = new StringBuilder(gaps.length * 6);
        for (double g : gaps) {
            sb.append(sb.length() == 0 ? "" : " ").append(number(g));
        }
        return sb.toString();
    }

    private static Double ms(long nanos) {
        return nanos == RequestRecord.ABSENT ? null : number(nanos / 1e6);
    }

    /** Rounded to 6 decimals (nanoseconds in ms); null for NaN. */
    static Double number(double v) {
        return Double.isFinite(v) ? Math.round(v * 1e6) / 1e6 : null;
    }

    /** Text as given, defused for spreadsheets: a leading {@code = + - @} (a formula) gets an apostrophe. */
    static String text(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        char c = s.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' ? "'" + s : s;
    }
}
