package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardMergeTest {
    @TempDir
    Path dir;

    /** What a kill -9 mid-write leaves: whole lines, then the first part of the next one without its line break. */
    @Test
    void aShardKilledMidLine_mergesItsWholeRecordsOnly_asManyAsAReaderOfTheShardCounts() throws Exception {
        Path killed = Files.createDirectories(dir.resolve("shard-0"));
        Path whole = Files.createDirectories(dir.resolve("shard-1"));
        String torn = RecordCodec.toJson(RecordWriterTest.failed(8, "e"));
        Files.writeString(killed.resolve(RunLog.REQUESTS_FILE), line(0) + line(4) + torn.substring(0, torn.length() / 2));
        Files.writeString(whole.resolve(RunLog.REQUESTS_FILE), line(1) + line(5) + line(9));

        long written = ShardMerge.mergeRecords(List.of(killed, whole), dir.resolve("merged"));

        RunLog.Read shardRead = RunLog.read(killed, r -> { });
        assertThat(shardRead.records()).isEqualTo(2);
        assertThat(shardRead.tornLine()).isEqualTo(3);
        List<Long> merged = new ArrayList<>();
        RunLog.Read mergedRead = RunLog.read(dir.resolve("merged"), r -> merged.add(r.id()));
        assertThat(written).isEqualTo(5).isEqualTo(shardRead.records() + RunLog.read(whole, r -> { }).records());
        assertThat(merged).containsExactly(0L, 4L, 1L, 5L, 9L);
        assertThat(mergedRead.torn()).isFalse(); // the merged log is whole: the torn line is not carried over
    }

    private static String line(long id) {
        return RecordCodec.toJson(RecordWriterTest.failed(id, "e")) + "\n";
    }
}
