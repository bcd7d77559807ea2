package dev.infergate.sim.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.attest.SimulatorKey;
import dev.infergate.sim.answer.AnswerModel;
import dev.infergate.sim.answer.ResponseText;
import dev.infergate.sim.driver.DispatchLateness;
import dev.infergate.sim.driver.RealTimeDriver;
import dev.infergate.sim.engine.EngineMetrics;
import dev.infergate.sim.engine.FinishReason;
import dev.infergate.sim.engine.OutputPlan;
import dev.infergate.sim.engine.Sequence;
import dev.infergate.sim.engine.Tokenizer;
import dev.infergate.sim.profile.SimProfile;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The OpenAI-compatible HTTP surface: {@code /v1/models}, {@code /v1/chat/completions},
 * {@code /v1/completions}, {@code /v1/responses} (the Responses API, same timing model as chat),
 * {@code /v1/embeddings} (the cost of a prefill, no decode), rerank ({@code /rerank}, {@code /v1/rerank},
 * {@code /v2/rerank}) and score ({@code /score}, {@code /v1/score}) (a prefill of every query-document pair, no
 * decode; {@link ScoringRequest}), {@code /tokenize}, {@code /health}, {@code /metrics} and its own {@code /sim/request-delays} ({@link RequestDelays}) and {@code /sim/attest} (its proof,
 * by its key, that it is infergate's simulator: {@link SimulatorKey}).
 */
public final class SimRoutes {
    /** Shown as {@code owned_by}: anyone listing models learns that this is not a real engine. */
    public static final String OWNED_BY = "infergate-sim (a model, not a measurement of any real engine)";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final Pattern NONCE = Pattern.compile("[0-9a-fA-F]{16,128}");

    private final SimProfile profile;
    private final long serverSeed;
    private final RealTimeDriver driver;
    private final EngineMetrics metrics;
    private final DispatchLateness lateness;
    private final LongSupplier nanoClock;
    private final EmissionTap tap;
    private final RequestParser parser;
    private final AnswerModel answers;
    private final SplittableRandom faultRandom;
    private final AtomicLong nextId = new AtomicLong();
    private final RequestDelays delays;
    private final SimulatorKey key;
    private final long createdEpochSeconds = System.currentTimeMillis() / 1000;

    public SimRoutes(SimProfile profile, long serverSeed, RealTimeDriver driver, EngineMetrics metrics,
            DispatchLateness lateness, LongSupplier nanoClock, EmissionTap tap, SimulatorKey key) {
        this.profile = profile;
        this.serverSeed = serverSeed;
        this.driver = driver;
        this.metrics = metrics;
        this.lateness = lateness;
        this.nanoClock = nanoClock;
        this.tap = tap;
        this.parser = new RequestParser(profile);
        this.answers = new AnswerModel(profile.answerAccuracy(), serverSeed);
        this.faultRandom = new SplittableRandom(Tokenizer.mix(serverSeed ^ 0x5EED_FA17L));
        this.delays = new RequestDelays(lateness);
        this.key = key;
    }

    /** A router for one HTTP server instance (one per event loop). */
    public Router router(Vertx vertx) {
        Router router = Router.router(vertx);
        router.route().handler(BodyHandler.create().setBodyLimit(32L * 1024 * 1024));
        router.get("/v1/models").handler(rc -> json(rc, 200, models()));
        router.post("/v1/chat/completions").handler(rc -> guarded(rc, () -> completion(rc, true)));
        router.post("/v1/completions").handler(rc -> guarded(rc, () -> completion(rc, false)));
        router.post("/v1/responses").handler(rc -> guarded(rc, () -> responses(rc)));
        router.post("/v1/embeddings").handler(rc -> guarded(rc, () -> embeddings(rc)));
        for (String path : new String[] {"/rerank", "/v1/rerank", "/v2/rerank", "/score", "/v1/score"}) {
            boolean rerank = path.endsWith("rerank");
            router.post(path).handler(rc -> guarded(rc, () -> scoring(rc, rerank)));
        }
        router.post("/tokenize").handler(rc -> guarded(rc, () -> tokenize(rc)));
        router.get("/health").handler(rc -> rc.response().setStatusCode(200).end());
        router.get("/metrics").handler(rc -> rc.response()
                .putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                .end(MetricsText.render(profile.model(), metrics, lateness)));
        router.get("/sim/request-delays").handler(rc -> rc.response()
                .putHeader("Content-Type", "application/x-ndjson; charset=utf-8")
                .end(delays.jsonLines(rc.request().getParam("prefix"))));
        router.get("/sim/attest").handler(this::attest);
        router.route().handler(rc -> error(rc, ApiError.notFound(rc.request().method() + " " + rc.request().path())));
        return router;
    }

    /** HMAC-SHA256 of the client's nonce under this simulator's key: the client's proof that its series are ours. */
    private void attest(RoutingContext rc) {
        String nonce = rc.request().getParam("nonce");
        if (nonce == null || !NONCE.matcher(nonce).matches()) {
            error(rc, ApiError.badRequest("nonce", "nonce must be 16 to 128 hex digits"));
            return;
        }
        rc.response().putHeader("Content-Type", "text/plain; charset=utf-8").putHeader("Cache-Control", "no-store")
                .end(key.answer(nonce));
    }

    private void completion(RoutingContext rc, boolean chat) {
        CompletionRequest request = parser.parse(body(rc), chat);
        generate(rc, request, (id, requestId) -> new OpenAiFormat(chat, (chat ? "chatcmpl-" : "cmpl-")
                + (requestId != null ? requestId : "sim-" + id), System.currentTimeMillis() / 1000, profile.model(),
                request.stream(), request.reasoningTokens()));
    }

    private void responses(RoutingContext rc) {
        CompletionRequest request = parser.parseResponses(body(rc));
        generate(rc, request, (id, requestId) -> new ResponsesFormat("resp_" + (requestId != null ? requestId : "sim-" + id),
                System.currentTimeMillis() / 1000, profile.model(), request.reasoningTokens()));
    }

    /** Makes the wire format of one answer from its sequence id and the client's request id (or null). */
    private interface FormatFactory {
        SimFormat create(long id, String requestId);
    }

    /** Runs a generating request through the engine: prefill, then decode, answered in {@code formats}' format. */
    private void generate(RoutingContext rc, CompletionRequest request, FormatFactory formats) {
        long textSeed = Tokenizer.mix(serverSeed ^ Tokenizer.mix(Arrays.hashCode(request.promptIds()))
                ^ Tokenizer.mix(request.seed() + 1) ^ request.maxTokens());
        ResponseText text = answers.answer(request.promptText())
                .map(a -> ResponseText.scripted(a, textSeed)).orElseGet(() -> ResponseText.generated(textSeed));
        int natural = text.scriptedTokens() > 0 ? text.scriptedTokens()
                : profile.outputLength().draw(new SplittableRandom(textSeed));
        OutputPlan plan = OutputPlan.decide(request.maxTokens(), request.minTokens(), request.ignoreEos(), natural);
        FaultPlan faults = drawFaults(plan, request.stream());
        throwStatusFault(rc, faults);
        long id = nextId.incrementAndGet();
        String requestId = requestId(rc);
        SimFormat format = formats.create(id, requestId);
        String acceptEncoding = rc.request().getHeader("Accept-Encoding");
        StreamResponder.Setup setup = new StreamResponder.Setup(id, requestId, request, format, text, profile.delivery(),
                profile.streamInterval(), faults, profile.faults().stall().pause().toNanos(), tap,
                new StreamResponder.Wire(rc.request().version() == io.vertx.core.http.HttpVersion.HTTP_1_0,
                        acceptEncoding != null && acceptEncoding.toLowerCase(java.util.Locale.ROOT).contains("gzip"),
                        profile.xAccelBuffering()), delays);
        StreamResponder responder = new StreamResponder(rc.vertx().getOrCreateContext(), rc.response(), driver, setup);
        responder.begin(nanoClock.getAsLong());
        Sequence seq = new Sequence(id, request.promptTokens(),
                Tokenizer.blockHashes(request.promptIds(), profile.blockSize()), plan);
        driver.submit(seq, responder);
    }

    /**
     * An embedding: the engine prefills the input (cost, batching and prefix cache as for any prompt) and the
     * one sampled position stands for the pooled output, so the answer leaves when the prefill ends; no decode.
     */
    private void embeddings(RoutingContext rc) {
        int[] promptIds = parser.parseEmbeddings(body(rc));
        OutputPlan plan = new OutputPlan(1, FinishReason.STOP);
        FaultPlan faults = drawFaults(plan, false);
        throwStatusFault(rc, faults);
        long id = nextId.incrementAndGet();
        String requestId = requestId(rc);
        EmbeddingResponder responder = new EmbeddingResponder(rc.vertx().getOrCreateContext(), rc.response(), driver, id,
                new EmbeddingFormat("embd-" + (requestId != null ? requestId : "sim-" + id),
                        System.currentTimeMillis() / 1000, profile.model(), Tokenizer.mix(Arrays.hashCode(promptIds)))::body);
        responder.begin();
        driver.submit(new Sequence(id, promptIds.length, Tokenizer.blockHashes(promptIds, profile.blockSize()), plan),
                responder);
    }

    /**
     * A rerank or score request: like an embedding, the engine prefills every (query, document) pair's tokens and the
     * answer leaves when that prefill ends; no decode.
     */
    private void scoring(RoutingContext rc, boolean rerank) {
        JsonNode body = body(rc);
        ScoringRequest request = rerank ? ScoringRequest.parseRerank(body, parser, profile.maxModelLen())
                : ScoringRequest.parseScore(body, parser, profile.maxModelLen());
        OutputPlan plan = new OutputPlan(1, FinishReason.STOP);
        FaultPlan faults = drawFaults(plan, false);
        throwStatusFault(rc, faults);
        long id = nextId.incrementAndGet();
        String requestId = requestId(rc);
        ScoringFormat format = new ScoringFormat((rerank ? "rerank-" : "score-") + (requestId != null ? requestId : "sim-" + id),
                System.currentTimeMillis() / 1000, profile.model(), request);
        EmbeddingResponder responder = new EmbeddingResponder(rc.vertx().getOrCreateContext(), rc.response(), driver, id,
                format::body);
        responder.begin();
        int[] promptIds = request.promptIds();
        driver.submit(new Sequence(id, promptIds.length, Tokenizer.blockHashes(promptIds, profile.blockSize()), plan),
                responder);
    }

    /** Answers the drawn 500 or 429 fault, if any, before the request reaches the engine. */
    private void throwStatusFault(RoutingContext rc, FaultPlan faults) {
        if (faults.status() == 500) {
            throw ApiError.serverError("Internal server error (simulated fault).");
        }
        if (faults.status() == 429) {
            long retryAfter = profile.faults().rateLimit().retryAfterSeconds();
            rc.response().putHeader("Retry-After", Long.toString(retryAfter));
            throw ApiError.rateLimited(retryAfter);
        }
    }

    /**
     * The client's {@code X-Request-Id}, which vLLM takes as its request id and answers with as
     * {@code chatcmpl-<id>}; null when absent or not a plain token of at most 128 letters, digits and
     * {@code . _ : -} (anything else would only end up in logs and response ids).
     */
    static String requestId(RoutingContext rc) {
        String header = rc.request().getHeader("X-Request-Id");
        return header != null && REQUEST_ID.matcher(header).matches() ? header : null;
    }

    private FaultPlan drawFaults(OutputPlan plan, boolean stream) {
        SplittableRandom random;
        synchronized (faultRandom) {
            random = faultRandom.split();
        }
        return FaultPlan.draw(profile.faults(), random, plan.outputTokens(), stream);
    }

    private void tokenize(RoutingContext rc) {
        int[] ids = parser.tokenizePrompt(body(rc));
        StringBuilder sb = new StringBuilder("{\"count\":").append(ids.length).append(",\"max_model_len\":")
                .append(profile.maxModelLen()).append(",\"tokens\":[");
        for (int i = 0; i < ids.length; i++) {
            sb.append(i == 0 ? "" : ",").append(ids[i]);
        }
        json(rc, 200, sb.append("]}").toString());
    }

    private String models() {
        return "{\"object\":\"list\",\"data\":[{\"id\":" + Json.quote(profile.model()) + ",\"object\":\"model\","
                + "\"created\":" + createdEpochSeconds + ",\"owned_by\":" + Json.quote(OWNED_BY) + ",\"root\":"
                + Json.quote(profile.model()) + ",\"parent\":null,\"max_model_len\":" + profile.maxModelLen() + "}]}";
    }

    private static JsonNode body(RoutingContext rc) {
        Buffer buffer = rc.body().buffer();
        if (buffer == null || buffer.length() == 0) {
            throw ApiError.badRequest(null, "The request body is empty; send a JSON object.");
        }
        try {
            return JSON.readTree(buffer.getBytes());
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest(null, "The request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiError.badRequest(null, "The request body could not be read: " + e.getMessage());
        }
    }

    private static void guarded(RoutingContext rc, Runnable handler) {
        try {
            handler.run();
        } catch (ApiError e) {
            error(rc, e);
        }
    }

    private static void error(RoutingContext rc, ApiError e) {
        json(rc, e.status(), e.toJson());
    }

    private static void json(RoutingContext rc, int status, String body) {
        rc.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(body);
    }
}
