package dev.infergate.cli;

import dev.infergate.load.Progress;
import dev.infergate.load.RunContext;
import java.io.PrintStream;
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

    /**
     * @param total          requests expected (0 when the run is bounded by time)
     * @param durationMillis the run's planned time (0 when bounded by requests)
     */
    ProgressDisplay(PrintStream err, long total, long durationMillis) {
        this.err = err;
        this.total = total;
        this.durationMillis = durationMillis;
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
        return String.format(Locale.ROOT, "%d done, %.1f req/s, %.0f tok/s, %d in flight, %d waiting, %d errors",
                p.finished(), p.finished() / seconds, p.outputTokens() / seconds, run.inFlight(), run.waiting(), p.failed());
    }

    @Override
    public void close() {
        timer.shutdownNow();
        if (bar != null) {
            bar.close();
        }
    }
}
