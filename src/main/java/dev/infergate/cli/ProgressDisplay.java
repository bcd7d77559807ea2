package dev.infergate.cli;

import dev.infergate.load.Progress;
import dev.infergate.load.RunContext;
import dev.infergate.client.Endpoint;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows a run's progress on stderr: a progress bar on a terminal, a status line every 10 s otherwise
 * (CI logs). Shows done/total (or elapsed/duration), achieved rate, in flight, waiting in the client, errors.
 */
final class ProgressDisplay implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "infergate-progress");
        t.setDaemon(true);
        return t;
    });
    private final PrintStream err;
    private final long total;
    private final long durationMillis;
    private ProgressBar bar;
    private long startNanos;
    private long warmupRequests;
    private long warmupMillis;

    /**
     * @param total          requests expected (0 when the run is bounded by time)
     * @param durationMillis the run's planned time (0 when bounded by requests)
     */
    ProgressDisplay(PrintStream err, long total, long durationMillis) {
        this.err = err;
        this.total = total;
        this.durationMillis = durationMillis;
    }

    /**
     * One line before the set-up (which takes seconds: the server check, prefix warm-up, the client's warm-up), so
     * the console is not blank meanwhile. Names only the server's scheme, host and port: a base URL may carry a key.
     */
    static void announceSetup(PrintWriter err, Endpoint endpoint, boolean clientWarmup) {
        URI u = endpoint.baseUrl();
        err.println("infergate: checking the server at " + u.getScheme() + "://" + u.getHost() + ":" + endpoint.port()
                + " (its model list and one short request)" + (clientWarmup ? ", then warming up the client (about 2 s)" : "")
                + "; the clock starts after that");
        err.flush();
    }

    /**
     * Marks the warm-up in the display: while the first {@code requests} have not finished (or for the first
     * {@code duration}), the status starts with "warm-up (not measured)", so warm-up requests counted by the bar
     * are not taken for measured ones.
     */
    ProgressDisplay withWarmup(long requests, java.time.Duration duration) {
        this.warmupRequests = requests;
        this.warmupMillis = duration == null ? 0 : duration.toMillis();
        return this;
    }

    void start(RunContext run, boolean enabled) {
        if (!enabled) {
            return;
        }
        startNanos = System.nanoTime();
        boolean terminal = System.console() != null;
        if (terminal) {
            bar = new ProgressBarBuilder().setTaskName("run").setStyle(ProgressBarStyle.ASCII)
                    .setInitialMax(total > 0 ? total : durationMillis / 1000).setUnit(total > 0 ? " req" : " s", 1)
                    .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(err)).hideEta().build();
            timer.scheduleAtFixedRate(() -> update(run), 250, 250, TimeUnit.MILLISECONDS);
        } else {
            timer.scheduleAtFixedRate(() -> err.println("infergate: " + status(run)), 10, 10, TimeUnit.SECONDS);
        }
    }

    private void update(RunContext run) {
        Progress p = run.progress();
        bar.stepTo(total > 0 ? p.finished() : (System.nanoTime() - startNanos) / 1_000_000_000L);
        bar.setExtraMessage(status(run));
    }

    private String status(RunContext run) {
        Progress p = run.progress();
        double seconds = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
        return warmupMark(p.finished(), seconds) + String.format(Locale.ROOT, "%d done, %.1f req/s, %.0f tok/s, %d in flight, %d waiting, %d errors",
                p.finished(), p.finished() / seconds, p.outputTokens() / seconds, run.inFlight(), run.waiting(), p.failed());
    }

    /** The status's prefix while the warm-up lasts, else "". */
    String warmupMark(long finished, double seconds) {
        if (warmupRequests > 0 && finished < warmupRequests) {
            return String.format(Locale.ROOT, "warm-up (not measured) %d/%d · ", finished, warmupRequests);
        }
        if (warmupMillis > 0 && seconds * 1000 < warmupMillis) {
            return String.format(Locale.ROOT, "warm-up (not measured) %.0f/%.0f s · ", seconds, warmupMillis / 1000.0);
        }
        return "";
    }

    @Override
    public void close() {
        timer.shutdownNow();
        if (bar != null) {
            bar.close();
        }
    }
}
