package dev.infergate.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.metrics.GpuTelemetry;
import dev.infergate.record.RunLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code gpu} block of summary.json, from the DCGM figures in {@code server_metrics.jsonl}
 * ({@link GpuTelemetry}): per GPU over the scrapes inside the measured window (all scrapes when none falls
 * inside) utilisation {@code {p50, max}} in %, memory used max in MiB, power mean in W and SM clock p50 in
 * MHz; and for the whole run the GPU count, the summed mean power, and the run's output tokens per second per
 * watt and per GPU: what "another GPU" changes cost. Without DCGM figures there is no block.
 */
public final class GpuSummary {
    private static final ObjectMapper JSON = new ObjectMapper();

    private GpuSummary() {}

    /** The block, or null when the run has no GPU figures. */
    public static Map<String, Object> summarize(Path runDir, long windowStartNanos, long windowEndNanos,
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
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode n = parse(line);
                JsonNode gpu = n == null ? null : n.path("values").path(GpuTelemetry.KEY);
                if (gpu != null && gpu.isObject() && !gpu.isEmpty()) {
                    offsets.add(new long[] {n.path("offset_ns").asLong()});
                    blocks.add(gpu);
                }
            }
        } catch (IOException e) {
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

    static Map<String, Object> figures(List<JsonNode> scrapes, double outputTokensPerSecond) {
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
        Map<String, Object> gpus = new LinkedHashMap<>();
        double power = 0;
        boolean powerKnown = !byGpu.isEmpty();
        for (Map.Entry<String, Map<String, List<Double>>> e : byGpu.entrySet()) {
            Map<String, List<Double>> v = e.getValue();
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("model", models.get(e.getKey()));
            if (v.containsKey("util_pct")) {
                g.put("util_pct", Map.of("p50", round(median(v.get("util_pct"))), "max", round(max(v.get("util_pct")))));
            }
            if (v.containsKey("fb_used_mib")) {
                g.put("fb_used_mib_max", round(max(v.get("fb_used_mib"))));
            }
            if (v.containsKey("power_w")) {
                double mean = v.get("power_w").stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                g.put("power_w_mean", round(mean));
                power += mean;
            } else {
                powerKnown = false;
            }
            if (v.containsKey("sm_clock_mhz")) {
                g.put("sm_clock_mhz_p50", round(median(v.get("sm_clock_mhz"))));
            }
            gpus.put(e.getKey(), g);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", "dcgm");
        m.put("count", gpus.size());
        m.put("scrapes", scrapes.size());
        m.put("power_w_mean_total", powerKnown ? round(power) : null);
        m.put("output_tokens_per_s_per_gpu", gpus.isEmpty() ? null : round(outputTokensPerSecond / gpus.size()));
        m.put("output_tokens_per_s_per_watt", powerKnown && power > 0 ? Math.round(outputTokensPerSecond / power * 1e4) / 1e4
                : null);
        m.put("gpus", gpus);
        return m;
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
        List<Map<String, Object>> blocks = new ArrayList<>();
        try (java.util.stream.Stream<Path> walk = Files.walk(root, 8)) {
            for (Path f : walk.filter(p -> p.getFileName().toString().equals(RunLog.SERVER_METRICS_FILE)
                    || p.getFileName().toString().equals(RunLog.GPU_METRICS_FILE)).map(Path::getParent).distinct()
                    .map(d -> d.resolve(RunLog.RUN_FILE)).toList()) {
                Map<String, Object> gpu = Summarizer.summarize(f.getParent()).gpu();
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
        double perWatt = blocks.stream().map(g -> g.get("output_tokens_per_s_per_watt")).filter(Number.class::isInstance)
                .mapToDouble(v -> ((Number) v).doubleValue()).average().orElse(Double.NaN);
        double perGpu = blocks.stream().map(g -> g.get("output_tokens_per_s_per_gpu")).filter(Number.class::isInstance)
                .mapToDouble(v -> ((Number) v).doubleValue()).average().orElse(Double.NaN);
        Map<String, Object> first = blocks.get(0);
        String model = first.get("gpus") instanceof Map<?, ?> g && !g.isEmpty() && g.values().iterator().next() instanceof Map<?, ?> one
                && one.get("model") != null ? " x " + one.get("model") : " GPU(s)";
        return String.format(java.util.Locale.ROOT, "%s%s, %s output tok/s per W, %s per GPU (%d run(s))", first.get("count"),
                model, Double.isNaN(perWatt) ? "?" : String.format(java.util.Locale.ROOT, "%.3f", perWatt),
                Double.isNaN(perGpu) ? "?" : String.format(java.util.Locale.ROOT, "%.1f", perGpu), blocks.size());
    }

    private static double median(List<Double> values) {
        double[] a = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : Double.NaN;
    }

    private static JsonNode parse(String line) {
        try {
            return line.isBlank() ? null : JSON.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }

    /** One line for consoles: {@code gpu: 2 x NVIDIA H100 · 1,230 W · 4.12 output tok/s per W · 2,534 per GPU · util p50 87 %}. */
    public static String line(Map<String, Object> gpu) {
        if (gpu == null) {
            return "";
        }
        Object perWatt = gpu.get("output_tokens_per_s_per_watt");
        Object perGpu = gpu.get("output_tokens_per_s_per_gpu");
        Object power = gpu.get("power_w_mean_total");
        String model = gpu.get("gpus") instanceof Map<?, ?> g && !g.isEmpty() && g.values().iterator().next() instanceof Map<?, ?> first
                && first.get("model") != null ? " x " + first.get("model") : " GPU(s)";
        return String.format(java.util.Locale.ROOT, "gpu (DCGM): %s%s · %s W · %s output tok/s per W · %s per GPU%n",
                gpu.get("count"), model, power == null ? "?" : power, perWatt == null ? "?" : perWatt,
                perGpu == null ? "?" : perGpu);
    }

}
