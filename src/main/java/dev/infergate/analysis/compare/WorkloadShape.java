package dev.infergate.analysis.compare;

import dev.infergate.record.RunDocument;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The shape of what a run asked of the server, read from its run.json: the load (closed loop and how many in
 * flight, open loop and at what rate and arrival process, sessions) and the work (preset, input and output
 * lengths, prefix sharing, dataset). Two runs with the same shape did the same kind of work, even when their
 * prompts differ: the per-run prompt salt, the seeds, how many requests or seconds were measured and the
 * tokenizer used to size prompts are not part of the shape, so two separately launched runs of the same
 * command compare as equal.
 *
 * @param load          the load's shape keys, sorted
 * @param work          the work shape's keys, sorted
 * @param ratePerSecond the open loop's rate as run.json's typed load has it, or null (no rate: closed loop, sessions
 *                      that start by concurrency, no run.json); in words only, the shape compares {@code load}
 */
public record WorkloadShape(Map<String, String> load, Map<String, String> work, Double ratePerSecond) {
    /** Load keys that say how much was measured or how the schedule was drawn, not what load was offered. */
    static final Set<String> NOT_LOAD_SHAPE = Set.of(RunDocument.LOAD_REQUESTS, RunDocument.LOAD_DURATION_S,
            RunDocument.LOAD_WARMUP_REQUESTS, RunDocument.LOAD_WARMUP_S, RunDocument.LOAD_SHARD,
            "seed", "sessions", "warmup_sessions");
    /** Work keys that make prompts unique or size them, not what kind of work they are. */
    static final Set<String> NOT_WORK_SHAPE = Set.of("prompt_salt", "seed", "tokenizer", "input_lengths_exact",
            "tokenizer_overhead_tokens");

    public WorkloadShape {
        load = Map.copyOf(load);
        work = Map.copyOf(work);
    }

    /** A shape without a typed rate. */
    public WorkloadShape(Map<String, String> load, Map<String, String> work) {
        this(load, work, null);
    }

    /** The shape of one run.json (an empty shape for a run without one). */
    public static WorkloadShape of(RunDocument run) {
        return new WorkloadShape(keys(run == null || run.load() == null ? Map.of() : run.load().keys(), NOT_LOAD_SHAPE),
                keys(run == null ? Map.of() : run.workload(), NOT_WORK_SHAPE),
                run == null || run.load() == null ? null : run.load().ratePerSecond());
    }

    /** Whether the two loads differ in shape. */
    public boolean loadDiffers(WorkloadShape other) {
        return !Objects.equals(load, other.load);
    }

    /** Whether the two work shapes differ. */
    public boolean workDiffers(WorkloadShape other) {
        return !Objects.equals(work, other.work);
    }

    /** The load in words: {@code closed loop, 8 in flight}, {@code open loop, 6 req/s (poisson)}. */
    public String describeLoad() {
        String mode = load.getOrDefault(RunDocument.LOAD_MODE, "unknown");
        StringBuilder sb = new StringBuilder();
        switch (mode) {
            case "closed" -> sb.append("closed loop, ").append(load.get(RunDocument.LOAD_CONCURRENCY)).append(" in flight")
                    .append(thinkTime());
            case "open" -> {
                sb.append("open loop, ").append(rate()).append(" (").append(load.get(RunDocument.LOAD_ARRIVAL)).append(')');
                String cap = load.get(RunDocument.LOAD_MAX_CONCURRENCY);
                if (cap != null && !"null".equals(cap)) {
                    sb.append(", at most ").append(cap).append(" in flight");
                }
            }
            case "sessions" -> sb.append("sessions of ").append(load.get(RunDocument.LOAD_TURNS)).append(" turns, ")
                    .append(load.containsKey(RunDocument.LOAD_MAX_CONCURRENT_SESSIONS)
                            ? load.get(RunDocument.LOAD_MAX_CONCURRENT_SESSIONS) + " at once"
                            : rate())
                    .append(thinkTime());
            default -> sb.append(mode);
        }
        return sb.toString();
    }

    /** The work in words: {@code long-doc: 8192 in, 256 out, fresh prefix}. */
    public String describeWork() {
        StringBuilder sb = new StringBuilder();
        if (work.get("preset") != null && !"null".equals(work.get("preset"))) {
            sb.append(work.get("preset")).append(": ");
        } else if (work.get("kind") != null) {
            sb.append(work.get("kind")).append(": ");
        }
        if (work.containsKey("input_tokens")) {
            sb.append(work.get("input_tokens")).append(" in, ").append(work.get("output_tokens")).append(" out, ");
        }
        sb.append(work.getOrDefault("prefix", "?")).append(" prefix");
        if (work.containsKey("cache_mix") && !"0.0".equals(work.get("cache_mix"))) {
            sb.append(" (cache mix ").append(work.get("cache_mix")).append(')');
        }
        if (work.containsKey("images_per_request")) {
            sb.append(", ").append(work.get("images_per_request")).append(" image(s) of ").append(work.get("image_sizes"));
        }
        if (work.containsKey("audio_clips_per_request")) {
            sb.append(", ").append(work.get("audio_clips_per_request")).append(" clip(s) of ")
                    .append(work.get("audio_seconds")).append(" s");
        }
        return sb.toString();
    }

    private String rate() {
        if (ratePerSecond == null) {
            return load.getOrDefault(RunDocument.LOAD_ARRIVAL, "?") + " arrivals";
        }
        return String.format(Locale.ROOT, "%.3g req/s", ratePerSecond);
    }

    private String thinkTime() {
        String t = load.get(RunDocument.LOAD_THINK_TIME_MS);
        return t == null || "0".equals(t) ? "" : ", think time " + t + " ms";
    }

    private static Map<String, String> keys(Map<String, String> section, Set<String> excluded) {
        Map<String, String> out = new TreeMap<>(section);
        out.keySet().removeAll(excluded);
        return out;
    }
}
