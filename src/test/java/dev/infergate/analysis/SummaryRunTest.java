package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.infergate.record.RunDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryRunTest {
    @Test
    void readsTheScaleOutBlockAMergeAddsToRunJson() {
        Map<String, Object> lag = new LinkedHashMap<>();
        lag.put("count", 8);
        lag.put("p99", 1.25);
        lag.put("low_sample", List.of("p999"));
        Map<String, Object> shard0 = new LinkedHashMap<>();
        shard0.put("shard", 0);
        shard0.put("state", "complete");
        shard0.put("exit_code", 0);
        shard0.put("start_offset_ms", 0.5);
        shard0.put("client", Map.of("lag_ms", lag, "limited", false));
        Map<String, Object> shard1 = new LinkedHashMap<>();
        shard1.put("shard", 1);
        shard1.put("state", "missing");
        shard1.put("start_offset_ms", null);
        shard1.put("client", null);
        Map<String, Object> scale = new LinkedHashMap<>();
        scale.put("workers", 2);
        scale.put("fleet", "2 local processes");
        scale.put("start_at", "2026-12-04T20:00:00Z");
        scale.put("start_spread_ms", 3.5);
        scale.put("shards", List.of(shard0, shard1));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("api", "chat");
        run.put("partial", true);
        run.put("partial_reason", "shard 1 of 2 left no results");
        run.put("scale_out", scale);

        SummaryRun typed = SummaryRun.of(RunDocument.of(run), 2.0, "shard 1 of 2 left no results", 17L);

        assertThat(typed.tornLastLine()).isEqualTo(17L);
        assertThat(typed.document().api()).isEqualTo("chat");
        assertThat(typed.document().partial()).isTrue();
        assertThat(typed.scaleOut().fleet()).isEqualTo("2 local processes");
        assertThat(typed.scaleOut().startSpreadMs()).isEqualTo(3.5);
        assertThat(typed.scaleOut().shards()).extracting(dev.infergate.record.ScaleOut.Shard::shard).containsExactly(0, 1);
        assertThat(SummaryRun.clientLagP99Ms(typed.scaleOut().shards().get(0))).isEqualTo(1.25);
        assertThat(SummaryRun.clientLagP99Ms(typed.scaleOut().shards().get(1))).isNull();
        assertThat(typed.scaleOut().shards().get(1).startOffsetMs()).isNull();
    }

    @Test
    void aSingleRunHasNeitherATornLineNorAScaleOutBlock() {
        SummaryRun typed = SummaryRun.of(RunDocument.of(Map.of("api", "completions")), 1.0, null, null);
        assertThat(typed.tornLastLine()).isNull();
        assertThat(typed.scaleOut()).isNull();
    }

    @Test
    void theBlock_isRunJsonWithoutItsSchema_thenTheSummarysKeys_andAKeyRunJsonHasKeepsItsPlace() throws Exception {
        Map<String, Object> runJson = new LinkedHashMap<>();
        runJson.put("schema", "infergate.run/1");
        runJson.put("api", "chat");
        runJson.put("partial", false); // written by the run itself: the summary's verdict replaces it in place
        runJson.put("future_key", List.of(1, 2)); // a key this version does not know is copied as it is
        SummaryRun block = SummaryRun.of(RunDocument.of(runJson), 12.5, "requests.jsonl ends in a torn line 9", 9L);

        assertThat(Summarizer.JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(block))
                .isEqualTo("{\"api\":\"chat\",\"partial\":true,\"future_key\":[1,2],\"duration_s\":12.5,"
                        + "\"partial_reason\":\"requests.jsonl ends in a torn line 9\",\"torn_last_line\":9}");
        assertThat(block.partial()).isTrue();
    }

    @Test
    void aWholeRun_writesPartialFalse_andNoReasonOrTornLine() throws Exception {
        SummaryRun block = SummaryRun.of(RunDocument.of(Map.of("api", "completions")), 3.0, null, null);
        assertThat(Summarizer.JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(block))
                .isEqualTo("{\"api\":\"completions\",\"duration_s\":3.0,\"partial\":false}");
    }
}
