package dev.infergate.quality;

import dev.infergate.analysis.quality.ItemLog;
import dev.infergate.analysis.quality.ItemResult;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.analysis.quality.QualityHeader;
import dev.infergate.analysis.quality.QualitySummary;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.OpenedEndpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.Redactor;
import dev.infergate.json.Json;
import dev.infergate.record.Text;
import dev.infergate.quality.eval.EvalItem;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Runs an evaluation set against one endpoint and writes {@code quality.json} and
 * {@code quality-items.jsonl} into a directory: the programmatic entry behind {@code infergate quality},
 * and the quality step of {@code accept} (once per side, then {@link
 * dev.infergate.analysis.quality.QualityComparison#compare}).
 *
 * <pre>{@code
 * QualityRun.Result r = QualityRun.run(endpoint, QualityPlan.of(EvalSet.load("arithmetic", 1, 100)), dir);
 * }</pre>
 *
 * <p>Answers are asked for without streaming; the latency kept per item is for information only (a
 * quality run is not a load test). A failed request counts as a wrong answer and is recorded with its error.
 */
public final class QualityRun {
    private QualityRun() {}

    /** What a run produced: the {@code quality.json} document and every item's result. */
    public record Result(Path dir, QualitySummary.Document summary, List<ItemResult> items) {}

    /** Runs without progress reports. */
    public static Result run(Endpoint endpoint, QualityPlan plan, Path outDir) throws Preflight.Failure, IOException {
        return run(endpoint, plan, outDir, done -> {});
    }

    /**
     * @param endpoint the server; its model may be null (the first one the server lists is taken)
     * @param outDir   created when missing; must not already hold a quality.json
     * @param progress called with the number of items answered so far, from worker threads
     * @throws Preflight.Failure when the server cannot be reached or the model is unknown (message names the fix)
     * @throws IOException       when the results cannot be written
     */
    public static Result run(Endpoint endpoint, QualityPlan plan, Path outDir, IntConsumer progress)
            throws Preflight.Failure, IOException {
        if (Files.exists(outDir.resolve(QualitySummary.FILE))) {
            throw new IOException(outDir + " already holds a quality run; pass another --out or remove it");
        }
        Files.createDirectories(outDir);
        String startedAt = Instant.now().toString();
        // answers are asked for whole (stream: false), and quality.json says so
        Endpoint whole = new Endpoint(endpoint.baseUrl(), endpoint.api(), endpoint.model(), false, endpoint.headers(),
                endpoint.caCert(), endpoint.insecure(), endpoint.http2(), endpoint.connectTimeout(),
                endpoint.idleConnectionTimeout());
        boolean keySet = endpoint.headers().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Authorization"));
        try (OpenedEndpoint opened = OpenedEndpoint.open(whole, plan.concurrency(), 1, false, plan.apiKeyEnv(), keySet)) {
            HttpExecutor http = opened.http();
            Preflight.Result pre = opened.server();
            Redactor redactor = whole.redactor();
            // scored on what the server said; kept without the credentials a server may have echoed
            List<ItemResult> items = ask(http, plan, progress).stream().map(r -> redacted(r, redactor)).toList();
            ItemLog.write(outDir.resolve(ItemLog.FILE), items);
            QualitySummary.Document summary = QualitySummary.build(header(http.endpoint(), plan, pre, startedAt), items,
                    QualityCriterion.DEFAULT_CONFIDENCE);
            QualitySummary.write(outDir, summary);
            return new Result(outDir, summary, items);
        }
    }

    private static List<ItemResult> ask(HttpExecutor http, QualityPlan plan, IntConsumer progress) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(plan.concurrency(), r -> {
            Thread t = new Thread(r, "quality-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
            List<Future<ItemResult>> futures = new ArrayList<>();
            for (EvalItem item : plan.evalSet().items()) {
                futures.add(pool.submit(() -> {
                    ItemResult r = askOne(http, item, plan);
                    progress.accept(done.incrementAndGet());
                    return r;
                }));
            }
            List<ItemResult> results = new ArrayList<>(futures.size());
            for (Future<ItemResult> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted before every item was answered", e);
        } catch (ExecutionException e) {
            throw new IOException("an item could not be asked: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static ItemResult redacted(ItemResult r, Redactor redactor) {
        return new ItemResult(r.id(), r.promptSha256(), r.prompt(), r.expected(), r.scorer(), redactor.redact(r.output()),
                redactor.redact(r.extracted()), r.correct(), redactor.redact(r.error()), r.finishReason(), r.outputTokens(),
                r.latencyNanos(), r.logprobs());
    }

    /** Asks one item and scores the answer; never throws for a failed request (the error is recorded). */
    static ItemResult askOne(HttpExecutor http, EvalItem item, QualityPlan plan) {
        Endpoint endpoint = http.endpoint();
        String body = AnswerProtocol.request(endpoint, item, plan);
        String hash = promptHash(item);
        String prompt = item.promptText().length() <= 200 ? item.promptText() : item.promptText().substring(0, 200) + "...";
        long start = System.nanoTime();
        String error;
        try {
            HttpExecutor.Reply reply = http.call(HttpMethod.POST, endpoint.url(endpoint.api().path()), body, plan.requestTimeout());
            long latency = System.nanoTime() - start;
            if (reply.status() / 100 == 2) {
                AnswerProtocol.Answer a = AnswerProtocol.parse(reply.body(), endpoint.api());
                return new ItemResult(item.id(), hash, prompt, item.answer(), item.scorer().key(), a.text(),
                        item.scorer().extract(a.text()), item.correct(a.text()), null, a.finishReason(), a.outputTokens(),
                        latency, a.logprobs());
            }
            error = "HTTP " + reply.status() + ": " + abbreviate(endpoint.redactor().redact(reply.body()));
        } catch (IOException e) {
            error = "request failed: " + e.getMessage();
        } catch (IllegalArgumentException e) {
            error = "bad response: " + e.getMessage();
        }
        return new ItemResult(item.id(), hash, prompt, item.answer(), item.scorer().key(), null, null, false, error, null, -1,
                System.nanoTime() - start, null);
    }

    private static QualityHeader header(Endpoint endpoint, QualityPlan plan, Preflight.Result pre, String startedAt) {
        return new QualityHeader(startedAt, Json.COMPACT.valueToTree(endpoint.describe()), endpoint.model(),
                pre.serverVersion(), plan.evalSet().header(),
                QualityHeader.Sampling.greedy(plan.seed(), plan.maxTokens(), plan.topLogprobs()), plan.concurrency());
    }

    static String promptHash(EvalItem item) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            item.messages().forEach(m -> sha.update((m.role() + "\u0000" + m.content() + "\u0000").getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** One line of at most 200 chars, cut on code points; redact {@code s} first (a cut secret would not match). */
    private static String abbreviate(String s) {
        return Text.cut(s == null ? "" : s.replaceAll("\\s+", " ").strip(), 203);
    }
}
