package dev.infergate.cli;

import dev.infergate.client.Cancellations;
import dev.infergate.client.Endpoint;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.TraceSchedule;
import dev.infergate.run.RunService;
import dev.infergate.workload.trace.TraceEntry;
import dev.infergate.workload.trace.TraceFormat;
import dev.infergate.workload.trace.TraceReader;
import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWindow;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options that replay real traffic (docs/workloads.md, "Trace replay"). */
public final class TrafficOptions {
    @Option(names = "--trace", paramLabel = "FILE",
            description = "Replay a request trace: requests are sent at the trace's own times (open loop) with its input and output lengths; "
                    + "Mooncake hash_ids become shared prompt blocks, so a prefix cache sees the trace's sharing. Unless a request or "
                    + "time limit is given, the whole window is replayed.")
    Path trace;

    @Option(names = "--trace-format", paramLabel = "mooncake|azure|burstgpt|jsonl", converter = TraceFormatConverter.class,
            description = "The format of --trace. Default: azure or burstgpt for a .csv file (by its header), mooncake otherwise.")
    TraceFormat traceFormat;

    @Option(names = "--time-scale", defaultValue = "1", paramLabel = "X",
            description = "Multiplies the trace's gaps: 0.5 replays twice as fast, 2 half as fast. Default: ${DEFAULT-VALUE}.")
    double timeScale;

    @Option(names = "--trace-window", paramLabel = "FROM..TO",
            description = "Replay only the requests that arrived in this slice of the trace's own time (before --time-scale), e.g. 0s..15s or 10m.. Default: all.")
    TraceWindow traceWindow;

    @Option(names = "--max-context", paramLabel = "TOKENS",
            description = "The server's context (prompt + output tokens): longer trace requests are skipped and counted, never cut. "
                    + "Default: the server's own (vLLM max_model_len, llama.cpp n_ctx), else none.")
    Integer maxContext;

    @Mixin
    RequestBodyOptions body = new RequestBodyOptions();

    @Option(names = "--tokenizer-file", paramLabel = "PATH",
            description = "The model's own tokenizer: a tokenizer.json, or the model directory holding one (HuggingFace tokenizers, "
                    + "run locally), so prompt lengths are exact for Llama, Qwen or GLM behind endpoints without /tokenize. Takes the place of the bundled tokenizers.")
    Path tokenizerFile;

    /** The plan's tokenizer: {@code file:PATH} with {@code --tokenizer-file}, else {@code --tokenizer}'s. */
    String tokenizer(String tokenizerOption) {
        if (tokenizerFile == null) {
            return tokenizerOption;
        }
        if (tokenizerOption != null && !tokenizerOption.equals("auto")) {
            throw UserError.usage("give --tokenizer " + tokenizerOption + " or --tokenizer-file, not both");
        }
        if (!java.nio.file.Files.exists(tokenizerFile)) {
            throw UserError.usage("--tokenizer-file " + tokenizerFile + " does not exist; pass a tokenizer.json or the model "
                    + "directory holding one");
        }
        return RunService.FILE_TOKENIZER + tokenizerFile;
    }

    /** {@code endpoint} sending the {@code --extra-body} fields and the {@code --tools}. */
    Endpoint endpoint(Endpoint endpoint) {
        return body.endpoint(endpoint);
    }

    /** The user cancellations of {@code --cancel-rate}/{@code --cancel-after}, chosen by {@code seed}. */
    Cancellations cancellations(long seed) {
        return cancel.cancellations(seed);
    }

    /** The trace to replay, or null without {@code --trace}. */
    TraceSpec trace() {
        if (trace == null) {
            if (traceFormat != null || traceWindow != null || maxContext != null || timeScale != 1) {
                throw UserError.usage("--trace-format, --trace-window, --time-scale and --max-context shape a trace replay; give them with --trace FILE");
            }
            return null;
        }
        try {
            return TraceSpec.of(trace, traceFormat,
                    traceWindow == null ? TraceWindow.ALL : traceWindow, timeScale,
                    maxContext == null ? 0 : maxContext);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    @Mixin
    CancelOptions cancel = new CancelOptions();

    /** The trace's open loop, or {@code load}'s model without a trace (ramped up with {@code --ramp-up}). */
    LoadModel model(LoadOptions load) {
        TraceSpec spec = trace();
        if (spec == null) {
            return load.rampedModel();
        }
        if (load.rampUp != null) {
            throw UserError.usage("--ramp-up ramps a --rate; a trace keeps its own times (use --trace-window and --time-scale)");
        }
        if (load.loop != null || load.sessions != null) {
            throw UserError.usage("--trace sends at the trace's own times: leave out --rate, --concurrency and --sessions "
                    + "(use --time-scale to replay faster or slower, --max-concurrency to cap requests in flight)");
        }
        if (load.maxConcurrency < 0 || load.maxConcurrency > LoadOptions.MAX_CONCURRENCY) {
            throw UserError.usage("--max-concurrency (" + load.maxConcurrency + ") must be between 0 and " + LoadOptions.MAX_CONCURRENCY);
        }
        return new OpenLoop(new TraceSchedule(spec), load.maxConcurrency,
                load.maxQueued == null ? dev.infergate.load.ClientBounds.DEFAULT_MAX_QUEUED : load.maxQueued);
    }

    /**
     * {@code load}'s limits; with a trace and neither {@code --requests} nor {@code --duration}, the whole window
     * (warm-up requests counted within it).
     */
    RunLimits limits(LoadOptions load) {
        RunLimits limits = load.limits();
        TraceSpec spec = trace();
        if (spec == null || load.requests != null || load.duration != null) {
            return limits;
        }
        long usable = usableRequests(spec);
        return new RunLimits(Math.max(1, usable - limits.warmupRequests()), null, limits.warmupRequests(),
                limits.warmupDuration(), limits.drainTimeout());
    }

    /** Requests of the window that can be sent, before the context check (an upper bound of what is sent). */
    private static long usableRequests(TraceSpec spec) {
        long n = 0;
        try (TraceReader reader = TraceReader.openTimesOnly(spec)) {
            for (TraceEntry e = reader.next(); e != null; e = reader.next()) {
                if (e.usable()) {
                    n++;
                }
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        return n;
    }
}
