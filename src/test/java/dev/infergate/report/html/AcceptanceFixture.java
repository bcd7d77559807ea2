package dev.infergate.report.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A synthetic acceptance directory in the shape docs/report.md defines: acceptance.json listing a baseline
 * and a candidate run (each with server metrics and a probe verdict), criteria, a 2 × 2 × 3 matrix and
 * capacity curves. Stands in for what {@code infergate accept} and {@code infergate probe} will write.
 */
final class AcceptanceFixture {
    private AcceptanceFixture() {}

    static Path write(Path parent) throws IOException {
        Path dir = parent.resolve("accept");
        SyntheticRun base = new SyntheticRun().named("baseline");
        base.labelsJson = "{\"kv_cache\":\"fp16\"}";
        SyntheticRun cand = new SyntheticRun().named("candidate");
        cand.labelsJson = "{\"kv_cache\":\"fp8\"}";
        cand.speed = 0.85;
        cand.seed = 3;
        for (Path run : new Path[] {base.write(dir), cand.write(dir)}) {
            serverMetrics(run, run.getFileName().toString().equals("candidate") ? 0.7 : 1.0);
            Files.writeString(run.resolve(ReportInputs.DELIVERY_FILE), "{\"schema\":\"infergate.delivery/1\","
                    + "\"verdict\":\"incremental\",\"requests\":30,\"incremental\":28,\"bursty\":1,\"buffered\":1,"
                    + "\"reason\":\"28 of 30 sampled requests streamed their tokens as generated\","
                    + "\"requests_detail\":[{\"id\":15,\"class\":\"buffered\",\"why\":\"first event carried 100 % of the output\"}]}");
        }
        StringBuilder matrix = new StringBuilder();
        String[] outcomes = {"pass", "pass", "inconclusive", "pass", "fail", "pass", "pass", "inconclusive", "pass", "pass", "pass", "fail"};
        int i = 0;
        for (String workload : new String[] {"chat", "rag"}) {
            for (String prefix : new String[] {"fresh", "shared"}) {
                for (String load : new String[] {"2 req/s", "8 req/s", "16 req/s"}) {
                    String o = outcomes[i++];
                    matrix.append(matrix.length() == 0 ? "" : ",").append("{\"workload\":\"").append(workload)
                            .append("\",\"prefix\":\"").append(prefix).append("\",\"load\":\"").append(load)
                            .append("\",\"outcome\":\"").append(o).append("\",\"note\":\"TTFT p95 ")
                            .append(o.equals("fail") ? "+18 %" : "-9 %").append("\",\"href\":\"cells/")
                            .append(workload).append('-').append(prefix).append("/report.html\","
                                    + "\"criteria\":[{\"name\":\"TTFT p95\",\"unit\":\"ms\",\"baseline\":210,\"candidate\":190,"
                                    + "\"delta\":-0.095,\"ci_low\":-0.15,\"ci_high\":-0.02,\"outcome\":\"").append(o).append("\"}]}");
                }
            }
        }
        Files.writeString(dir.resolve(ReportInputs.ACCEPTANCE_FILE), "{\"schema\":\"infergate.acceptance/1\","
                + "\"verdict\":\"inconclusive\",\"reason\":\"TTFT p95 improves, but E2E p99 at 16 req/s is not settled\","
                + "\"runs\":[{\"side\":\"baseline\",\"dir\":\"baseline\"},{\"side\":\"candidate\",\"dir\":\"candidate\"}],"
                + "\"factors_changed\":[\"kv_cache\"],"
                + "\"slo\":{\"ttft_ms\":500,\"tpot_ms\":50,\"e2e_ms\":null,\"attainment\":0.95},"
                + "\"criteria\":[{\"name\":\"TTFT p95\",\"metric\":\"ttft_p95\",\"unit\":\"ms\",\"baseline\":210.4,\"candidate\":181.2,"
                + "\"delta\":-0.139,\"ci_low\":-0.2,\"ci_high\":-0.08,\"outcome\":\"pass\"},"
                + "{\"name\":\"E2E p99\",\"metric\":\"e2e_p99\",\"unit\":\"ms\",\"baseline\":2300,\"candidate\":2250,"
                + "\"delta\":-0.022,\"ci_low\":-0.09,\"ci_high\":0.04,\"outcome\":\"inconclusive\",\"more_samples\":4200}],"
                + "\"matrix\":[" + matrix + "],"
                + "\"capacity\":{\"baseline\":{\"rps\":11.5,\"curve\":" + curve(1.0) + "},"
                + "\"candidate\":{\"rps\":14.2,\"curve\":" + curve(0.8) + "}}}");
        return dir;
    }

    private static String curve(double speed) {
        StringBuilder sb = new StringBuilder("[");
        double[] loads = {2, 4, 8, 12, 16, 20};
        for (int i = 0; i < loads.length; i++) {
            double offered = loads[i];
            double saturation = 14 / speed;
            double tput = Math.min(offered, saturation);
            double ttft = 120 * speed * (1 + Math.pow(offered / saturation, 4) * 5);
            double attain = Math.max(0, Math.min(1, 1.02 - Math.pow(offered / saturation, 6) * 0.4));
            sb.append(i == 0 ? "" : ",").append(String.format(java.util.Locale.ROOT,
                    "{\"offered_rps\":%.1f,\"throughput_rps\":%.2f,\"ttft_p95_ms\":%.1f,\"e2e_p95_ms\":%.1f,\"attainment\":%.4f}",
                    offered, tput, ttft, ttft * 8, attain));
        }
        return sb.append("]").toString();
    }

    private static void serverMetrics(Path run, double load) throws IOException {
        StringBuilder sb = new StringBuilder();
        long queries = 0;
        long hits = 0;
        for (int i = 0; i <= 24; i++) {
            double t = i * 0.5;
            queries += 4000;
            hits += (long) (4000 * (0.3 + 0.4 * Math.min(1, t / 6)));
            sb.append(String.format(java.util.Locale.ROOT, "{\"t_s\":%.1f,\"kv_cache_usage\":%.3f,\"requests_running\":%d,"
                    + "\"requests_waiting\":%d,\"prefix_cache_queries_total\":%d,\"prefix_cache_hits_total\":%d,\"preemptions_total\":%d}%n",
                    t, Math.min(0.98, load * (0.2 + t / 14)), (int) (8 + t * load), (int) Math.max(0, (t - 5) * 2 * load),
                    queries, hits, (int) Math.max(0, (t - 8) * load)));
        }
        Files.writeString(run.resolve(ReportInputs.SERVER_METRICS_FILE), sb);
    }
}
