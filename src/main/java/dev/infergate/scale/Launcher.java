package dev.infergate.scale;

import dev.infergate.analysis.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drives a {@link WorkerFleet} through one scale-out run: start the workers, wait at the barrier until every one
 * is set up, publish one start {@link LaunchSpec#startLead()} ahead, show progress, then collect every shard and
 * merge them ({@link FleetMerge}). {@link #stop()} (Ctrl-C) tells the workers to stop and still collects and
 * merges what they measured.
 */
public final class Launcher {
    private static final long POLL_MILLIS = 100;
    private static final long PROGRESS_EVERY_MILLIS = 2_000;

    /** The barrier did not open: a worker ended first, or not every worker was ready in time. */
    public static final class BarrierFailed extends IOException {
        private static final long serialVersionUID = 1L;

        BarrierFailed(String message) {
            super(message);
        }
    }

    /** What the run gave: the merged summary and the published start. */
    public record Result(Summary summary, Instant startAt, boolean stopped) {}

    private final WorkerFleet fleet;
    private final LaunchSpec spec;
    private final PrintWriter console;
    private final Map<Integer, Long> startOffsets = new ConcurrentHashMap<>();
    private final Map<Integer, Long> records = new ConcurrentHashMap<>();
    private volatile boolean stopRequested;

    /** @param console where progress lines go (stderr) */
    public Launcher(WorkerFleet fleet, LaunchSpec spec, PrintWriter console) {
        this.fleet = fleet;
        this.spec = spec;
        this.console = console;
    }

    /** Asks the run to stop (Ctrl-C): the workers stop, and what they measured is still collected and merged. */
    public void stop() {
        stopRequested = true;
    }

    /** Runs the fleet to its end; blocks. */
    public Result run() throws IOException, InterruptedException {
        fleet.start(this::onLine);
        say("started " + fleet.describe() + "; waiting until every worker is set up");
        Instant startAt = awaitBarrier();
        Instant published = startAt;
        if (startAt != null) {
            fleet.publishStart(startAt);
            say("all " + spec.workers() + " workers ready; the schedule starts at " + startAt + " (lead "
                    + spec.startLead().toMillis() / 1e3 + " s)");
        } else {
            fleet.publishStop();
        }
        Map<Integer, Integer> ended = awaitEnd();
        List<ShardOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < spec.workers(); i++) {
            boolean collected = fleet.collect(i) != null;
            outcomes.add(new ShardOutcome(i, startOffsets.get(i), ended.get(i), collected));
        }
        return new Result(FleetMerge.merge(spec, fleet.describe(), published, outcomes), published, stopRequested);
    }

    /** Waits until every worker is ready; returns the start, or null when stopped before it. */
    private Instant awaitBarrier() throws IOException, InterruptedException {
        long began = System.nanoTime();
        long nextSay = began + PROGRESS_EVERY_MILLIS * 1_000_000 * 5;
        while (!stopRequested) {
            int ready = fleet.readyCount();
            if (ready >= spec.workers()) {
                return Instant.now().plus(spec.startLead()).truncatedTo(ChronoUnit.MILLIS);
            }
            Map<Integer, Integer> ended = fleet.ended();
            if (!ended.isEmpty()) {
                int shard = ended.keySet().iterator().next();
                fleet.publishStop();
                throw new BarrierFailed("worker " + shard + " ended (exit " + ended.get(shard) + ") before every worker was ready; "
                        + "its output is in " + spec.out().resolve("shards"));
            }
            long now = System.nanoTime();
            if (now - began > spec.readyTimeout().toNanos()) {
                fleet.publishStop();
                throw new BarrierFailed("only " + ready + " of " + spec.workers() + " workers were ready after "
                        + spec.readyTimeout().toSeconds() + " s (--ready-timeout); is the image pullable, are there resources for "
                        + "every pod, does the endpoint answer?");
            }
            if (now > nextSay) {
                say(ready + " of " + spec.workers() + " workers ready");
                nextSay = now + PROGRESS_EVERY_MILLIS * 1_000_000 * 5;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }

    /** Waits until every worker ended, or a stop's grace period is over; returns who ended. */
    private Map<Integer, Integer> awaitEnd() throws IOException, InterruptedException {
        boolean stopPublished = false;
        long stopDeadline = Long.MAX_VALUE;
        long nextProgress = System.nanoTime() + PROGRESS_EVERY_MILLIS * 1_000_000;
        while (true) {
            Map<Integer, Integer> ended = fleet.ended();
            if (ended.size() >= spec.workers()) {
                return ended;
            }
            long now = System.nanoTime();
            if (stopRequested && !stopPublished) {
                fleet.publishStop();
                stopPublished = true;
                stopDeadline = now + spec.stopGrace().toNanos();
                say("stopping: the workers hand over what they measured (up to " + spec.stopGrace().toSeconds() + " s)");
            }
            if (now > stopDeadline) {
                say("stopped waiting: " + (spec.workers() - ended.size()) + " workers did not end in time");
                return ended;
            }
            if (now > nextProgress) {
                say(progressLine(ended.size()));
                nextProgress = now + PROGRESS_EVERY_MILLIS * 1_000_000;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private String progressLine(int endedCount) {
        long total = records.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder line = new StringBuilder("records ").append(total).append(" (");
        for (int i = 0; i < spec.workers(); i++) {
            line.append(i == 0 ? "" : ", ").append(i).append(": ").append(records.getOrDefault(i, 0L));
        }
        return line.append("); workers ended ").append(endedCount).append(" of ").append(spec.workers()).toString();
    }

    private void onLine(int shard, String line) {
        WorkerLine event = WorkerLine.parse(line);
        if (event instanceof WorkerLine.Started s && s.shard() == shard) {
            startOffsets.put(shard, s.startOffsetMicros());
        } else if (event instanceof WorkerLine.Progress p && p.shard() == shard) {
            records.put(shard, p.records());
        }
    }

    private void say(String line) {
        console.println("infergate: " + line);
        console.flush();
    }

    /** The start offset each worker reported, by shard, in microseconds. */
    Map<Integer, Long> startOffsets() {
        return Map.copyOf(startOffsets);
    }

}
