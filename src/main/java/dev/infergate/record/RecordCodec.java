package dev.infergate.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The {@code requests.jsonl} line format: one JSON object per request, snake_case keys, timeline marks
 * in integer nanoseconds ({@code *_ns}), absent marks and unknown counts omitted. Documented in
 * docs/results.md. Readers ignore keys they do not know, so the format can grow.
 *
 * <p>Every string is written {@link Text#wellFormed well-formed} (a lone surrogate becomes U+FFFD), so a
 * line always encodes to UTF-8 and reads back; a {@code retry_after_s} that is not a finite number >= 0
 * reads back as absent, so one odd value never makes a log unreadable.
 */
public final class RecordCodec {
    private static final JsonFactory JSON = new JsonFactory();

    private RecordCodec() {}

    /** One record as a single JSON line (without the trailing newline). */
    public static String toJson(RequestRecord r) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("id", r.id());
            g.writeNumberField("worker", r.worker());
            g.writeStringField("phase", r.phase().key());
            optional(g, "condition", r.condition());
            optional(g, "session", r.session());
            if (r.turn() >= 0) {
                g.writeNumberField("turn", r.turn());
            }
            g.writeStringField("outcome", r.outcome().error() == null ? "ok" : r.outcome().error().key());
            optional(g, "error", r.outcome().errorDetail());
            if (r.outcome().status() > 0) {
                g.writeNumberField("status", r.outcome().status());
            }
            if (r.outcome().retryAfterSeconds() >= 0 && Double.isFinite(r.outcome().retryAfterSeconds())) {
                g.writeNumberField("retry_after_s", r.outcome().retryAfterSeconds());
            }
            g.writeNumberField("scheduled_ns", r.marks().scheduledNanos());
            mark(g, "slot_ns", r.marks().slotNanos());
            mark(g, "dispatch_ns", r.marks().dispatchNanos());
            mark(g, "connect_wait_ns", r.client().connectWaitNanos());
            mark(g, "sent_ns", r.marks().sentNanos());
            if (r.client().retries() > 0) {
                g.writeNumberField("client_retries", r.client().retries());
                mark(g, "client_retry_delay_ns", r.client().retryDelayNanos());
            }
            mark(g, "headers_ns", r.marks().headersNanos());
            mark(g, "first_token_ns", r.marks().firstTokenNanos());
            mark(g, "first_reasoning_ns", r.reasoning().firstReasoningNanos());
            mark(g, "first_answer_ns", r.reasoning().firstAnswerNanos());
            mark(g, "last_token_ns", r.marks().lastTokenNanos());
            mark(g, "done_ns", r.marks().doneNanos());
            count(g, "input_tokens", r.tokens().input());
            count(g, "intended_input_tokens", r.tokens().intendedInput());
            g.writeNumberField("output_tokens", r.tokens().output());
            g.writeStringField("output_tokens_source", r.tokens().outputSource().key());
            count(g, "cached_tokens", r.tokens().cached());
            g.writeNumberField("chunks", r.events().chunks());
            if (r.reasoning().chunks() > 0) {
                g.writeNumberField("reasoning_chunks", r.reasoning().chunks());
            }
            if (r.reasoning().usageTokens() > 0 || r.reasoning().chunks() > 0) {
                count(g, "reasoning_tokens", r.reasoning().usageTokens());
            }
            parts(g, r.inputParts());
            mark(g, "max_stall_ns", r.events().maxStallNanos());
            count(g, "connections_opened", r.client().connectionsOpened());
            optional(g, "itl_us_hdr", r.events().itlHistogram());
            if (r.events().eventOffsetsNanos() != null) {
                g.writeArrayFieldStart("event_offsets_ns");
                for (long v : r.events().eventOffsetsNanos()) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Parses one line; throws IllegalArgumentException naming the problem when it is not a record. */
    public static RequestRecord fromJson(String line) {
        Builder b = new Builder();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                b.set(name, p);
            }
        } catch (JsonProcessingException e) { // its getMessage() spans lines: keep the one-line part and the column
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ")
                    + (e.getLocation() == null ? "" : " (column " + e.getLocation().getColumnNr() + ")"), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage(), e);
        }
        return b.build();
    }

    private static void optional(JsonGenerator g, String name, String value) throws IOException {
        if (value != null) {
            g.writeStringField(name, Text.wellFormed(value)); // a lone surrogate from a server must not break the line
        }
    }

    /** Only what the request carried: a text-only record's line is what it always was. */
    private static void parts(JsonGenerator g, InputParts p) throws IOException {
        if (p.images() > 0) {
            g.writeNumberField("images", p.images());
            g.writeNumberField("image_bytes", p.imageBytes());
        }
        if (p.audioClips() > 0) {
            g.writeNumberField("audio_clips", p.audioClips());
            g.writeNumberField("audio_bytes", p.audioBytes());
        }
        if (p.documents() > 0) {
            g.writeNumberField("documents", p.documents());
        }
    }

    private static void mark(JsonGenerator g, String name, long nanos) throws IOException {
        if (nanos != RequestRecord.ABSENT) {
            g.writeNumberField(name, nanos);
        }
    }

    private static void count(JsonGenerator g, String name, int value) throws IOException {
        if (value >= 0) {
            g.writeNumberField(name, value);
        }
    }

    /** What a line has said so far: the record's builder (every field absent until set) and the keys it checks. */
    private static final class Builder {
        final RequestRecord.Builder record = RequestRecord.builder(0);
        boolean hasId;
        boolean hasScheduled;
        String outcome = "ok";
        int images;
        long imageBytes;
        int audioClips;
        long audioBytes;
        int documents;

        void set(String name, JsonParser p) throws IOException {
            RequestRecord.Builder r = record;
            switch (name) {
                case "id" -> {
                    r.id(p.getLongValue());
                    hasId = p.getLongValue() >= 0;
                }
                case "worker" -> r.worker(p.getIntValue());
                case "phase" -> r.phase(Phase.fromKey(p.getText()));
                case "condition" -> r.condition(p.getText());
                case "session" -> r.session(p.getText());
                case "turn" -> r.turn(p.getIntValue());
                case "outcome" -> outcome = p.getText();
                case "error" -> r.errorDetail(p.getText());
                case "status" -> r.status(p.getIntValue());
                case "retry_after_s" -> r.retryAfterSeconds(retryAfterOrAbsent(p));
                case "scheduled_ns" -> {
                    r.scheduledNanos(p.getLongValue());
                    hasScheduled = p.getLongValue() >= 0;
                }
                case "sent_ns" -> r.sentNanos(p.getLongValue());
                case "slot_ns" -> r.slotNanos(p.getLongValue());
                case "dispatch_ns" -> r.dispatchNanos(p.getLongValue());
                case "connect_wait_ns" -> r.connectWaitNanos(p.getLongValue());
                case "headers_ns" -> r.headersNanos(p.getLongValue());
                case "first_token_ns" -> r.firstTokenNanos(p.getLongValue());
                case "first_reasoning_ns" -> r.firstReasoningNanos(p.getLongValue());
                case "first_answer_ns" -> r.firstAnswerNanos(p.getLongValue());
                case "reasoning_chunks" -> r.reasoningChunks(p.getIntValue());
                case "reasoning_tokens" -> r.usageReasoningTokens(p.getIntValue());
                case "last_token_ns" -> r.lastTokenNanos(p.getLongValue());
                case "done_ns" -> r.doneNanos(p.getLongValue());
                case "input_tokens" -> r.inputTokens(p.getIntValue());
                case "output_tokens" -> r.outputTokens(p.getIntValue());
                case "output_tokens_source" -> r.outputTokensSource(TokenSource.fromKey(p.getText()));
                case "cached_tokens" -> r.cachedTokens(p.getIntValue());
                case "chunks" -> r.chunks(p.getIntValue());
                case "max_stall_ns" -> r.maxStallNanos(p.getLongValue());
                case "itl_us_hdr" -> r.itlHistogram(p.getText());
                case "event_offsets_ns" -> r.eventOffsetsNanos(readLongs(p));
                case "client_retries" -> r.clientRetries(p.getIntValue());
                case "client_retry_delay_ns" -> r.clientRetryDelayNanos(p.getLongValue());
                case "connections_opened" -> r.connectionsOpened(p.getIntValue());
                case "intended_input_tokens" -> r.intendedInputTokens(p.getIntValue());
                case "images" -> images = p.getIntValue();
                case "image_bytes" -> imageBytes = p.getLongValue();
                case "audio_clips" -> audioClips = p.getIntValue();
                case "audio_bytes" -> audioBytes = p.getLongValue();
                case "documents" -> documents = p.getIntValue();
                default -> p.skipChildren();
            }
        }

        /** A Retry-After that is not a finite number of seconds >= 0 (e.g. an older tool's "Infinity") is absent. */
        private static double retryAfterOrAbsent(JsonParser p) throws IOException {
            if (!p.currentToken().isNumeric()) {
                p.skipChildren();
                return -1;
            }
            double v = p.getDoubleValue();
            return Double.isFinite(v) && v >= 0 ? v : -1;
        }

        private static long[] readLongs(JsonParser p) throws IOException {
            long[] values = new long[16];
            int n = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (n == values.length) {
                    values = Arrays.copyOf(values, n * 2);
                }
                values[n++] = p.getLongValue();
            }
            return Arrays.copyOf(values, n);
        }

        RequestRecord build() {
            if (!hasId) {
                throw new IllegalArgumentException("missing 'id'");
            }
            if (!hasScheduled) {
                throw new IllegalArgumentException("missing 'scheduled_ns'");
            }
            ErrorClass error = "ok".equals(outcome) ? null : ErrorClass.fromKey(outcome);
            return record.error(error)
                    .inputParts(new InputParts(images, imageBytes, audioClips, audioBytes, documents))
                    .build();
        }
    }
}
