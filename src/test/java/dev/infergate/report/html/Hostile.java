package dev.infergate.report.html;

import dev.infergate.record.ErrorClass;
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
        RequestRecord failed = RequestRecord.builder(10_000).condition(BOTH).scheduledNanos(1_000_000)
                .sentNanos(2_000_000).headersNanos(3_000_000).firstTokenNanos(50_000_000).lastTokenNanos(60_000_000)
                .doneNanos(70_000_000).status(200).error(ErrorClass.STREAM_ERROR).errorDetail("model said " + BOTH)
                .inputTokens(10).outputTokens(3).outputTokensSource(TokenSource.CLIENT).chunks(3)
                .maxStallNanos(5_000_000).eventOffsetsNanos(new long[] {48_000_000, 53_000_000, 58_000_000}).build();
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
