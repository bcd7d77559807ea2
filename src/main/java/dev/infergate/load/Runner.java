package dev.infergate.load;

import dev.infergate.client.HttpExecutor;
import dev.infergate.client.RequestClient;
import dev.infergate.client.Timeouts;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RunLog;
import dev.infergate.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Runs one load against one endpoint: schedules requests with a {@link LoadModel}, lets the client send
 * them, and has every finished request appended to {@code requests.jsonl}. Scheduling stops at the limits
 * or on {@link #stop()}; requests in flight then get {@link RunLimits#drainTimeout()} to finish before they
 * are cancelled (and recorded as such), or less when the run's watcher decided its outcome already
 * ({@link RunContext#endDrainWhen}). The summary is built afterwards from the log.
 */
public final class Runner {
    /**
     * What happened, for the caller that summarises and reports.
     *
     * @param writeFailure why requests.jsonl could not be written (the run then stopped early), or null
     * @param notSent      requests recorded as {@code not_sent}: the client's bounds were full ({@link ClientBounds})
     * @param recordsAfterClose requests whose record reached the log after it was closed, so it lacks them: the
     *                     client's loss (a request that ended after its run), never the server's; 0 in a sound run
     */
    public record Outcome(Path dir, boolean interrupted, long finished, long cancelled, RecordWriter.WriteFailure writeFailure,
            long notSent, long recordsAfterClose) {}

    /** Opens the run's sender once the log is open: the measuring client in a run, a stand-in in tests. */
    interface Senders {
        Sender open(RecordWriter writer, long originNanos);
    }

    private final Senders senders;
    private final RunClock clock;
    private final Workload workload;
    private final LoadModel model;
    private final RunLimits limits;
    private final Shard shard;
    private final RequestSettings settings;
    /**
     * The drain of an interrupted run (Ctrl-C) at most, and how long cancelled requests get to end: the user
     * asked to stop, and a run that hangs on its way out is worse than a request recorded as cancelled. One
     * second each, so that from SIGTERM to exit takes about 2 s with the summary written
     * (scripts/sigterm-to-exit.sh measures it).
     */
    static final Duration INTERRUPTED_GRACE = Duration.ofSeconds(1);

    private volatile RunContext context;
    private volatile boolean interrupted;

    /**
     * Per-request client settings.
     *
     * @param timeouts         per-request limits
     * @param exactOutput      send ignore_eos/min_tokens
     * @param eventSampleEvery keep per-event arrival offsets of every n-th request (0: none)
     * @param eventSampleMax   at most this many requests keep them
     * @param condition        label for every record of this run, or null
     */
    public record RequestSettings(Timeouts timeouts, boolean exactOutput, int eventSampleEvery,
            int eventSampleMax, String condition) {}

    public Runner(HttpExecutor http, Workload workload, LoadModel model, RunLimits limits, Shard shard,
            RequestSettings settings) {
        this((writer, originNanos) -> Sender.of(new RequestClient(http, settings.timeouts(), settings.exactOutput(),
                originNanos, shard.index(), writer, settings.eventSampleEvery(), settings.eventSampleMax())),
                RunClock.system(http.vertx()), workload, model, limits, shard, settings);
    }

    /** A runner on {@code clock} whose requests go to the senders {@code senders} opens (tests: a simulated server). */
    Runner(Senders senders, RunClock clock, Workload workload, LoadModel model, RunLimits limits, Shard shard,
            RequestSettings settings) {
        this.senders = senders;
        this.clock = clock;
        this.workload = workload;
        this.model = model;
        this.limits = limits;
        this.shard = shard;
        this.settings = settings;
    }

    /**
     * Runs and blocks until every request has a record.
     *
     * @param dir          the run directory; run.json must already be there
     * @param originNanos  the run origin (System.nanoTime() value) shared by the schedule and the records
     * @param tokenCounter counts output tokens when the server sends no usage
     * @param onStart      called with the live context once scheduling starts (progress display), may be null
     */
    public Outcome run(Path dir, long originNanos, ToIntFunction<String> tokenCounter, Consumer<RunContext> onStart)
            throws IOException {
        Files.createDirectories(dir);
        long cancelled = 0;
        RecordWriter.WriteFailure writeFailure = null;
        // a log that cannot be written stops scheduling: requests in flight finish, their records are counted as lost
        Progress progress = new Progress();
        RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).countingTokensWith(tokenCounter)
                .onRecord(progress::recorded).onFailure(e -> stopScheduling()).start();
        try (writer) {
            Sender sender = senders.open(writer, originNanos);
            RunContext ctx = new RunContext(sender, clock, workload, limits, shard, originNanos, writer, progress,
                    settings.condition(), model.clientConcurrencyCap(), model.clientQueueLimit());
            context = ctx;
            if (interrupted) {
                ctx.stop(); // stopped before scheduling began
            }
            if (onStart != null) {
                onStart.accept(ctx);
            }
            try {
                clock.waitUntil(originNanos, ctx::stopped); // the origin may lie a little ahead: nothing starts before it
                model.schedule(ctx);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                interrupted = true;
                ctx.stop(); // as on Ctrl-C: a finishing request must not start its user's next one during the drain
            }
            Duration drain = interrupted ? min(limits.drainTimeout(), INTERRUPTED_GRACE) : limits.drainTimeout();
            cancelled = drain(ctx, drain);
        } catch (RecordWriter.WriteFailure f) {
            writeFailure = f;
        }
        return new Outcome(dir, interrupted, context.progress().finished(), cancelled, writeFailure,
                context.progress().notSent(), writer.submittedAfterClose());
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Waits for requests in flight; cancels what is left at the deadline. Returns how many were cancelled. */
    private long drain(RunContext ctx, Duration drain) {
        long deadline = clock.nanoTime() + drain.toNanos();
        boolean decided = false;
        while ((ctx.inFlight() > 0 || ctx.waiting() > 0) && clock.nanoTime() < deadline && !(decided = ctx.drainDecided())) {
            clock.sleep(10);
            if (interrupted) {
                deadline = Math.min(deadline, clock.nanoTime() + INTERRUPTED_GRACE.toNanos());
            }
        }
        long left = ctx.inFlight() + ctx.waiting();
        if (left > 0) {
            ctx.cancelRemaining(interrupted ? "still in flight when the run was interrupted"
                    : decided ? "still in flight when " + ctx.drainDecidedReason()
                    : "still in flight when the drain period (" + drain.toSeconds() + " s) ended");
            long hardDeadline = clock.nanoTime() + INTERRUPTED_GRACE.toNanos();
            while (ctx.inFlight() > 0 && clock.nanoTime() < hardDeadline) {
                clock.sleep(10);
            }
            if (ctx.inFlight() > 0) {
                // a starved machine: the event loops did not deliver those ends in time. The writer closes next,
                // and a record handed over after that would be lost (the run once lost up to every request in
                // flight this way), so they are recorded here, without their partial marks
                ctx.abandonRemaining("still in flight when the run ended; its cancellation did not complete within "
                        + INTERRUPTED_GRACE.toMillis() + " ms (a busy client), so its partial marks are not kept");
                while (ctx.inFlight() > 0) {
                    clock.sleep(1); // a request recording its own end: its record is being handed over, on a running thread
                }
            }
        }
        return left;
    }

    private void stopScheduling() {
        RunContext ctx = context;
        if (ctx != null) {
            ctx.stop();
        }
    }

    /** Stops scheduling (Ctrl-C): requests in flight get a short grace period, then are cancelled. */
    public void stop() {
        interrupted = true;
        RunContext ctx = context;
        if (ctx != null) {
            ctx.stop();
        }
    }
}
