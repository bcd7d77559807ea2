package dev.infergate.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.json.Json;
import dev.infergate.report.SweepReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep level whose client fell behind its schedule is flagged in sweep.json and on the console, never silently
 * trusted. The runs are the recorded sweep step of golden/accept-small/sweep, with the candidate's c=4 run's dispatch
 * marks moved 25 ms after their slots (as a busy client would dispatch them).
 */
class SweepLateClientTest {
    private static final Path FIXTURE = Path.of("src/test/resources/dev/infergate/golden/accept-small/sweep");

    @TempDir
    Path dir;

    private SweepDocument analyse(Path out) {
        SweepAnalysis analysis = new SweepAnalysis(List.of("baseline", "candidate"), 1, "--gpus", "ttft=2s", 0.95,
                new SweepErrorRule(2, 0.05), 0, false);
        return analysis.document(out, SweepLevels.Kind.CONCURRENCY, List.of(new SweepLevels.Level(SweepLevels.Kind.CONCURRENCY, 1),
                new SweepLevels.Level(SweepLevels.Kind.CONCURRENCY, 4)), "every level listed was run");
    }

    @Test
    void aLevelWhoseClientFellBehind_isFlaggedInSweepJsonAndOnTheConsole_andTheOthersAreNot() throws IOException {
        copy(FIXTURE, dir);
        Path late = dir.resolve("candidate/concurrency-4/r1/requests.jsonl");
        StringBuilder moved = new StringBuilder();
        for (String line : Files.readAllLines(late)) {
            var record = (com.fasterxml.jackson.databind.node.ObjectNode) Json.COMPACT.readTree(line);
            record.put("dispatch_ns", record.path("slot_ns").asLong() + 25_000_000L);
            record.put("connect_wait_ns", 0);
            moved.append(Json.COMPACT.writeValueAsString(record)).append('\n');
        }
        Files.writeString(late, moved.toString());

        SweepDocument doc = analyse(dir);

        assertThat(doc.levels().get(0).late()).isEmpty();
        assertThat(doc.levels().get(1).late()).singleElement().asString()
                .startsWith("candidate r1: the client fell behind its schedule (lag p99 25.0 ms, limit 10 ms; 16 requests late)");
        assertThat(Json.COMPACT.writeValueAsString(doc.levels().get(0))).doesNotContain("\"late\"");
        assertThat(Json.COMPACT.writeValueAsString(doc.levels().get(1))).contains("\"late\":[\"candidate r1: the client fell");
        assertThat(SweepReport.console(doc)).contains("WARNING: client behind at c=4: candidate r1: the client fell behind");
    }

    @Test
    void theRecordedSweep_keptItsSchedule_andIsNotFlagged() {
        assertThat(analyse(FIXTURE).levels()).allSatisfy(l -> assertThat(l.late()).isEmpty());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
