package dev.infergate.record;

/**
 * Everything measured about one request: a small fixed record, appended to {@code requests.jsonl} as the
 * request finishes. Every summary, comparison and report is a pure function of these records.
 *
 * <p>Beside who sent it and where it belongs, the record is grouped into the parts the client measures apart:
 * the timeline {@link Marks}, the {@link Outcome}, the {@link Tokens}, the output {@link Events}, the client's own
 * figures ({@link ClientFigures}), the {@link Reasoning} and the {@link InputParts} (media, documents). The figures
 * derived from more than one part (TTFT, E2E, TPOT, queue wait, client lag) are this record's methods. Build one with
 * the canonical constructor from its parts, or field by field with {@link #builder}, which starts every field at
 * its absent value (the form of older logs: a field a log lacks reads as absent).
 *
 * <p>Timeline marks are monotonic nanoseconds since the run's origin (the moment the schedule started;
 * workers of a sharded run share it), see docs/metrics.md. A mark that never happened is {@link #ABSENT}.
 *
 * @param id          index of the request in the run's schedule (0-based, unique across shards)
 * @param worker      shard that sent it (0 when not sharded)
 * @param phase       warm-up requests are recorded but excluded from figures
 * @param condition   label of the scenario or matrix condition, or null
 * @param session     agent-session id, or null
 * @param turn        turn within the session (0-based), or -1
 * @param marks       when each step of the request happened
 * @param outcome     how it ended: status, error class and detail, Retry-After
 * @param tokens      its prompt and output token counts
 * @param events      the output-carrying events: count, largest gap, inter-token histogram, sampled offsets
 * @param client      what the client itself did: a retry, the connections it opened, the wait for one
 * @param reasoning   the reasoning part of the answer (marks, events, the server's token count)
 * @param inputParts  the images, audio clips and documents the request carried ({@link InputParts#NONE}: text
 *                    only, and every record of a log older than the field)
 */
public record RequestRecord(
        long id,
        int worker,
        Phase phase,
        String condition,
        String session,
        int turn,
        Marks marks,
        Outcome outcome,
        Tokens tokens,
        Events events,
        ClientFigures client,
        Reasoning reasoning,
        InputParts inputParts) {

    /** Marks a timeline point that never happened. */
    public static final long ABSENT = -1L;

    /**
     * The share of a request's prompt tokens that must come from the server's cache for it to count as warm (see
     * {@link #warmCache()}): a chat template's first few tokens served from cache leave a fresh prompt cold.
     */
    public static final double WARM_CACHED_SHARE = 0.5;

    public RequestRecord {
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        if (phase == null) {
            throw new IllegalArgumentException("phase must not be null");
        }
        if (marks == null || outcome == null || tokens == null || events == null || client == null
                || reasoning == null) {
            throw new IllegalArgumentException("request " + id + ": marks, outcome, tokens, events, client and"
                    + " reasoning must not be null (use their absent values)");
        }
        inputParts = inputParts == null ? InputParts.NONE : inputParts;
    }

    /**
     * The request's timeline, in nanoseconds since the run's origin; a mark that never happened is {@link #ABSENT}.
     *
     * @param scheduledNanos  when the load model meant the request to start
     * @param slotNanos       when a concurrency slot was free for the request: {@link #scheduledNanos} when one was
     *                        free at once, else when one freed; ABSENT in older logs and for requests never sent
     * @param dispatchNanos   when the client started writing the request (the connection in hand, the body
     *                        encoded); ABSENT in older logs and when it never started
     * @param sentNanos       when the request's last byte was handed to the kernel (the write completed); in logs
     *                        written before the {@code dispatch_ns} mark existed: when the client started sending
     * @param headersNanos    when the response status line and headers arrived
     * @param firstTokenNanos arrival of the first output-carrying event
     * @param lastTokenNanos  arrival of the last output-carrying event (settle time)
     * @param doneNanos       end of the response ({@code [DONE]} or end of body), or the time of failure
     */
    public record Marks(long scheduledNanos, long slotNanos, long dispatchNanos, long sentNanos, long headersNanos,
            long firstTokenNanos, long lastTokenNanos, long doneNanos) {

        public Marks {
            if (scheduledNanos < 0) {
                throw new IllegalArgumentException("scheduledNanos (" + scheduledNanos + ") must be >= 0");
            }
        }
    }

    /**
     * How the request ended.
     *
     * @param status            HTTP status, 0 when no response arrived
     * @param error             why the request failed, null when it succeeded
     * @param errorDetail       a short human-readable detail of the failure (never secrets), or null
     * @param retryAfterSeconds the {@code Retry-After} of a 429, or -1
     */
    public record Outcome(int status, ErrorClass error, String errorDetail, double retryAfterSeconds) {

        public Outcome {
            if (retryAfterSeconds != -1 && !(retryAfterSeconds >= 0 && Double.isFinite(retryAfterSeconds))) {
                throw new IllegalArgumentException("retryAfterSeconds (" + retryAfterSeconds
                        + ") must be a finite number >= 0, or -1");
            }
        }
    }

    /**
     * The request's token counts.
     *
     * @param input         prompt tokens (server usage when sent, else the workload's count), or -1
     * @param intendedInput the prompt length the workload meant to send, by its tokenizer, or -1 when unknown;
     *                      compared with the server's count ({@link #input} from usage) to reconcile the two
     * @param output        output tokens, see {@link #outputSource}
     * @param outputSource  where {@link #output} came from
     * @param cached        server-reported cached prompt tokens, or -1 when the server did not say
     */
    public record Tokens(int input, int intendedInput, int output, TokenSource outputSource, int cached) {

        public Tokens {
            if (outputSource == null) {
                throw new IllegalArgumentException("outputTokensSource must not be null");
            }
            if (intendedInput < -1) {
                throw new IllegalArgumentException("intendedInputTokens (" + intendedInput + ") must be >= -1");
            }
        }
    }

    /**
     * The output-carrying events of the response.
     *
     * @param chunks            number of output-carrying events
     * @param maxStallNanos     the largest gap between consecutive output-carrying events, or ABSENT
     * @param itlHistogram      the request's inter-token gaps (one value per gap, microseconds) as a base64
     *                          compressed HdrHistogram, or null when there was no gap; see {@link ItlCodec}
     * @param eventOffsetsNanos arrival of each output-carrying event relative to the sent mark, only for
     *                          sampled requests (for timelines); null otherwise
     */
    public record Events(int chunks, long maxStallNanos, String itlHistogram, long[] eventOffsetsNanos) {}

    /**
     * What the client did for the request, beside the response: its figures are the client's, never the server's.
     *
     * @param retries           how often the client sent the request again because its connection was lost before
     *                          any response byte came back (a stale kept-alive connection: never a server error); 0 or 1
     * @param retryDelayNanos   the time lost to that retry: from the first attempt's send to the retry's send, which
     *                          is the sent mark; it is the client's delay and never part of TTFT. ABSENT without retry
     * @param connectionsOpened new connections this request opened (0: it reused a kept-alive one), or -1 when not
     *                          recorded (logs written before it was)
     * @param connectWaitNanos  how long the client waited for a new connection (its TCP and TLS set-up, the
     *                          network's): a duration, not a mark; 0 when it was handed a kept-alive connection (a
     *                          wait for one that was busy is the client's own pool, so client lag); ABSENT when unknown
     */
    public record ClientFigures(int retries, long retryDelayNanos, int connectionsOpened, long connectWaitNanos) {

        public ClientFigures {
            if (retries < 0) {
                throw new IllegalArgumentException("clientRetries (" + retries + ") must be >= 0");
            }
            if (connectionsOpened < -1) {
                throw new IllegalArgumentException("connectionsOpened (" + connectionsOpened + ") must be >= -1");
            }
        }
    }

    /**
     * The reasoning part of an answer.
     *
     * @param firstReasoningNanos arrival of the first event with reasoning text ({@code reasoning_content}); ABSENT
     *                        when the answer had none. The first token mark is the earlier of this and the next
     * @param firstAnswerNanos with reasoning: arrival of the first event with answer output (content, text or a tool
     *                        call), what a chat UI that folds reasoning away shows first; ABSENT when none came, and
     *                        for answers without reasoning (their first token is the answer:
     *                        {@link RequestRecord#firstAnswerOrTokenNanos})
     * @param chunks          output-carrying events with reasoning text (of {@link Events#chunks})
     * @param usageTokens     the server's {@code usage.completion_tokens_details.reasoning_tokens}; -1 when it sent
     *                        none (reasoning tokens are then estimated from the events)
     */
    public record Reasoning(long firstReasoningNanos, long firstAnswerNanos, int chunks, int usageTokens) {

        public Reasoning {
            if (usageTokens < -1) {
                throw new IllegalArgumentException("usageReasoningTokens (" + usageTokens + ") must be >= -1");
            }
            if (chunks < 0) {
                throw new IllegalArgumentException("reasoningChunks (" + chunks + ") must be >= 0");
            }
        }
    }

    /** A builder starting at {@code id}, every other field absent: for importers, readers of logs and tests. */
    public static Builder builder(long id) {
        return new Builder(id);
    }

    /** A builder holding this record's fields, to change some of them. */
    public Builder toBuilder() {
        return new Builder(id).worker(worker).phase(phase).condition(condition).session(session).turn(turn)
                .marks(marks).outcome(outcome).tokens(tokens).events(events).client(client).reasoning(reasoning)
                .inputParts(inputParts);
    }

    /** The first answer output: {@link Reasoning#firstAnswerNanos} after reasoning, else the first token (or ABSENT). */
    public long firstAnswerOrTokenNanos() {
        return reasoning.chunks() > 0 ? reasoning.firstAnswerNanos() : marks.firstTokenNanos();
    }

    /** Whether the request completed: no error class, and not cancelled by the client. */
    public boolean succeeded() {
        return outcome.error() == null;
    }

    /**
     * Whether the client ended the request itself: it closed the stream on purpose (a user cancellation), or
     * never sent it ({@link ErrorClass#NOT_SENT}, its bounds were full). Neither completed nor failed, and never
     * counted against the server.
     */
    public boolean cancelled() {
        ErrorClass error = outcome.error();
        return error == ErrorClass.USER_CANCELLED || error == ErrorClass.NOT_SENT;
    }

    /** Whether the request failed: an error class other than a user cancellation. */
    public boolean failed() {
        return outcome.error() != null && outcome.error().failure();
    }

    public boolean measured() {
        return phase == Phase.MEASURED;
    }

    /**
     * Whether at least {@link #WARM_CACHED_SHARE} of the prompt's tokens came from the server's cache. A server that
     * did not report cached tokens, or a prompt of unknown length, makes the request cold.
     */
    public boolean warmCache() {
        return warmCache(WARM_CACHED_SHARE);
    }

    /** Whether at least {@code share} of the prompt's tokens came from the server's cache. */
    public boolean warmCache(double share) {
        return tokens.cached() > 0 && tokens.input() > 0 && tokens.cached() >= share * tokens.input();
    }

    /**
     * {@code slot - scheduled}: the wait for a free concurrency slot; ABSENT when never sent. Older logs have
     * no slot mark: there it is {@code sent - scheduled}, the client's lag included, as they always said.
     */
    public long queueWaitNanos() {
        if (marks.sentNanos() == ABSENT && marks.dispatchNanos() == ABSENT) {
            return ABSENT;
        }
        long scheduled = marks.scheduledNanos();
        return marks.slotNanos() == ABSENT ? marks.sentNanos() - scheduled : Math.max(0, marks.slotNanos() - scheduled);
    }

    /**
     * The client's own lag: from the later of the scheduled time and the free slot until the write started,
     * less the wait for a connection (that is the network's or the server's) and less the time a client retry lost
     * (from the first attempt's send to the retry's: a stale kept-alive connection's, recorded as
     * {@link ClientFigures#retryDelayNanos}, not a client that fell behind). ABSENT when the marks are missing (older logs,
     * never dispatched). A busy client shows here, never as server TTFT.
     */
    public long clientLagNanos() {
        if (marks.slotNanos() == ABSENT || marks.dispatchNanos() == ABSENT) {
            return ABSENT;
        }
        long connect = client.connectWaitNanos() == ABSENT ? 0 : client.connectWaitNanos();
        long retry = client.retryDelayNanos() == ABSENT ? 0 : client.retryDelayNanos();
        return Math.max(0, marks.dispatchNanos() - Math.max(marks.scheduledNanos(), marks.slotNanos()) - connect - retry);
    }

    /** {@code sent - dispatch}: how long handing the request's bytes to the kernel took; ABSENT when unknown. */
    public long writeNanos() {
        long dispatch = marks.dispatchNanos();
        return dispatch == ABSENT || marks.sentNanos() == ABSENT ? ABSENT : Math.max(0, marks.sentNanos() - dispatch);
    }

    /** {@code first_token - sent}. */
    public long ttftNanos() {
        return between(marks.sentNanos(), marks.firstTokenNanos());
    }

    /** {@code first_token - scheduled}: TTFT including client queue wait (no coordinated omission). */
    public long ttftFromScheduledNanos() {
        return between(marks.scheduledNanos(), marks.firstTokenNanos());
    }

    /** {@code done - sent}, for successful requests. */
    public long e2eNanos() {
        return succeeded() ? between(marks.sentNanos(), marks.doneNanos()) : ABSENT;
    }

    /** {@code done - scheduled}, for successful requests. */
    public long e2eFromScheduledNanos() {
        return succeeded() ? between(marks.scheduledNanos(), marks.doneNanos()) : ABSENT;
    }

    /**
     * {@code (last_token - first_token) / (output_tokens - 1)}; NaN when undefined: one output token, or every token in
     * one event (first and last token at the same instant), where the gaps between tokens were never seen. Never 0
     * for an answer that came in one lump: that would read as an infinitely fast decoder.
     */
    public double tpotNanos() {
        int outputTokens = tokens.output();
        long firstTokenNanos = marks.firstTokenNanos();
        long lastTokenNanos = marks.lastTokenNanos();
        if (outputTokens < 2 || firstTokenNanos == ABSENT || lastTokenNanos == ABSENT || lastTokenNanos == firstTokenNanos) {
            return Double.NaN;
        }
        return (double) (lastTokenNanos - firstTokenNanos) / (outputTokens - 1);
    }

    /** {@code output_tokens / (last_token - first_token)} in tokens per second; NaN when undefined. */
    public double effectiveTokensPerSecond() {
        int outputTokens = tokens.output();
        long firstTokenNanos = marks.firstTokenNanos();
        long lastTokenNanos = marks.lastTokenNanos();
        if (outputTokens < 1 || firstTokenNanos == ABSENT || lastTokenNanos <= firstTokenNanos) {
            return Double.NaN;
        }
        return outputTokens / ((lastTokenNanos - firstTokenNanos) / 1e9);
    }

    /** Output tokens per output-carrying event; NaN without events. */
    public double tokensPerChunk() {
        return events.chunks() == 0 ? Double.NaN : (double) tokens.output() / events.chunks();
    }

    private static long between(long from, long to) {
        return from == ABSENT || to == ABSENT ? ABSENT : to - from;
    }

    /**
     * Builds a record field by field, each starting at its absent value (no mark, no count, no retry, text only):
     * what an importer, a log reader or a test sets is what it knows. The setters are named as the record's fields
     * were before they were grouped, so a reader of an old log maps each key to one setter.
     */
    public static final class Builder {
        private long id;
        private int worker;
        private Phase phase = Phase.MEASURED;
        private String condition;
        private String session;
        private int turn = -1;
        private long scheduledNanos;
        private long slotNanos = ABSENT;
        private long dispatchNanos = ABSENT;
        private long sentNanos = ABSENT;
        private long headersNanos = ABSENT;
        private long firstTokenNanos = ABSENT;
        private long lastTokenNanos = ABSENT;
        private long doneNanos = ABSENT;
        private int status;
        private ErrorClass error;
        private String errorDetail;
        private double retryAfterSeconds = -1;
        private int inputTokens = -1;
        private int intendedInputTokens = -1;
        private int outputTokens;
        private TokenSource outputTokensSource = TokenSource.NONE;
        private int cachedTokens = -1;
        private int chunks;
        private long maxStallNanos = ABSENT;
        private String itlHistogram;
        private long[] eventOffsetsNanos;
        private int clientRetries;
        private long clientRetryDelayNanos = ABSENT;
        private int connectionsOpened = -1;
        private long connectWaitNanos = ABSENT;
        private long firstReasoningNanos = ABSENT;
        private long firstAnswerNanos = ABSENT;
        private int reasoningChunks;
        private int usageReasoningTokens = -1;
        private InputParts inputParts = InputParts.NONE;

        private Builder(long id) {
            this.id = id;
        }

        public Builder id(long id) {
            this.id = id;
            return this;
        }

        public Builder worker(int worker) {
            this.worker = worker;
            return this;
        }

        public Builder phase(Phase phase) {
            this.phase = phase;
            return this;
        }

        public Builder condition(String condition) {
            this.condition = condition;
            return this;
        }

        public Builder session(String session) {
            this.session = session;
            return this;
        }

        public Builder turn(int turn) {
            this.turn = turn;
            return this;
        }

        public Builder scheduledNanos(long scheduledNanos) {
            this.scheduledNanos = scheduledNanos;
            return this;
        }

        public Builder slotNanos(long slotNanos) {
            this.slotNanos = slotNanos;
            return this;
        }

        public Builder dispatchNanos(long dispatchNanos) {
            this.dispatchNanos = dispatchNanos;
            return this;
        }

        public Builder sentNanos(long sentNanos) {
            this.sentNanos = sentNanos;
            return this;
        }

        public Builder headersNanos(long headersNanos) {
            this.headersNanos = headersNanos;
            return this;
        }

        public Builder firstTokenNanos(long firstTokenNanos) {
            this.firstTokenNanos = firstTokenNanos;
            return this;
        }

        public Builder lastTokenNanos(long lastTokenNanos) {
            this.lastTokenNanos = lastTokenNanos;
            return this;
        }

        public Builder doneNanos(long doneNanos) {
            this.doneNanos = doneNanos;
            return this;
        }

        public Builder status(int status) {
            this.status = status;
            return this;
        }

        public Builder error(ErrorClass error) {
            this.error = error;
            return this;
        }

        public Builder errorDetail(String errorDetail) {
            this.errorDetail = errorDetail;
            return this;
        }

        public Builder retryAfterSeconds(double retryAfterSeconds) {
            this.retryAfterSeconds = retryAfterSeconds;
            return this;
        }

        public Builder inputTokens(int inputTokens) {
            this.inputTokens = inputTokens;
            return this;
        }

        public Builder intendedInputTokens(int intendedInputTokens) {
            this.intendedInputTokens = intendedInputTokens;
            return this;
        }

        public Builder outputTokens(int outputTokens) {
            this.outputTokens = outputTokens;
            return this;
        }

        public Builder outputTokensSource(TokenSource outputTokensSource) {
            this.outputTokensSource = outputTokensSource;
            return this;
        }

        public Builder cachedTokens(int cachedTokens) {
            this.cachedTokens = cachedTokens;
            return this;
        }

        public Builder chunks(int chunks) {
            this.chunks = chunks;
            return this;
        }

        public Builder maxStallNanos(long maxStallNanos) {
            this.maxStallNanos = maxStallNanos;
            return this;
        }

        public Builder itlHistogram(String itlHistogram) {
            this.itlHistogram = itlHistogram;
            return this;
        }

        public Builder eventOffsetsNanos(long[] eventOffsetsNanos) {
            this.eventOffsetsNanos = eventOffsetsNanos;
            return this;
        }

        public Builder clientRetries(int clientRetries) {
            this.clientRetries = clientRetries;
            return this;
        }

        public Builder clientRetryDelayNanos(long clientRetryDelayNanos) {
            this.clientRetryDelayNanos = clientRetryDelayNanos;
            return this;
        }

        public Builder connectionsOpened(int connectionsOpened) {
            this.connectionsOpened = connectionsOpened;
            return this;
        }

        public Builder connectWaitNanos(long connectWaitNanos) {
            this.connectWaitNanos = connectWaitNanos;
            return this;
        }

        public Builder firstReasoningNanos(long firstReasoningNanos) {
            this.firstReasoningNanos = firstReasoningNanos;
            return this;
        }

        public Builder firstAnswerNanos(long firstAnswerNanos) {
            this.firstAnswerNanos = firstAnswerNanos;
            return this;
        }

        public Builder reasoningChunks(int reasoningChunks) {
            this.reasoningChunks = reasoningChunks;
            return this;
        }

        public Builder usageReasoningTokens(int usageReasoningTokens) {
            this.usageReasoningTokens = usageReasoningTokens;
            return this;
        }

        public Builder inputParts(InputParts inputParts) {
            this.inputParts = inputParts;
            return this;
        }

        /** Sets every timeline mark at once. */
        public Builder marks(Marks m) {
            return scheduledNanos(m.scheduledNanos()).slotNanos(m.slotNanos()).dispatchNanos(m.dispatchNanos())
                    .sentNanos(m.sentNanos()).headersNanos(m.headersNanos()).firstTokenNanos(m.firstTokenNanos())
                    .lastTokenNanos(m.lastTokenNanos()).doneNanos(m.doneNanos());
        }

        public Builder outcome(Outcome o) {
            return status(o.status()).error(o.error()).errorDetail(o.errorDetail()).retryAfterSeconds(o.retryAfterSeconds());
        }

        public Builder tokens(Tokens t) {
            return inputTokens(t.input()).intendedInputTokens(t.intendedInput()).outputTokens(t.output())
                    .outputTokensSource(t.outputSource()).cachedTokens(t.cached());
        }

        public Builder events(Events e) {
            return chunks(e.chunks()).maxStallNanos(e.maxStallNanos()).itlHistogram(e.itlHistogram())
                    .eventOffsetsNanos(e.eventOffsetsNanos());
        }

        public Builder client(ClientFigures c) {
            return clientRetries(c.retries()).clientRetryDelayNanos(c.retryDelayNanos())
                    .connectionsOpened(c.connectionsOpened()).connectWaitNanos(c.connectWaitNanos());
        }

        public Builder reasoning(Reasoning r) {
            return firstReasoningNanos(r.firstReasoningNanos()).firstAnswerNanos(r.firstAnswerNanos())
                    .reasoningChunks(r.chunks()).usageReasoningTokens(r.usageTokens());
        }

        public RequestRecord build() {
            return new RequestRecord(id, worker, phase, condition, session, turn,
                    new Marks(scheduledNanos, slotNanos, dispatchNanos, sentNanos, headersNanos, firstTokenNanos,
                            lastTokenNanos, doneNanos),
                    new Outcome(status, error, errorDetail, retryAfterSeconds),
                    new Tokens(inputTokens, intendedInputTokens, outputTokens, outputTokensSource, cachedTokens),
                    new Events(chunks, maxStallNanos, itlHistogram, eventOffsetsNanos),
                    new ClientFigures(clientRetries, clientRetryDelayNanos, connectionsOpened, connectWaitNanos),
                    new Reasoning(firstReasoningNanos, firstAnswerNanos, reasoningChunks, usageReasoningTokens),
                    inputParts);
        }
    }
}
