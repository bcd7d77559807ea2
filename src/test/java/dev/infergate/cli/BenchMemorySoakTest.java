package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchMemorySoakTest {
    @TempDir
    Path dir;

    @Test
    void aShortSoak_printsASampleLineEveryInterval_andRecordsEveryRequest() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path run = dir.resolve("soak");
        int code = Main.execute(new String[] {"bench", "memory", "--no-fork", "--soak", "3s", "--rate", "40",
            "--sample-every", "1s", "--tokens", "4", "--out", run.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("heap after GC MB").contains("RSS MB").containsPattern("soak: \\d+ requests, \\d+ records "
                + "\\(every request recorded\\)");
        List<String> csv = Files.readAllLines(run.resolve("soak.csv"));
        assertThat(csv.get(0)).isEqualTo("elapsed_s,heap_after_gc_bytes,rss_bytes,requests,records");
        assertThat(csv).as("a sample a second, and one at the end").hasSizeGreaterThanOrEqualTo(4);
        String[] last = csv.get(csv.size() - 1).split(",");
        assertThat(Long.parseLong(last[3])).isGreaterThanOrEqualTo(100).isEqualTo(Long.parseLong(last[4]));
    }
}
