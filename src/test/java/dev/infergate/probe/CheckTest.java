package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckTest {
    @Test
    void aCheck_isWrittenAsCheckStatusResultEvidence_theEvidenceKeysInTheRecordsOrder() throws Exception {
        Check check = new Check("tool_call_deltas", Check.Status.INFO, "parsed", new Evidence.ToolCalls(4, 200));

        assertThat(Json.COMPACT.writeValueAsString(check)).isEqualTo(
                "{\"check\":\"tool_call_deltas\",\"status\":\"info\",\"result\":\"parsed\",\"evidence\":{\"events\":4,\"http_status\":200}}");
    }

    @Test
    void aCheckWithoutEvidence_writesAnEmptyObject() throws Exception {
        Check check = new Check("usage_chunk", Check.Status.OK, "sent", null);

        assertThat(Json.COMPACT.writeValueAsString(check)).endsWith("\"evidence\":{}}");
    }

    @Test
    void countsKnownOnlyAtRunTime_keepTheOrderGiven() throws Exception {
        Map<String, Long> errors = new LinkedHashMap<>();
        errors.put("timeout", 2L);
        errors.put("http_500", 1L);

        assertThat(Json.COMPACT.writeValueAsString(new Evidence.Counts(errors))).isEqualTo("{\"timeout\":2,\"http_500\":1}");
    }

    @Test
    void aTokenizeCheckNotCheckedForExactness_leavesTheKeyOut_andAnUnmeasuredCaseMedianIsNull() throws Exception {
        assertThat(Json.COMPACT.writeValueAsString(new Evidence.Tokenize("tgi", null))).isEqualTo("{\"dialect\":\"tgi\"}");
        assertThat(Json.COMPACT.writeValueAsString(new Evidence.CaseFigures(0, null, null, null))).isEqualTo(
                "{\"requests\":0,\"ttft_ms_p50\":null,\"effective_tokens_per_s_p50\":null,\"cached_tokens_p50\":null}");
    }
}
