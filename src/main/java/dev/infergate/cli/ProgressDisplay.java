package dev.infergate.cli;

import dev.infergate.client.Endpoint;
import dev.infergate.load.Progress;
import dev.infergate.load.RunContext;
import dev.infergate.record.ErrorClass;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A run's live view on stderr. On a terminal, a block of three lines redrawn in place every half second: progress
 * against the total with time left; rate, tokens/s, in flight, queued and errors by class; TTFT, TPOT and E2E p50/p99
 * so far and the client's lag. Not on a terminal (CI, logs), one line every {@link #LOG_EVERY_S} seconds with the
 * same figures and the total. The figures come from {@link Progress}, filled on the record writer's thread, so the
 * view costs the event loops nothing (docs/benchmarks.md).
 */
final class ProgressDisplay implements AutoCloseable {
    /** Seconds between two lines of the plain log. */
    static final int LOG_EVERY_S = 5;
    private static final int REDRAW_MS = 500;
    private static final int BAR_WIDTH = 20;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "infergate-progress");
        t.setDaemon(true);
        return t;
    });
    private final PrintStream err;
    private final long total;
    private final long durationMillis;
    private RunContext run;
    private boolean terminal;
    private int drawnLines;
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

    /** The view of a run with {@code limits}: its total (warm-up included) or its time, and its warm-up marked. */
    static ProgressDisplay of(PrintStream err, dev.infergate.load.RunLimits limits) {
        return new ProgressDisplay(err, limits.requests() > 0 ? limits.requests() + limits.warmupRequests() : 0,
                limits.duration() == null ? 0 : limits.endOffsetNanos() / 1_000_000)
                .withWarmup(limits.warmupRequests(), limits.warmupDuration());
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
        start(run, enabled, System.console() != null);
    }

    /** @param terminal whether stderr is a terminal: redraw in place, or log a line every few seconds */
    void start(RunContext run, boolean enabled, boolean terminal) {
        if (!enabled) {
            return;
        }
        this.run = run;
        this.terminal = terminal;
        startNanos = System.nanoTime();
        if (terminal) {
            timer.scheduleAtFixedRate(this::redraw, REDRAW_MS, REDRAW_MS, TimeUnit.MILLISECONDS);
        } else {
            timer.scheduleAtFixedRate(() -> {
                err.println("infergate: " + logLine(snapshot()));
                err.flush();
            }, LOG_EVERY_S, LOG_EVERY_S, TimeUnit.SECONDS);
        }
    }

    private synchronized void redraw() {
        List<String> lines = terminalLines(snapshot());
        StringBuilder out = new StringBuilder();
        if (drawnLines > 0) {
            out.append("\033[").append(drawnLines).append('F'); // back to the first line of the block
        }
        for (String line : lines) {
            out.append(line).append("\033[K\n"); // each line cleared to its end: a shorter line leaves nothing behind
        }
        err.print(out);
        err.flush();
        drawnLines = lines.size();
    }

    private Snapshot snapshot() {
        Progress p = run.progress();
        long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
        return new Snapshot(elapsedMillis, p.finished(), total, durationMillis, run.inFlight(), run.waiting(),
                p.outputTokens(), p.live(), warmupMark(p.finished(), elapsedMillis / 1000.0));
    }

    /**
     * What the view shows at one moment.
     *
     * @param warmup the warm-up mark ("" once it is over)
     */
    record Snapshot(long elapsedMillis, long finished, long total, long durationMillis, long inFlight, long waiting,
            long outputTokens, Progress.Live live, String warmup) {}

    /** The terminal's block: the bar, then the load, then latency so far. */
    static List<String> terminalLines(Snapshot s) {
        List<String> lines = new ArrayList<>();
        double share = share(s);
        int filled = (int) Math.round(share * BAR_WIDTH);
        lines.add(String.format(Locale.ROOT, "run [%s%s] %s%s · %s%s", "#".repeat(filled), " ".repeat(BAR_WIDTH - filled),
                s.warmup(), done(s), clock(s.elapsedMillis()), left(s)));
        lines.add("    " + load(s));
        lines.add("    " + latency(s.live()));
        if (!s.live().errors().isEmpty()) { // a line of its own: the classes seen never go away, so the block only grows
            lines.add("    " + errors(s.live().errors()));
        }
        return lines;
    }

    /** The plain log's line: the same figures in one line, with the total. */
    static String logLine(Snapshot s) {
        return s.warmup() + done(s) + " · " + clock(s.elapsedMillis()) + " elapsed" + left(s) + " · " + load(s) + " · "
                + latency(s.live()) + (s.live().errors().isEmpty() ? "" : " · " + errors(s.live().errors()));
    }

    private static double share(Snapshot s) {
        if (s.total() > 0) {
            return Math.min(1, (double) s.finished() / s.total());
        }
        return s.durationMillis() > 0 ? Math.min(1, (double) s.elapsedMillis() / s.durationMillis()) : 0;
    }

    private static String done(Snapshot s) {
        return s.total() > 0
                ? String.format(Locale.ROOT, "%d/%d req (%.0f %%)", s.finished(), s.total(), share(s) * 100)
                : String.format(Locale.ROOT, "%d req, %s of %s", s.finished(), clock(s.elapsedMillis()), clock(s.durationMillis()));
    }

    /** Time left: the duration's rest, or the requests left at the pace so far; nothing before the first finished. */
    private static String left(Snapshot s) {
        long leftMillis;
        if (s.total() > 0) {
            if (s.finished() == 0) {
                return "";
            }
            leftMillis = Math.round((double) s.elapsedMillis() / s.finished() * Math.max(0, s.total() - s.finished()));
        } else if (s.durationMillis() > 0) {
            leftMillis = Math.max(0, s.durationMillis() - s.elapsedMillis());
        } else {
            return "";
        }
        return " · " + clock(leftMillis) + " left";
    }

    private static String load(Snapshot s) {
        double seconds = Math.max(1e-3, s.elapsedMillis() / 1000.0);
        long errors = s.live().errors().values().stream().mapToLong(Long::longValue).sum();
        return String.format(Locale.ROOT, "%.1f req/s · %.0f tok/s out · %d in flight · %d queued · %s",
                s.finished() / seconds, s.outputTokens() / seconds, s.inFlight(), s.waiting(),
                errors == 0 ? "no errors" : errors == 1 ? "1 error" : errors + " errors");
    }

    private static String errors(Map<ErrorClass, Long> byClass) {
        StringBuilder out = new StringBuilder();
        byClass.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.append(out.isEmpty() ? "errors: " : ", ").append(e.getKey().key()).append(' ').append(e.getValue()));
        return out.toString();
    }

    private static String latency(Progress.Live l) {
        return "ms p50/p99: TTFT " + pair(l.ttftP50Ms(), l.ttftP99Ms()) + " · TPOT " + pair(l.tpotP50Ms(), l.tpotP99Ms())
                + " · E2E " + pair(l.e2eP50Ms(), l.e2eP99Ms()) + " · lag p99 " + ms(l.clientLagP99Ms());
    }

    private static String pair(double p50, double p99) {
        return ms(p50) + "/" + ms(p99);
    }

    /** Three significant digits at most: a live figure, not the summary's. */
    private static String ms(double millis) {
        if (Double.isNaN(millis)) {
            return "-";
        }
        return millis >= 100 ? String.format(Locale.ROOT, "%.0f", millis)
                : millis >= 10 ? String.format(Locale.ROOT, "%.1f", millis) : String.format(Locale.ROOT, "%.2f", millis);
    }

    /** m:ss, or h:mm:ss from an hour on. */
    static String clock(long millis) {
        long s = Math.max(0, millis) / 1000;
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
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
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (run != null && terminal) {
            redraw(); // the last state, left on the screen above the summary
        }
    }
}
