package dev.infergate.record;

/**
 * Everything measured about one request: a small fixed record, appended to {@code requests.jsonl} as the
 * request finishes. Every summary, comparison and report is a pure function of these records.
 *
 * <p>Timeline marks are monotonic nanoseconds since the run's origin (the moment the schedule started;
 * workers of a sharded run share it), see docs/metrics.md. A mark that never happened is {@link #ABSENT}.
 *
 * @param id              index of the request in the run's schedule (0-based, unique across shards)
 * @param worker          shard that sent it (0 when not sharded)
 * @param phase           warm-up requests are recorded but excluded from figures
 * @param condition       label of the scenario or matrix condition, or null
 * @param session         agent-session id, or null
 * @param turn            turn within the session (0-based), or -1
 * @param scheduledNanos  when the load model meant the request to start
 * @param sentNanos       when the request's last byte was handed to the kernel (the write completed); in logs
 *                        written before the {@code dispatch_ns} mark existed: when the client started sending
 * @param headersNanos    when the response status line and headers arrived
 * @param firstTokenNanos arrival of the first output-carrying event
 * @param lastTokenNanos  arrival of the last output-carrying event (settle time)
 * @param doneNanos       end of the response ({@code [DONE]} or end of body), or the time of failure
 * @param status          HTTP status, 0 when no response arrived
 * @param error           why the request failed, null when it succeeded
 * @param errorDetail     a short human-readable detail of the failure (never secrets), or null
 * @param retryAfterSeconds the {@code Retry-After} of a 429, or -1
 * @param inputTokens     prompt tokens (server usage when sent, else the workload's count), or -1
 * @param outputTokens    output tokens, see {@link #outputTokensSource}
 * @param outputTokensSource where {@link #outputTokens} came from
 * @param cachedTokens    server-reported cached prompt tokens, or -1 when the server did not say
 * @param chunks          number of output-carrying events
 * @param maxStallNanos   the largest gap between consecutive output-carrying events, or ABSENT
 * @param itlHistogram    the request's inter-token gaps (one value per gap, microseconds) as a base64
 *                        compressed HdrHistogram, or null when there was no gap; see {@link ItlCodec}
 * @param eventOffsetsNanos arrival of each output-carrying event relative to {@link #sentNanos}, only for
 *                        sampled requests (for timelines); null otherwise
 * @param clientRetries   how often the client sent the request again because its connection was lost before any
 *                        response byte came back (a stale kept-alive connection: never a server error); 0 or 1
 * @param clientRetryDelayNanos the time lost to that retry: from the first attempt's send to the retry's send, which
 *                        is {@link #sentNanos}; it is the client's delay and never part of TTFT. ABSENT without retry
 * @param connectionsOpened new connections this request opened (0: it reused a kept-alive one), or -1 when not
 *                        recorded (logs written before it was)
 * @param intendedInputTokens the prompt length the workload meant to send, by its tokenizer, or -1 when unknown;
 *                        compared with the server's count ({@link #inputTokens} from usage) to reconcile the two
 * @param slotNanos       when a concurrency slot was free for the request: {@link #scheduledNanos} when one was
 *                        free at once, else when one freed; ABSENT in older logs and for requests never sent
 * @param dispatchNanos   when the client started writing the request (the connection in hand, the body
 *                        encoded); ABSENT in older logs and when it never started
 * @param connectWaitNanos how long the client waited for a new connection (its TCP and TLS set-up, the network's):
 *                        a duration, not a mark; 0 when it was handed a kept-alive connection (a wait for one that
 *                        was busy is the client's own pool, so client lag); ABSENT when unknown
 * @param firstReasoningNanos arrival of the first event with reasoning text ({@code reasoning_content}); ABSENT
 *                        when the answer had none. {@link #firstTokenNanos} is the earlier of this and the next
 * @param firstAnswerNanos with reasoning: arrival of the first event with answer output (content, text or a tool
 *                        call), what a chat UI that folds reasoning away shows first; ABSENT when none came, and
 *                        for answers without reasoning (their first token is the answer: {@link #firstAnswerOrTokenNanos})
 * @param reasoningChunks  output-carrying events with reasoning text (of {@link #chunks})
 * @param usageReasoningTokens the server's {@code usage.completion_tokens_details.reasoning_tokens}; -1 when it
 *                        sent none (reasoning tokens are then estimated from the events)
 * @param inputParts      the images, audio clips and documents the request carried ({@link InputParts#NONE}: text
 *                        only, and every record of a log older than the field)
 */
public record RequestRecord(
        long id,
        int worker,
        Phase phase,
        String condition,
        String session,
        int turn,
        long scheduledNanos,
        long sentNanos,
        long headersNanos,
        long firstTokenNanos,
        long lastTokenNanos,
        long doneNanos,
        int status,
        ErrorClass error,
        String errorDetail,
        double retryAfterSeconds,
        int inputTokens,
        int outputTokens,
        TokenSource outputTokensSource,
        int cachedTokens,
        int chunks,
        long maxStallNanos,
        String itlHistogram,
        long[] eventOffsetsNanos,
        int clientRetries,
        long clientRetryDelayNanos,
        int connectionsOpened,
        int intendedInputTokens,
        long slotNanos,
        long dispatchNanos,
        long connectWaitNanos,
        long firstReasoningNanos,
        long firstAnswerNanos,
        int reasoningChunks,
        int usageReasoningTokens,
        InputParts inputParts) {

    /** Marks a timeline point that never happened. */
    public static final long ABSENT = -1L;

    /**
     * The share of a request's prompt tokens that must come from the server's cache for it to count as warm (see
     * {@link #warmCache()}): a chat template's first few tokens served from cache leave a fresh prompt cold.
     */
    public static final double WARM_CACHED_SHARE = 0.5;

    /**
     * A record without the client's own figures (no retry, connections not recorded, no slot, dispatch or
     * connect-wait marks): the form of older logs and of records built by hand.
     */
    public RequestRecord(long id, int worker, Phase phase, String condition, String session, int turn,
            long scheduledNanos, long sentNanos, long headersNanos, long firstTokenNanos, long lastTokenNanos,
            long doneNanos, int status, ErrorClass error, String errorDetail, double retryAfterSeconds,
            int inputTokens, int outputTokens, TokenSource outputTokensSource, int cachedTokens, int chunks,
            long maxStallNanos, String itlHistogram, long[] eventOffsetsNanos) {
        this(id, worker, phase, condition, session, turn, scheduledNanos, sentNanos, headersNanos, firstTokenNanos,
                lastTokenNanos, doneNanos, status, error, errorDetail, retryAfterSeconds, inputTokens, outputTokens,
                outputTokensSource, cachedTokens, chunks, maxStallNanos, itlHistogram, eventOffsetsNanos, 0, ABSENT, -1,
                -1, ABSENT, ABSENT, ABSENT);
    }

    /** A record of a response without reasoning marks (no reasoning, or a log older than them). */
    public RequestRecord(long id, int worker, Phase phase, String condition, String session, int turn,
            long scheduledNanos, long sentNanos, long headersNanos, long firstTokenNanos, long lastTokenNanos,
            long doneNanos, int status, ErrorClass error, String errorDetail, double retryAfterSeconds,
            int inputTokens, int outputTokens, TokenSource outputTokensSource, int cachedTokens, int chunks,
            long maxStallNanos, String itlHistogram, long[] eventOffsetsNanos, int clientRetries,
            long clientRetryDelayNanos, int connectionsOpened, int intendedInputTokens, long slotNanos,
            long dispatchNanos, long connectWaitNanos) {
        this(id, worker, phase, condition, session, turn, scheduledNanos, sentNanos, headersNanos, firstTokenNanos,
                lastTokenNanos, doneNanos, status, error, errorDetail, retryAfterSeconds, inputTokens, outputTokens,
                outputTokensSource, cachedTokens, chunks, maxStallNanos, itlHistogram, eventOffsetsNanos, clientRetries,
                clientRetryDelayNanos, connectionsOpened, intendedInputTokens, slotNanos, dispatchNanos, connectWaitNanos,
                ABSENT, ABSENT, 0);
    }

    /** A record without the server's reasoning token count (none sent, or a log older than it). */
    public RequestRecord(long id, int worker, Phase phase, String condition, String session, int turn,
            long scheduledNanos, long sentNanos, long headersNanos, long firstTokenNanos, long lastTokenNanos,
            long doneNanos, int status, ErrorClass error, String errorDetail, double retryAfterSeconds,
            int inputTokens, int outputTokens, TokenSource outputTokensSource, int cachedTokens, int chunks,
            long maxStallNanos, String itlHistogram, long[] eventOffsetsNanos, int clientRetries,
            long clientRetryDelayNanos, int connectionsOpened, int intendedInputTokens, long slotNanos,
            long dispatchNanos, long connectWaitNanos, long firstReasoningNanos, long firstAnswerNanos,
            int reasoningChunks) {
        this(id, worker, phase, condition, session, turn, scheduledNanos, sentNanos, headersNanos, firstTokenNanos,
                lastTokenNanos, doneNanos, status, error, errorDetail, retryAfterSeconds, inputTokens, outputTokens,
                outputTokensSource, cachedTokens, chunks, maxStallNanos, itlHistogram, eventOffsetsNanos, clientRetries,
                clientRetryDelayNanos, connectionsOpened, intendedInputTokens, slotNanos, dispatchNanos, connectWaitNanos,
                firstReasoningNanos, firstAnswerNanos, reasoningChunks, -1);
    }

    /** A record of a text-only request (or of a log older than {@link #inputParts}). */
    public RequestRecord(long id, int worker, Phase phase, String condition, String session, int turn,
            long scheduledNanos, long sentNanos, long headersNanos, long firstTokenNanos, long lastTokenNanos,
            long doneNanos, int status, ErrorClass error, String errorDetail, double retryAfterSeconds,
            int inputTokens, int outputTokens, TokenSource outputTokensSource, int cachedTokens, int chunks,
            long maxStallNanos, String itlHistogram, long[] eventOffsetsNanos, int clientRetries,
            long clientRetryDelayNanos, int connectionsOpened, int intendedInputTokens, long slotNanos,
            long dispatchNanos, long connectWaitNanos, long firstReasoningNanos, long firstAnswerNanos,
            int reasoningChunks, int usageReasoningTokens) {
        this(id, worker, phase, condition, session, turn, scheduledNanos, sentNanos, headersNanos, firstTokenNanos,
                lastTokenNanos, doneNanos, status, error, errorDetail, retryAfterSeconds, inputTokens, outputTokens,
                outputTokensSource, cachedTokens, chunks, maxStallNanos, itlHistogram, eventOffsetsNanos, clientRetries,
                clientRetryDelayNanos, connectionsOpened, intendedInputTokens, slotNanos, dispatchNanos, connectWaitNanos,
                firstReasoningNanos, firstAnswerNanos, reasoningChunks, usageReasoningTokens, InputParts.NONE);
    }

    public RequestRecord {
        inputParts = inputParts == null ? InputParts.NONE : inputParts;
        if (usageReasoningTokens < -1) {
            throw new IllegalArgumentException("usageReasoningTokens (" + usageReasoningTokens + ") must be >= -1");
        }
        if (reasoningChunks < 0) {
            throw new IllegalArgumentException("reasoningChunks (" + reasoningChunks + ") must be >= 0");
        }
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        if (phase == null) {
            throw new IllegalArgumentException("phase must not be null");
        }
        if (outputTokensSource == null) {
            throw new IllegalArgumentException("outputTokensSource must not be null");
        }
        if (retryAfterSeconds != -1 && !(retryAfterSeconds >= 0 && Double.isFinite(retryAfterSeconds))) {
            throw new IllegalArgumentException("retryAfterSeconds (" + retryAfterSeconds + ") must be a finite number >= 0, or -1");
        }
        if (scheduledNanos < 0) {
            throw new IllegalArgumentException("scheduledNanos (" + scheduledNanos + ") must be >= 0");
        }
        if (clientRetries < 0) {
            throw new IllegalArgumentException("clientRetries (" + clientRetries + ") must be >= 0");
        }
        if (intendedInputTokens < -1) {
            throw new IllegalArgumentException("intendedInputTokens (" + intendedInputTokens + ") must be >= -1");
        }
        if (connectionsOpened < -1) {
            throw new IllegalArgumentException("connectionsOpened (" + connectionsOpened + ") must be >= -1");
        }
    }

    /** The first answer output: {@link #firstAnswerNanos} after reasoning, else the first token (or ABSENT). */
    public long firstAnswerOrTokenNanos() {
        return reasoningChunks > 0 ? firstAnswerNanos : firstTokenNanos;
    }

    /** Whether the request completed: no error class, and not cancelled by the client. */
    public boolean succeeded() {
        return error == null;
    }

    /**
     * Whether the client ended the request itself: it closed the stream on purpose (a user cancellation), or
     * never sent it ({@link ErrorClass#NOT_SENT}, its bounds were full). Neither completed nor failed, and never
     * counted against the server.
     */
    public boolean cancelled() {
        return error == ErrorClass.USER_CANCELLED || error == ErrorClass.NOT_SENT;
    }

    /** Whether the request failed: an error class other than a user cancellation. */
    public boolean failed() {
        return error != null && error.failure();
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
        return cachedTokens > 0 && inputTokens > 0 && cachedTokens >= share * inputTokens;
    }

    /**
     * {@code slot - scheduled}: the wait for a free concurrency slot; ABSENT when never sent. Older logs have
     * no slot mark: there it is {@code sent - scheduled}, the client's lag included, as they always said.
     */
    public long queueWaitNanos() {
        if (sentNanos == ABSENT && dispatchNanos == ABSENT) {
            return ABSENT;
        }
        return slotNanos == ABSENT ? sentNanos - scheduledNanos : Math.max(0, slotNanos - scheduledNanos);
    }

    /**
     * The client's own lag: from the later of the scheduled time and the free slot until the write started,
     * less the wait for a connection (that is the network's or the server's) and less the time a client retry lost
     * (from the first attempt's send to the retry's: a stale kept-alive connection's, recorded as
     * {@link #clientRetryDelayNanos}, not a client that fell behind). ABSENT when the marks are missing (older logs,
     * never dispatched). A busy client shows here, never as server TTFT.
     */
    public long clientLagNanos() {
        if (slotNanos == ABSENT || dispatchNanos == ABSENT) {
            return ABSENT;
        }
        long connect = connectWaitNanos == ABSENT ? 0 : connectWaitNanos;
        long retry = clientRetryDelayNanos == ABSENT ? 0 : clientRetryDelayNanos;
        return Math.max(0, dispatchNanos - Math.max(scheduledNanos, slotNanos) - connect - retry);
    }

    /** {@code sent - dispatch}: how long handing the request's bytes to the kernel took; ABSENT when unknown. */
    public long writeNanos() {
        return dispatchNanos == ABSENT || sentNanos == ABSENT ? ABSENT : Math.max(0, sentNanos - dispatchNanos);
    }

    /** {@code first_token - sent}. */
    public long ttftNanos() {
        return between(sentNanos, firstTokenNanos);
    }

    /** {@code first_token - scheduled}: TTFT including client queue wait (no coordinated omission). */
    public long ttftFromScheduledNanos() {
        return between(scheduledNanos, firstTokenNanos);
    }

    /** {@code done - sent}, for successful requests. */
    public long e2eNanos() {
        return succeeded() ? between(sentNanos, doneNanos) : ABSENT;
    }

    /** {@code done - scheduled}, for successful requests. */
    public long e2eFromScheduledNanos() {
        return succeeded() ? between(scheduledNanos, doneNanos) : ABSENT;
    }

    /**
     * {@code (last_token - first_token) / (output_tokens - 1)}; NaN when undefined: one output token, or every token in
     * one event (first and last token at the same instant), where the gaps between tokens were never seen. Never 0
     * for an answer that came in one lump: that would read as an infinitely fast decoder.
     */
    public double tpotNanos() {
        if (outputTokens < 2 || firstTokenNanos == ABSENT || lastTokenNanos == ABSENT || lastTokenNanos == firstTokenNanos) {
            return Double.NaN;
        }
        return (double) (lastTokenNanos - firstTokenNanos) / (outputTokens - 1);
    }

    /** {@code output_tokens / (last_token - first_token)} in tokens per second; NaN when undefined. */
    public double effectiveTokensPerSecond() {
        if (outputTokens < 1 || firstTokenNanos == ABSENT || lastTokenNanos <= firstTokenNanos) {
            return Double.NaN;
        }
        return outputTokens / ((lastTokenNanos - firstTokenNanos) / 1e9);
    }

    /** Output tokens per output-carrying event; NaN without events. */
    public double tokensPerChunk() {
        return chunks == 0 ? Double.NaN : (double) outputTokens / chunks;
    }

    private static long between(long from, long to) {
        return from == ABSENT || to == ABSENT ? ABSENT : to - from;
    }
}
