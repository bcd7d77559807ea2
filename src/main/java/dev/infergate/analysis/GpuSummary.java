package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.JsonLines;
import dev.infergate.metrics.GpuTelemetry;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The {@code gpu} block of summary.json, from the DCGM figures in {@code server_metrics.jsonl}
 * ({@link GpuTelemetry}): per GPU over the scrapes inside the measured window (all scrapes when none falls
 * inside) utilisation {@code {p50, max}} in %, memory used max in MiB, power mean in W and SM clock p50 in
 * MHz; and for the whole run the GPU count, the summed mean power, and the run's output tokens per second per
 * watt and per GPU: what "another GPU" changes cost. Without DCGM figures there is no block.
 */
public final class GpuSummary {
    private GpuSummary() {}

    /**
     * summary.json's {@code gpu} block (components written in this order, under these names).
     *
     * @param source                   where the figures came from: {@code dcgm}
     * @param count                    GPUs seen
     * @param scrapes                  scrapes the figures are over
     * @param powerWMeanTotal          the GPUs' mean power summed, W; null when a GPU reported no power
     * @param outputTokensPerSPerGpu   the run's output tokens per second over the GPU count
     * @param outputTokensPerSPerWatt  the run's output tokens per second per watt of {@code powerWMeanTotal}
     * @param gpus                     per GPU (by its exporter label), in label order
     */
    public record Figures(String source, int count, int scrapes,
            @JsonProperty("power_w_mean_total") Double powerWMeanTotal,
            @JsonProperty("output_tokens_per_s_per_gpu") Double outputTokensPerSPerGpu,
            @JsonProperty("output_tokens_per_s_per_watt") Double outputTokensPerSPerWatt, Map<String, Gpu> gpus) {

        /** The first GPU's model for a one-line summary: {@code " x MODEL"}, else {@code " GPU(s)"}. */
        String modelSuffix() {
            Gpu first = gpus.isEmpty() ? null : gpus.values().iterator().next();
            return first != null && first.model() != null ? " x " + first.model() : " GPU(s)";
        }
    }

    /**
     * One GPU over the scrapes; a figure its exporter did not report is left out.
     *
     * @param model         the GPU's model name, or null
     * @param utilPct       utilisation, %: median and max
     * @param fbUsedMibMax  framebuffer memory used, MiB: max
     * @param powerWMean    power draw, W: mean
     * @param smClockMhzP50 SM clock, MHz: median
     */
    public record Gpu(String model,
            @JsonProperty("util_pct") @JsonInclude(JsonInclude.Include.NON_NULL) Util utilPct,
            @JsonProperty("fb_used_mib_max") @JsonInclude(JsonInclude.Include.NON_NULL) Double fbUsedMibMax,
            @JsonProperty("power_w_mean") @JsonInclude(JsonInclude.Include.NON_NULL) Double powerWMean,
            @JsonProperty("sm_clock_mhz_p50") @JsonInclude(JsonInclude.Include.NON_NULL) Double smClockMhzP50) {}

    /** Utilisation in %: the median and the maximum over the scrapes. */
    public record Util(double p50, double max) {}

    /** The block, or null when the run has no GPU figures. */
    public static Figures summarize(Path runDir, long windowStartNanos, long windowEndNanos,
            double outputTokensPerSecond) {
        Path file = runDir.resolve(RunLog.GPU_METRICS_FILE); // run --gpu-metrics; else the server's page may hold them
        if (!Files.isRegularFile(file)) {
            file = runDir.resolve(RunLog.SERVER_METRICS_FILE);
        }
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<long[]> offsets = new ArrayList<>();
        List<JsonNode> blocks = new ArrayList<>();
        try {
            JsonLines.forEach(file, n -> { // a torn last line is skipped
                JsonNode gpu = n.path("values").path(GpuTelemetry.KEY);
                if (gpu.isObject() && !gpu.isEmpty()) {
                    offsets.add(new long[] {n.path("offset_ns").asLong()});
                    blocks.add(gpu);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            return null; // the server block reports unreadable files; GPU figures are then absent
        }
        if (blocks.isEmpty()) {
            return null;
        }
        List<JsonNode> inside = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            long t = offsets.get(i)[0];
            if (t >= windowStartNanos && t <= windowEndNanos) {
                inside.add(blocks.get(i));
            }
        }
        return figures(inside.isEmpty() ? blocks : inside, outputTokensPerSecond);
    }

    static Figures figures(List<JsonNode> scrapes, double outputTokensPerSecond) {
        Map<String, Map<String, List<Double>>> byGpu = new TreeMap<>();
        Map<String, String> models = new TreeMap<>();
        for (JsonNode scrape : scrapes) {
            for (Iterator<Map.Entry<String, JsonNode>> it = scrape.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> g = it.next();
                for (String key : GpuTelemetry.KEYS) {
                    if (g.getValue().path(key).isNumber()) {
                        byGpu.computeIfAbsent(g.getKey(), k -> new LinkedHashMap<>())
                                .computeIfAbsent(key, k -> new ArrayList<>()).add(g.getValue().get(key).asDouble());
                    }
                }
                if (g.getValue().path("model").isTextual()) {
                    models.put(g.getKey(), g.getValue().get("model").asText());
                }
            }
        }
        Map<String, Gpu> gpus = new LinkedHashMap<>();
        double power = 0;
        boolean powerKnown = !byGpu.isEmpty();
        for (Map.Entry<String, Map<String, List<Double>>> e : byGpu.entrySet()) {
            Map<String, List<Double>> v = e.getValue();
            Util util = v.containsKey("util_pct") ? new Util(round(median(v.get("util_pct"))), round(max(v.get("util_pct")))) : null;
            Double powerMean = null;
            if (v.containsKey("power_w")) {
                double mean = v.get("power_w").stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                powerMean = round(mean);
                power += mean;
            } else {
                powerKnown = false;
            }
            gpus.put(e.getKey(), new Gpu(models.get(e.getKey()), util,
                    v.containsKey("fb_used_mib") ? round(max(v.get("fb_used_mib"))) : null, powerMean,
                    v.containsKey("sm_clock_mhz") ? round(median(v.get("sm_clock_mhz"))) : null));
        }
        return new Figures("dcgm", gpus.size(), scrapes.size(), powerKnown ? round(power) : null,
                gpus.isEmpty() ? null : round(outputTokensPerSecond / gpus.size()),
                powerKnown && power > 0 ? Math.round(outputTokensPerSecond / power * 1e4) / 1e4 : null, gpus);
    }

    /**
     * One note for a comparison, when either side's runs carry GPU figures: each side's GPU count and model, output
     * tokens per second per watt and per GPU (the mean over its runs); null when neither side has any.
     */
    public static String compareNote(Path baselineRoot, Path candidateRoot) {
        String b = side(baselineRoot);
        String c = side(candidateRoot);
        if (b == null && c == null) {
            return null;
        }
        return "gpu (DCGM, measured, not judged by a criterion): baseline " + (b == null ? "none" : b) + "; candidate "
                + (c == null ? "none" : c);
    }

    private static String side(Path root) {
        List<Figures> blocks = new ArrayList<>();
        try (java.util.stream.Stream<Path> walk = Files.walk(root, 8)) {
            for (Path f : walk.filter(p -> p.getFileName().toString().equals(RunLog.SERVER_METRICS_FILE)
                    || p.getFileName().toString().equals(RunLog.GPU_METRICS_FILE)).map(Path::getParent).distinct()
                    .map(d -> d.resolve(RunLog.RUN_FILE)).toList()) {
                Figures gpu = Summarizer.summarize(f.getParent()).gpu();
                if (gpu != null) {
                    blocks.add(gpu);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (blocks.isEmpty()) {
            return null;
        }
        double perWatt = blocks.stream().map(Figures::outputTokensPerSPerWatt).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double perGpu = blocks.stream().map(Figures::outputTokensPerSPerGpu).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        Figures first = blocks.get(0);
        return String.format(Locale.ROOT, "%s%s, %s output tok/s per W, %s per GPU (%d run(s))", first.count(),
                first.modelSuffix(), Double.isNaN(perWatt) ? "?" : String.format(Locale.ROOT, "%.3f", perWatt),
                Double.isNaN(perGpu) ? "?" : String.format(Locale.ROOT, "%.1f", perGpu), blocks.size());
    }

    private static double median(List<Double> values) {
        return Quantiles.of(values.stream().mapToDouble(Double::doubleValue).toArray(), 50);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : Double.NaN;
    }

    /** One line for consoles: {@code gpu: 2 x NVIDIA H100 · 1,230 W · 4.12 output tok/s per W · 2,534 per GPU · util p50 87 %}. */
    public static String line(Figures gpu) {
        if (gpu == null) {
            return "";
        }
        return String.format(Locale.ROOT, "gpu (DCGM): %s%s · %s W · %s output tok/s per W · %s per GPU%n",
                gpu.count(), gpu.modelSuffix(), orUnknown(gpu.powerWMeanTotal()), orUnknown(gpu.outputTokensPerSPerWatt()),
                orUnknown(gpu.outputTokensPerSPerGpu()));
    }

    private static Object orUnknown(Double value) {
        return value == null ? "?" : value;
    }

}
