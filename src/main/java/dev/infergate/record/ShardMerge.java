package dev.infergate.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Merges the run directories of a sharded run (one per worker, {@code --shard I/N}, started together with
 * {@code --start-at}) into one: the records are concatenated without loss, and the summary built from them
 * is the same as if one machine had sent every request. Request ids are unique across shards by
 * construction; a duplicate means two directories are not shards of one run, and is refused.
 */
public final class ShardMerge {
    private ShardMerge() {}

    /**
     * Writes {@code out/requests.jsonl} from every shard's records, in shard order.
     *
     * @return the number of records written
     * @throws IllegalArgumentException naming the shard and id when two shards hold the same request
     */
    public static long mergeRecords(List<Path> shards, Path out) throws IOException {
        Files.createDirectories(out);
        Set<Long> ids = new HashSet<>();
        long[] written = {0};
        AtomicFiles.write(out.resolve(RunLog.REQUESTS_FILE), w -> { // a failed merge leaves no half-merged log
            for (Path shard : shards) {
                IOException[] failure = {null};
                RunLog.readRecords(shard, r -> {
                    if (!ids.add(r.id())) {
                        throw new IllegalArgumentException("request " + r.id() + " appears twice (again in " + shard
                                + "): merge the shards of one run only, each run with its own --shard I/N");
                    }
                    try {
                        w.write((RecordCodec.toJson(r) + "\n").getBytes(StandardCharsets.UTF_8));
                        written[0]++;
                    } catch (IOException e) {
                        failure[0] = e;
                    }
                });
                if (failure[0] != null) {
                    throw failure[0];
                }
            }
        });
        return written[0];
    }
}
