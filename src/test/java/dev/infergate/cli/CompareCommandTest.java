package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.Phase;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** Writes {@code repeats} run directories of 300 requests with TTFT ~ 100 ms x scale under {@code side}. */
    private Path side(String side, double scale, String labels, int repeats, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        for (int r = 1; r <= repeats; r++) {
            Path run = Files.createDirectories(dir.resolve(side).resolve("r" + r));
            Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"labels\":"
                    + labels + ",\"workload\":{\"preset\":\"short-chat\"}}");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 300; i++) {
                long scheduled = i * 50 * MS;
                long first = scheduled + Math.round(scale * (90 + 20 * random.nextDouble()) * MS);
                long last = first + Math.round(scale * 99 * 10 * MS);
                sb.append(RecordCodec.toJson(new RequestRecord(i, 0, Phase.MEASURED, null, null, -1, scheduled, scheduled,
                        scheduled, first, last, last, 200, null, null, -1, 100, 100, TokenSource.USAGE, -1, 100, 10 * MS,
                        null, null))).append('\n');
            }
            Files.writeString(run.resolve("requests.jsonl"), sb.toString());
        }
        return dir.resolve(side);
    }

    private int run(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aSlowerCandidate_isRejectedWithExitCode1AndReportsAreWritten() throws IOException {
        Path base = side("base", 1.0, "{\"engine\":\"a\"}", 2, 1);
        Path cand = side("cand", 1.3, "{\"engine\":\"b\"}", 2, 2);
        StringWriter out = new StringWriter();

        int code = run(out, new StringWriter(), "compare", base.toString(), cand.toString(), "--resamples", "300",
                "--out", dir.resolve("cmp").toString());

        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).contains("all: FAIL", "VERDICT: REJECTED").doesNotContain("WARNING");
        assertThat(Files.readString(dir.resolve("cmp/comparison.json"))).contains("\"schema\" : \"infergate.comparison/1\"",
                "\"verdict\" : \"rejected\"");
        assertThat(Files.readString(dir.resolve("cmp/comparison.md"))).contains("# Comparison: REJECTED", "| engine | a | b |");
    }

    @Test
    void anEqualCandidate_isAcceptedWithExitCode0() throws IOException {
        Path base = side("base", 1.0, "{}", 2, 1);
        Path cand = side("cand", 1.0, "{}", 2, 2);
        StringWriter out = new StringWriter();

        int code = run(out, new StringWriter(), "compare", base.toString(), cand.toString(), "--resamples", "300");

        assertThat(code).as(out.toString()).isEqualTo(0);
        assertThat(out.toString()).contains("VERDICT: ACCEPTED", "note: no declared factor differs");
    }

    @Test
    void aThresholdInsideTheInterval_isInconclusiveWithExitCode4() throws IOException {
        Path base = side("base", 1.0, "{}", 1, 1);
        Path cand = side("cand", 1.0, "{}", 1, 2);
        Path criteria = Files.writeString(dir.resolve("c.yaml"), "ttft.p50: {min_improvement: 0%}\n");
        StringWriter out = new StringWriter();

        int code = run(out, new StringWriter(), "compare", base.toString(), cand.toString(), "--resamples", "300",
                "--criteria", criteria.toString());

        assertThat(code).as(out.toString()).isEqualTo(4);
        assertThat(out.toString()).contains("inconclusive (min_improvement 0%", "VERDICT: INCONCLUSIVE");
    }

    @Test
    void moreThanOneDifferingFactor_orSampling_warnsLoudly() throws IOException {
        Path base = side("base", 1.0, "{\"gpu\":\"A100\",\"engine\":\"a\",\"sampling.temperature\":\"0\"}", 1, 1);
        Path cand = side("cand", 1.0, "{\"gpu\":\"H100\",\"engine\":\"b\",\"sampling.temperature\":\"0.7\"}", 1, 2);
        StringWriter out = new StringWriter();

        run(out, new StringWriter(), "compare", base.toString(), cand.toString(), "--resamples", "200");

        assertThat(out.toString()).contains(
                "WARNING: baseline and candidate differ in 2 declared factors (engine, gpu): no single cause can be named",
                "WARNING: the sampling settings differ (sampling.temperature)");
    }

    @Test
    void aBadCriteriaFile_isAUsageErrorNamingLineAndKey() throws IOException {
        Path base = side("base", 1.0, "{}", 1, 1);
        Path criteria = Files.writeString(dir.resolve("c.yaml"), "ttft.p95: {max_regression: 10%}\nerrors.rate: {maxx: 1%}\n");
        StringWriter err = new StringWriter();

        int code = run(new StringWriter(), err, "compare", base.toString(), base.toString(), "--criteria", criteria.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("infergate: " + criteria + " line 2, key errors.rate.maxx: unknown bound 'maxx'");
    }

    @Test
    void aDirectoryWithoutRuns_isAUsageError() {
        StringWriter err = new StringWriter();

        int code = run(new StringWriter(), err, "compare", dir.toString(), dir.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("holds no run");
    }
}
