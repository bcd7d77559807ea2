package dev.infergate.accept;

import dev.infergate.client.HttpExecutor;
import dev.infergate.client.ModelContext;
import dev.infergate.config.YamlNode;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.TraceSchedule;
import dev.infergate.workload.trace.TraceFormat;
import dev.infergate.workload.trace.TraceScan;
import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWindow;
import java.nio.file.Path;
import dev.infergate.workload.PrefixMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trace rows of an acceptance plan. Both sides must replay the same slice, so the context that decides
 * which requests are too long is the smaller of the two servers' (or the plan's {@code max_context}), fixed
 * before either side runs. A load level sets the pace: a rate (or a fraction of the baseline's capacity)
 * rescales the trace so that its window arrives at that mean rate, keeping the shape of its gaps; a
 * concurrency replays it at its own scale with at most that many requests in flight.
 */
final class TraceRows {
    private final AcceptPlan plan;
    private final Map<TraceSpec, TraceSpec> resolved = new HashMap<>();
    private final Map<TraceSpec, TraceScan> scans = new HashMap<>();

    TraceRows(AcceptPlan plan) {
        this.plan = plan;
    }

    /** The {@code trace} block: {@code file} (required), {@code format}, {@code window}, {@code time_scale}, {@code max_context}. */
    static TraceSpec parse(YamlNode n) {
        if (!n.isMap() || n.get("file") == null) {
            throw n.error("must be a mapping with a file, e.g. trace: {file: mooncake.jsonl, window: 0s..10m}");
        }
        n.allowOnly(Set.of("file", "format", "window", "time_scale", "max_context"));
        try {
            return TraceSpec.of(Path.of(n.get("file").text().trim()),
                    n.get("format") == null ? null : n.get("format").as(TraceFormat::parse),
                    n.get("window") == null ? TraceWindow.ALL : n.get("window").as(TraceWindow::parse),
                    n.get("time_scale") == null ? 1 : n.get("time_scale").asDouble(),
                    n.get("max_context") == null ? 0 : n.get("max_context").asInt());
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage());
        }
    }

    /** Whether a matrix workload names the trace row. */
    static boolean isTrace(YamlNode n) {
        return n.text().trim().equalsIgnoreCase(MatrixWorkload.Trace.LABEL);
    }

    /** The trace row; the plan must declare the trace. */
    static MatrixWorkload.Trace row(YamlNode n, MatrixWorkload.Trace trace) {
        if (trace == null) {
            throw n.error("needs the plan's trace block, e.g. trace: {file: mooncake.jsonl, window: 0s..10m}");
        }
        return trace;
    }

    /** A trace block needs a trace row or capacity step; a trace row brings its own prefix sharing, so one prefix mode. */
    static void check(YamlNode root, List<MatrixWorkload> workloads, List<PrefixMode> prefixes, AcceptPlan.Capacity capacity) {
        boolean row = workloads.stream().anyMatch(w -> w instanceof MatrixWorkload.Trace);
        if (root.get("trace") != null && !row && (capacity == null || capacity.trace() == null)) {
            throw root.get("trace").error("declares a trace nothing replays; add it: matrix: {workloads: [trace]}, "
                    + "or capacity: {workload: trace}");
        }
        if (row && prefixes.size() > 1) {
            throw root.get("matrix").error("a trace brings its own prefix sharing: give one prefix mode (prefixes: [fresh]), "
                    + "or run the trace in a plan of its own");
        }
    }

    /** {@code spec} with the smaller of the two sides' contexts when it names none: the same slice on both sides. */
    synchronized TraceSpec resolved(TraceSpec spec) {
        return resolved.computeIfAbsent(spec, s -> {
            if (s.maxContextTokens() > 0) {
                return s;
            }
            int baseline = context(plan.baseline());
            int candidate = context(plan.candidate());
            int both = baseline <= 0 ? candidate : candidate <= 0 ? baseline : Math.min(baseline, candidate);
            return s.withMaxContext(both);
        });
    }

    /**
     * The load of a trace row at {@code level}: {@code ratePerSecond} (the level's rate, or its fraction of the
     * baseline's capacity) rescales the trace, a concurrency caps requests in flight.
     */
    LoadModel load(TraceSpec spec, AcceptPlan.LoadLevel level, double ratePerSecond) {
        TraceSpec s = resolved(spec);
        if (level.concurrency() > 0) {
            return new OpenLoop(new TraceSchedule(s), level.concurrency());
        }
        TraceScan scan = scan(s);
        if (scan.requests() < 2 || scan.spanNanos() <= 0) {
            throw new IllegalArgumentException("trace " + s.file().getFileName() + ": the window " + s.window()
                    + " holds fewer than two requests at distinct times, so it has no rate to scale to " + ratePerSecond + " req/s");
        }
        double scale = (scan.requests() - 1) * 1e9 / (scan.spanNanos() * ratePerSecond);
        return new OpenLoop(new TraceSchedule(new TraceSpec(s.file(), s.format(), s.window(), scale, s.maxContextTokens())), 0);
    }

    private synchronized TraceScan scan(TraceSpec s) {
        return scans.computeIfAbsent(s, TraceScan::of);
    }

    private static int context(AcceptPlan.Side side) {
        try (HttpExecutor http = new HttpExecutor(SideRunner.endpoint(side), 1, 1)) {
            return ModelContext.of(http, side.model());
        }
    }
}
