package dev.infergate.workload.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;

/**
 * Mooncake lines, and our own JSONL traces of the same fields: {@code timestamp} (milliseconds),
 * {@code input_length}, {@code output_length}, {@code hash_ids}. Read with Jackson's streaming parser, field
 * by field, so a line costs no tree and no map; other fields are skipped. A jsonl line (not Mooncake) may carry
 * its own input instead of {@code input_length}: {@code prompt} or chat {@code messages} ({@link TraceLiteral}),
 * sent as written; {@code input_length} is then optional.
 */
final class JsonLineParser implements LineParser {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** Stands for ids that were present but not read. */
    private static final int[] SKIPPED = new int[0];

    private final boolean hashIdsRequired;
    private final boolean readHashIds;

    /**
     * @param hashIdsRequired whether a line without {@code hash_ids} is an error (Mooncake)
     * @param readHashIds     false to skip over the ids (the schedule needs only times and lengths): entries then
     *                        carry an empty array where the line had ids
     */
    JsonLineParser(boolean hashIdsRequired, boolean readHashIds) {
        this.hashIdsRequired = hashIdsRequired;
        this.readHashIds = readHashIds;
    }

    @Override
    public TraceEntry parse(byte[] bytes, int start, int length, long line, long byteOffset) {
        try (JsonParser p = FACTORY.createParser(bytes, start, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("expected a JSON object");
            }
            double timestampMs = Double.NaN;
            long input = -1;
            long output = -1;
            int[] hashIds = null;
            TraceLiteral literal = null;
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "timestamp" -> timestampMs = number(p, value, name);
                    case "input_length" -> input = count(p, value, name);
                    case "output_length" -> output = count(p, value, name);
                    case "hash_ids" -> hashIds = readHashIds ? hashIds(p, value) : skip(p);
                    case "prompt", "messages" -> literal = literal(p, value, name, literal);
                    default -> p.skipChildren();
                }
            }
            if (Double.isNaN(timestampMs) || (input < 0 && literal == null) || output < 0) {
                throw new IllegalArgumentException("expected \"timestamp\" (ms), \"input_length\" and \"output_length\""
                        + (hashIdsRequired ? "" : " (or, instead of input_length, the input itself: \"prompt\" or \"messages\")"));
            }
            if (literal != null && hashIds != null) {
                throw new IllegalArgumentException("give \"hash_ids\" or the input itself (\"prompt\"/\"messages\"), not both");
            }
            if (hashIdsRequired && hashIds == null) {
                throw new IllegalArgumentException("expected \"hash_ids\" (one id per 512-token block of the prompt)");
            }
            if (input > Integer.MAX_VALUE || output > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("token counts above " + Integer.MAX_VALUE);
            }
            return new TraceEntry(line, byteOffset, Math.round(timestampMs * 1e6), (int) input, (int) output, hashIds, literal);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("not readable (" + e.getMessage() + ")", e);
        }
    }

    /** Mooncake lines ignore both fields; a jsonl line takes one of them, read in full only for a request's spec. */
    private TraceLiteral literal(JsonParser p, JsonToken value, String name, TraceLiteral before) throws IOException {
        if (hashIdsRequired) {
            p.skipChildren();
            return before;
        }
        if (before != null) {
            throw new IllegalArgumentException("give \"prompt\" or \"messages\", not both");
        }
        if (!readHashIds) {
            p.skipChildren();
            return TraceLiteral.SKIPPED;
        }
        return "prompt".equals(name) ? TraceLiteral.prompt(p, value) : TraceLiteral.messages(p, value);
    }

    private static int[] skip(JsonParser p) throws IOException {
        p.skipChildren();
        return SKIPPED;
    }

    private static double number(JsonParser p, JsonToken value, String name) throws IOException {
        if (!value.isNumeric()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a number");
        }
        double v = p.getDoubleValue();
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("\"" + name + "\" (" + v + ") must be >= 0");
        }
        return v;
    }

    private static long count(JsonParser p, JsonToken value, String name) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT || p.getLongValue() < 0) {
            throw new IllegalArgumentException("\"" + name + "\" must be a whole number >= 0");
        }
        return p.getLongValue();
    }

    private static int[] hashIds(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw new IllegalArgumentException("\"hash_ids\" must be an array of whole numbers");
        }
        int[] ids = new int[16];
        int n = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_NUMBER_INT || p.getLongValue() < 0 || p.getLongValue() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("\"hash_ids\" must hold whole numbers from 0 to " + Integer.MAX_VALUE);
            }
            if (n == ids.length) {
                ids = Arrays.copyOf(ids, n * 2);
            }
            ids[n++] = p.getIntValue();
        }
        return Arrays.copyOf(ids, n);
    }
}
