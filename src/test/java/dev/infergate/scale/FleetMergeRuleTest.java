package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.ShardRule;
import dev.infergate.cli.Main;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code merge} command and a fleet's merge judge a shard by one rule ({@link ShardRule}): before it, a shard
 * whose run.json has no {@code ended_at} key (written before the key existed) was complete to {@code merge} and
 * partial to the fleet, and only {@code merge} checked that the shards were of one run.
 */
class FleetMergeRuleTest {
    private static final Path DOCUMENTS = Path.of("src/test/resources/dev/infergate/record/run-documents");

    @TempDir
    Path dir;

    private Path shard(String name, String source, String from, String to) throws Exception {
        Path shard = Files.createDirectories(dir.resolve(name));
        Files.writeString(shard.resolve(RunLog.RUN_FILE),
                Files.readString(DOCUMENTS.resolve(source).resolve(RunLog.RUN_FILE)).replace(from, to));
        Files.copy(DOCUMENTS.resolve(source).resolve(RunLog.REQUESTS_FILE), shard.resolve(RunLog.REQUESTS_FILE));
        return shard;
    }

    private static boolean mergeCallsComplete(Path shard, Path out) {
        int code = Main.execute(new String[] {"merge", "--out", out.toString(), shard.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true));
        assertThat(code).isZero();
        return !RunDocument.read(out).partial();
    }

    @Test
    void aShardWithoutEndedAt_fromAnOlderVersion_isCompleteToMergeAndToTheFleetAlike() throws Exception {
        Path older = shard("older", "older", "\"shard\" : \"0/1\"", "\"shard\" : \"0/2\"");
        RunDocument run = RunDocument.read(older);
        assertThat(run.endedAtKey()).isFalse();

        assertThat(FleetMerge.state(older, run)).isEqualTo(FleetMerge.State.COMPLETE);
        assertThat(mergeCallsComplete(older, dir.resolve("merged"))).isTrue();
    }

    @Test
    void aKilledShard_aStoppedShard_andATornLog_arePartialToMergeAndToTheFleetAlike() throws Exception {
        Path killed = shard("killed", "measured", "\"ended_at\" : \"2026-12-04T16:12:11.979373992Z\"", "\"ended_at\" : null");
        Path stopped = shard("stopped", "measured", "\"client_cpu\" : {", "\"partial\" : true, \"client_cpu\" : {");
        Path torn = shard("torn", "older", "\"shard\" : \"0/1\"", "\"shard\" : \"0/2\"");
        Files.writeString(torn.resolve(RunLog.REQUESTS_FILE), "{\"id\":99,\"sta", java.nio.file.StandardOpenOption.APPEND);
        int k = 0;
        for (Path shard : new Path[] {killed, stopped, torn}) {
            assertThat(FleetMerge.state(shard, RunDocument.read(shard))).as(shard.toString()).isEqualTo(FleetMerge.State.PARTIAL);
            assertThat(mergeCallsComplete(shard, dir.resolve("m" + k++))).as(shard.toString()).isFalse();
        }
        assertThat(FleetMerge.state(killed, null)).isEqualTo(FleetMerge.State.MISSING);
    }

    @Test
    void shardsOfOneRun_agreeOnEndpointWorkloadAndLoad_theShardAside() throws Exception {
        RunDocument first = RunDocument.read(shard("a", "measured", "", ""));
        RunDocument otherShard = RunDocument.read(shard("b", "measured", "\"shard\" : \"0/1\"", "\"shard\" : \"1/2\""));
        RunDocument otherSeed = RunDocument.read(shard("c", "measured", "\"concurrency\" : 4", "\"concurrency\" : 5"));
        RunDocument otherSalt = RunDocument.read(shard("d", "measured", "-217948291650879174", "1"));
        RunDocument otherServer = RunDocument.read(shard("e", "measured", "127.0.0.1:19601", "127.0.0.1:19602"));

        assertThat(ShardRule.disagreement(first, otherShard)).isNull();
        assertThat(ShardRule.disagreement(first, otherSeed)).isEqualTo(RunDocument.LOAD);
        assertThat(ShardRule.disagreement(first, otherSalt)).isEqualTo(RunDocument.WORKLOAD);
        assertThat(ShardRule.disagreement(first, otherServer)).isEqualTo(RunDocument.BASE_URL);
    }

    @Test
    void merge_refusesShardsOfTwoLoads() throws Exception {
        Path a = shard("a", "measured", "\"shard\" : \"0/1\"", "\"shard\" : \"0/2\"");
        Path b = shard("b", "measured", "\"concurrency\" : 4", "\"concurrency\" : 8");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"merge", "--out", dir.resolve("m").toString(), a.toString(), b.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("differs from").contains("in 'load'").contains("not shards of one run");
    }
}
