package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run.json a fleet's merge writes, byte for byte (its {@code ended_at}, the merge's own clock, aside): the
 * expected file was written by the fleet merge before run.json had one model (at 8e28a9c). Two workers: shard 0
 * left a recorded run, shard 1 nothing, so the merged run is partial and {@code scale_out} has both entries.
 * {@code -Dgolden.update=true} rewrites it.
 */
class FleetMergedRunJsonBytesTest {
    private static final Path SHARD = Path.of("src/test/resources/dev/infergate/record/run-documents/measured");
    private static final Path EXPECTED = Path.of("src/test/resources/dev/infergate/scale/fleet-merged-run.json");

    @TempDir
    Path dir;

    @Test
    void aFleetsMergedRunJson_isByteForByteAsBefore() throws Exception {
        LaunchSpec spec = new LaunchSpec(2, List.of("--requests", "12"), 77, dir, Duration.ofSeconds(3),
                Duration.ofSeconds(30), Duration.ofSeconds(5));
        Path shard = Files.createDirectories(spec.shardDir(0));
        Files.writeString(shard.resolve(RunLog.RUN_FILE), Files.readString(SHARD.resolve(RunLog.RUN_FILE))
                .replace("\"shard\" : \"0/1\"", "\"shard\" : \"0/2\""));
        Files.copy(SHARD.resolve(RunLog.REQUESTS_FILE), shard.resolve(RunLog.REQUESTS_FILE));
        FleetMerge.merge(spec, "2 local processes", Instant.parse("2026-12-04T16:12:07Z"),
                List.of(new ShardOutcome(0, 1_500L, 0, true), new ShardOutcome(1, null, null, false)));
        String written = Files.readString(dir.resolve(RunLog.RUN_FILE))
                .replaceFirst("\"ended_at\" : \"[^\"]*\"", "\"ended_at\" : \"NOW\"");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(EXPECTED.getParent());
            Files.writeString(EXPECTED, written);
        }
        assertThat(written).isEqualTo(Files.readString(EXPECTED));
    }
}
