package dev.infergate.report.html;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Run directories whose every free-text field carries markup that would run script if it were not escaped. */
final class Hostile {
    static final String SCRIPT = "</script><script>alert(1)</script>";
    static final String IMG = "\"><img src=x onerror=alert(1)>";
    static final String BOTH = SCRIPT + IMG + " \u2028 <!-- &amp;";

    private Hostile() {}

    /** A run whose label, condition, dataset name, error detail, delivery reason and acceptance notes are hostile. */
    static Path write(Path parent) throws IOException {
        SyntheticRun run = new SyntheticRun().named("hostile");
        String json = json(BOTH);
        run.labelsJson = "{\"name\":" + json + ",\"note\":" + json + "}";
        run.condition = BOTH;
        run.requests = 60;
        run.extraRunJson = ",\"dataset\":{\"prompt_label\":" + json + "}";
        Path dir = run.write(parent);
        RequestRecord failed = new RequestRecord(10_000, 0, Phase.MEASURED, BOTH, null, -1, 1_000_000, 2_000_000,
                3_000_000, 50_000_000, 60_000_000, 70_000_000, 200, ErrorClass.STREAM_ERROR, "model said " + BOTH, -1,
                10, 3, TokenSource.CLIENT, -1, 3, 5_000_000, null, new long[] {48_000_000, 53_000_000, 58_000_000});
        Files.writeString(dir.resolve("requests.jsonl"), RecordCodec.toJson(failed) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(dir.resolve(ReportInputs.DELIVERY_FILE), "{\"verdict\":" + json + ",\"reason\":" + json
                + ",\"requests_detail\":[{\"id\":10000,\"class\":" + json + "}]}");
        Files.writeString(dir.resolve(ReportInputs.ACCEPTANCE_FILE), "{\"verdict\":" + json + ",\"reason\":" + json
                + ",\"criteria\":[{\"name\":" + json + ",\"unit\":\"ms\",\"outcome\":" + json + "}],"
                + "\"matrix\":[{\"workload\":" + json + ",\"prefix\":\"fresh\",\"load\":\"1 req/s\",\"outcome\":\"pass\","
                + "\"note\":" + json + ",\"href\":\"javascript:alert(1)\"}]}");
        return dir;
    }

    static String json(String s) {
        try {
            return ReportInputs.JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
