package dev.infergate.workload.trace;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Azure and BurstGPT rows, found by their published column names in the header line (case and surrounding
 * spaces ignored), read with Jackson CSV. Azure's {@code TIMESTAMP} is a date-time (taken as UTC, up to 9
 * fraction digits); BurstGPT's {@code Timestamp} is seconds.
 */
final class CsvLineParser implements LineParser {
    private static final ObjectReader ROW = new CsvMapper().readerFor(String[].class);
    private static final DateTimeFormatter AZURE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter(Locale.ROOT);

    private final TraceFormat format;
    private final int timeColumn;
    private final int inputColumn;
    private final int outputColumn;

    private CsvLineParser(TraceFormat format, int timeColumn, int inputColumn, int outputColumn) {
        this.format = format;
        this.timeColumn = timeColumn;
        this.inputColumn = inputColumn;
        this.outputColumn = outputColumn;
    }

    /** The parser for a file whose header line is {@code header}. */
    static CsvLineParser forHeader(TraceFormat format, byte[] bytes, int start, int length) {
        List<String> names = Arrays.stream(row(bytes, start, length)).map(s -> s.trim().toLowerCase(Locale.ROOT)).toList();
        List<String> wanted = format == TraceFormat.AZURE
                ? List.of("timestamp", "contexttokens", "generatedtokens")
                : List.of("timestamp", "request tokens", "response tokens");
        int[] at = new int[3];
        for (int i = 0; i < 3; i++) {
            at[i] = names.indexOf(wanted.get(i));
            if (at[i] < 0) {
                throw new IllegalArgumentException("the header has no column '" + wanted.get(i) + "' (a " + format.label()
                        + " trace has " + (format == TraceFormat.AZURE ? "TIMESTAMP, ContextTokens, GeneratedTokens"
                                : "Timestamp, Request tokens, Response tokens, ...") + "); it has " + names);
            }
        }
        return new CsvLineParser(format, at[0], at[1], at[2]);
    }

    @Override
    public TraceEntry parse(byte[] bytes, int start, int length, long line, long byteOffset) {
        String[] cells = row(bytes, start, length);
        int needed = Math.max(timeColumn, Math.max(inputColumn, outputColumn)) + 1;
        if (cells.length < needed) {
            throw new IllegalArgumentException("expected at least " + needed + " columns, found " + cells.length);
        }
        long time = format == TraceFormat.AZURE ? azureNanos(cells[timeColumn]) : secondsNanos(cells[timeColumn]);
        return new TraceEntry(line, byteOffset, time, count(cells[inputColumn]), count(cells[outputColumn]), null);
    }

    private static String[] row(byte[] bytes, int start, int length) {
        try {
            return ROW.readValue(bytes, start, length);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a CSV row (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
    }

    private static long azureNanos(String text) {
        try {
            LocalDateTime t = LocalDateTime.parse(text.trim(), AZURE_TIME);
            return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + t.getNano();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("TIMESTAMP '" + text + "' is not a date-time like 2023-11-16 18:15:46.6805900", e);
        }
    }

    private static long secondsNanos(String text) {
        try {
            double seconds = Double.parseDouble(text.trim());
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                throw new NumberFormatException();
            }
            return Math.round(seconds * 1e9);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Timestamp '" + text + "' is not a number of seconds >= 0", e);
        }
    }

    private static int count(String text) {
        String t = text.trim();
        try {
            double v = Double.parseDouble(t); // some exports write counts as 123.0
            if (!(v >= 0) || v > Integer.MAX_VALUE || v != Math.rint(v)) {
                throw new NumberFormatException();
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("token count '" + t + "' is not a whole number >= 0", e);
        }
    }

    static String text(byte[] bytes, int start, int length) {
        return new String(bytes, start, length, StandardCharsets.UTF_8);
    }
}
