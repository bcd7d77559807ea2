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
            g.writeStringField("outcome", r.error() == null ? "ok" : r.error().key());
            optional(g, "error", r.errorDetail());
            if (r.status() > 0) {
                g.writeNumberField("status", r.status());
            }
            if (r.retryAfterSeconds() >= 0 && Double.isFinite(r.retryAfterSeconds())) {
                g.writeNumberField("retry_after_s", r.retryAfterSeconds());
            }
            g.writeNumberField("scheduled_ns", r.scheduledNanos());
            mark(g, "slot_ns", r.slotNanos());
            mark(g, "dispatch_ns", r.dispatchNanos());
            mark(g, "connect_wait_ns", r.connectWaitNanos());
            mark(g, "sent_ns", r.sentNanos());
            if (r.clientRetries() > 0) {
                g.writeNumberField("client_retries", r.clientRetries());
                mark(g, "client_retry_delay_ns", r.clientRetryDelayNanos());
            }
            mark(g, "headers_ns", r.headersNanos());
            mark(g, "first_token_ns", r.firstTokenNanos());
            mark(g, "first_reasoning_ns", r.firstReasoningNanos());
            mark(g, "first_answer_ns", r.firstAnswerNanos());
            mark(g, "last_token_ns", r.lastTokenNanos());
            mark(g, "done_ns", r.doneNanos());
            count(g, "input_tokens", r.inputTokens());
            count(g, "intended_input_tokens", r.intendedInputTokens());
            g.writeNumberField("output_tokens", r.outputTokens());
            g.writeStringField("output_tokens_source", r.outputTokensSource().key());
            count(g, "cached_tokens", r.cachedTokens());
            g.writeNumberField("chunks", r.chunks());
            if (r.reasoningChunks() > 0) {
                g.writeNumberField("reasoning_chunks", r.reasoningChunks());
            }
            if (r.usageReasoningTokens() > 0 || r.reasoningChunks() > 0) {
                count(g, "reasoning_tokens", r.usageReasoningTokens());
            }
            parts(g, r.inputParts());
            mark(g, "max_stall_ns", r.maxStallNanos());
            count(g, "connections_opened", r.connectionsOpened());
            optional(g, "itl_us_hdr", r.itlHistogram());
            if (r.eventOffsetsNanos() != null) {
                g.writeArrayFieldStart("event_offsets_ns");
                for (long v : r.eventOffsetsNanos()) {
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

    /** Mutable holder used while reading; defaults are the "absent" values of each field. */
    private static final class Builder {
        long id = -1;
        int worker;
        Phase phase = Phase.MEASURED;
        String condition;
        String session;
        int turn = -1;
        String outcome = "ok";
        String errorDetail;
        int status;
        double retryAfter = -1;
        long scheduled = -1;
        long sent = RequestRecord.ABSENT;
        long headers = RequestRecord.ABSENT;
        long firstToken = RequestRecord.ABSENT;
        long lastToken = RequestRecord.ABSENT;
        long done = RequestRecord.ABSENT;
        int inputTokens = -1;
        int outputTokens;
        TokenSource source = TokenSource.NONE;
        int cachedTokens = -1;
        int chunks;
        long maxStall = RequestRecord.ABSENT;
        String itl;
        long[] offsets;
        int clientRetries;
        long clientRetryDelay = RequestRecord.ABSENT;
        int connectionsOpened = -1;
        int intendedInputTokens = -1;
        long slot = RequestRecord.ABSENT;
        long dispatch = RequestRecord.ABSENT;
        long connectWait = RequestRecord.ABSENT;
        long firstReasoning = RequestRecord.ABSENT;
        long firstAnswer = RequestRecord.ABSENT;
        int reasoningChunks;
        int usageReasoningTokens = -1;
        int images;
        long imageBytes;
        int audioClips;
        long audioBytes;
        int documents;

        void set(String name, JsonParser p) throws IOException {
            switch (name) {
                case "id" -> id = p.getLongValue();
                case "worker" -> worker = p.getIntValue();
                case "phase" -> phase = Phase.fromKey(p.getText());
                case "condition" -> condition = p.getText();
                case "session" -> session = p.getText();
                case "turn" -> turn = p.getIntValue();
                case "outcome" -> outcome = p.getText();
                case "error" -> errorDetail = p.getText();
                case "status" -> status = p.getIntValue();
                case "retry_after_s" -> retryAfter = retryAfterOrAbsent(p);
                case "scheduled_ns" -> scheduled = p.getLongValue();
                case "sent_ns" -> sent = p.getLongValue();
                case "slot_ns" -> slot = p.getLongValue();
                case "dispatch_ns" -> dispatch = p.getLongValue();
                case "connect_wait_ns" -> connectWait = p.getLongValue();
                case "headers_ns" -> headers = p.getLongValue();
                case "first_token_ns" -> firstToken = p.getLongValue();
                case "first_reasoning_ns" -> firstReasoning = p.getLongValue();
                case "first_answer_ns" -> firstAnswer = p.getLongValue();
                case "reasoning_chunks" -> reasoningChunks = p.getIntValue();
                case "reasoning_tokens" -> usageReasoningTokens = p.getIntValue();
                case "last_token_ns" -> lastToken = p.getLongValue();
                case "done_ns" -> done = p.getLongValue();
                case "input_tokens" -> inputTokens = p.getIntValue();
                case "output_tokens" -> outputTokens = p.getIntValue();
                case "output_tokens_source" -> source = TokenSource.fromKey(p.getText());
                case "cached_tokens" -> cachedTokens = p.getIntValue();
                case "chunks" -> chunks = p.getIntValue();
                case "max_stall_ns" -> maxStall = p.getLongValue();
                case "itl_us_hdr" -> itl = p.getText();
                case "event_offsets_ns" -> offsets = readLongs(p);
                case "client_retries" -> clientRetries = p.getIntValue();
                case "client_retry_delay_ns" -> clientRetryDelay = p.getLongValue();
                case "connections_opened" -> connectionsOpened = p.getIntValue();
                case "intended_input_tokens" -> intendedInputTokens = p.getIntValue();
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
            if (id < 0) {
                throw new IllegalArgumentException("missing 'id'");
            }
            if (scheduled < 0) {
                throw new IllegalArgumentException("missing 'scheduled_ns'");
            }
            ErrorClass error = "ok".equals(outcome) ? null : ErrorClass.fromKey(outcome);
            return new RequestRecord(id, worker, phase, condition, session, turn, scheduled, sent, headers,
                    firstToken, lastToken, done, status, error, errorDetail, retryAfter, inputTokens,
                    outputTokens, source, cachedTokens, chunks, maxStall, itl, offsets, clientRetries, clientRetryDelay,
                    connectionsOpened, intendedInputTokens, slot, dispatch, connectWait, firstReasoning, firstAnswer,
                    reasoningChunks, usageReasoningTokens,
                    new InputParts(images, imageBytes, audioClips, audioBytes, documents));
        }
    }
}
