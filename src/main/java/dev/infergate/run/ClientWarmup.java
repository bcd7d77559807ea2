package dev.infergate.run;

import dev.infergate.client.Dispatch;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.RequestClient;
import dev.infergate.client.Timeouts;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordSink;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RunDocument;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;

/**
 * Runs the client's whole request path before the schedule's clock starts, against an in-process loopback
 * {@link WarmupStub}: the run's own first prompts rendered and encoded, the HTTP client, chunked decoding, SSE
 * parsing, chunk decoding, the record writer and its JSON encoding. Without it the first scheduled requests pay
 * for class loading and interpretation (hundreds of ms on a busy machine) and the client's lag shows it; with
 * it they are as accurate as the later ones. The warm-up is bounded by a request count and a wall-clock
 * budget, whichever ends first; its requests reach no server and no record of the run.
 */
public final class ClientWarmup {
    /**
     * How much warming to do.
     *
     * @param maxRequests       stop after this many requests
     * @param maxWall           or after this much wall time (requests in flight then finish)
     * @param concurrency       requests in flight at once
     * @param eventsPerResponse output events of each streamed answer
     */
    public record Budget(int maxRequests, Duration maxWall, int concurrency, int eventsPerResponse) {
        /**
         * The default: enough events (about 25,000) for the per-event methods to reach the JIT's optimising
         * tier, bounded at 2 s of wall time so a slow machine never waits long (issue 17 allows 3 s).
         */
        public static final Budget DEFAULT = new Budget(400, Duration.ofSeconds(2), 16, 64);

        public Budget {
            if (maxRequests < 1 || concurrency < 1 || eventsPerResponse < 1) {
                throw new IllegalArgumentException("maxRequests (" + maxRequests + "), concurrency (" + concurrency
                        + ") and eventsPerResponse (" + eventsPerResponse + ") must be >= 1");
            }
            if (maxWall == null || maxWall.isNegative() || maxWall.isZero()) {
                throw new IllegalArgumentException("maxWall (" + maxWall + ") must be > 0");
            }
        }

        /**
         * The budget once this JVM was warmed by an earlier run (accept and capacity run many): one round of
         * {@code concurrency} requests within 250 ms, enough to touch the new run's objects, not to compile again.
         */
        Budget again() {
            return new Budget(Math.min(maxRequests, concurrency), maxWall.compareTo(AGAIN_WALL) < 0 ? maxWall : AGAIN_WALL,
                    concurrency, eventsPerResponse);
        }

        /** Whether another request may start after {@code started} began and {@code elapsedNanos} passed. */
        boolean allowsAnother(long started, long elapsedNanos) {
            return started < maxRequests && elapsedNanos < maxWall.toNanos();
        }
    }

    /**
     * What the warm-up did, for run.json ({@code client_warmup}) and the console.
     *
     * @param requests    requests finished
     * @param failed      of which failed (a failure is not fatal: the run's own requests will show any real problem)
     * @param wallSeconds wall time from the stub's start to the last request's end
     * @param cpuSeconds  the process's CPU time over the same span (every thread: event loops, JIT, GC)
     */
    public record Result(long requests, long failed, double wallSeconds, double cpuSeconds) {
        public RunDocument.ClientWarmup toJson() {
            return new RunDocument.ClientWarmup(requests, failed, Math.round(wallSeconds * 1000) / 1000.0,
                    Math.round(cpuSeconds * 1000) / 1000.0);
        }
    }

    private static final Duration AGAIN_WALL = Duration.ofMillis(250);
    /** Whether a full warm-up already ran in this JVM: the compiled code stays, so later runs need little. */
    private static final AtomicBoolean WARMED = new AtomicBoolean();

    private ClientWarmup() {}

    /**
     * Warms the request path for {@code endpoint}'s API and streaming mode with {@code workload}'s first prompts.
     *
     * @param eventLoops the run's client I/O threads
     */
    public static Result run(Endpoint endpoint, Workload workload, int eventLoops, Budget budget) throws IOException {
        Result r = run(endpoint, workload, eventLoops, budget, WARMED.get());
        WARMED.set(true);
        return r;
    }

    /** As {@link #run(Endpoint, Workload, int, Budget)}; {@code repeat}: this JVM was warmed before, use {@link Budget#again()}. */
    static Result run(Endpoint endpoint, Workload workload, int eventLoops, Budget full, boolean repeat) throws IOException {
        Budget budget = repeat ? full.again() : full;
        LongSupplier clock = System::nanoTime;
        long startNanos = clock.getAsLong();
        long startCpu = processCpuNanos();
        long[] counts = new long[2];
        try (WarmupStub stub = new WarmupStub(budget.eventsPerResponse())) {
            // the run's API and mode, but none of its headers: nothing secret goes anywhere, even on loopback
            Endpoint local = new Endpoint(URI.create(stub.baseUrl()), endpoint.api(), "warmup", endpoint.stream(), Map.of(),
                    null, false, false, Duration.ofSeconds(5));
            try (HttpExecutor http = new HttpExecutor(local, budget.concurrency(), eventLoops);
                    // the records are encoded as the run's will be (that path warms too) but written nowhere: a
                    // full or read-only temp directory once stopped every run before it measured anything
                    RecordWriter writer = new RecordWriter(Path.of("client-warmup"), RecordSink.discarding())
                            .countingTokensWith(String::length).start()) {
                RequestClient client = new RequestClient(http, Timeouts.DEFAULT, false, startNanos, 0, writer, 8, 64);
                drive(client, workload, budget, clock, startNanos, counts);
            }
            settleJit(repeat ? 0 : JIT_SETTLE_MAX_MILLIS);
        } catch (IOException | RuntimeException e) {
            throw new IOException("the client's warm-up (before measuring, against a stub on loopback) failed: " + e.getMessage()
                    + "; skip it with --no-client-warmup", e);
        }
        return new Result(counts[0], counts[1], (clock.getAsLong() - startNanos) / 1e9, (processCpuNanos() - startCpu) / 1e9);
    }

    /** Keeps {@code concurrency} requests in flight until the budget ends, then waits for them (at most 10 s). */
    static void drive(RequestClient client, Workload workload, Budget budget, LongSupplier clock, long startNanos,
            long[] counts) throws IOException {
        Semaphore slots = new Semaphore(budget.concurrency());
        AtomicLong finished = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        int started = 0;
        try {
            while (budget.allowsAnother(started, clock.getAsLong() - startNanos)) {
                if (!slots.tryAcquire(50, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                client.send(Dispatch.of(spec(workload, started), clock.getAsLong(), Phase.WARMUP), completion -> {
                    finished.incrementAndGet();
                    if (!completion.succeeded()) {
                        failed.incrementAndGet();
                    }
                    slots.release();
                });
                started++;
            }
            if (!slots.tryAcquire(budget.concurrency(), 10, TimeUnit.SECONDS)) {
                client.cancelAll("the client warm-up ended");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.cancelAll("interrupted");
        }
        counts[0] = finished.get();
        counts[1] = failed.get();
    }

    /** The workload's own request {@code i % 64} (rendered and encoded as the run will), under warm-up id {@code i}. */
    static RequestSpec spec(Workload workload, int i) {
        try {
            RequestSpec s = workload.spec(i % 64);
            return new RequestSpec(i, s.prompt(), s.messages(), s.inputTokens(), s.maxTokens(), s.prefixGroup(),
                    s.sharedPrefixTokens(), s.source());
        } catch (RuntimeException e) { // e.g. a workload whose requests depend on earlier answers
            return new RequestSpec(i, null, List.of(Message.user("warm-up")), 2, 64, null, 0, "warmup");
        }
    }

    /** Longest wait for the JIT compiler to go quiet after the warm-up, in ms. */
    static final long JIT_SETTLE_MAX_MILLIS = 500;

    /**
     * Waits, at most {@code maxMillis}, until the JIT's compilation time stops growing: methods queued for
     * compilation by the warm-up would otherwise compile on the CPU the first scheduled requests need.
     */
    private static void settleJit(long maxMillis) {
        var jit = ManagementFactory.getCompilationMXBean();
        if (maxMillis <= 0 || jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        long last = jit.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < 2 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = jit.getTotalCompilationTime();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }
}
