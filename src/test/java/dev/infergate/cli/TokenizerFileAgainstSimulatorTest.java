package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --tokenizer-file}: prompts built under a model's own tokenizer.json, reconciled against the server's count. */
class TokenizerFileAgainstSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void promptsAreExactUnderTheFile_andTheServersCountShowsItsOwnDifference() throws Exception {
        Path model = Path.of(getClass().getResource("/tokenizers/wordlevel/tokenizer.json").toURI()).getParent();
        Path out = dir.resolve("run");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            StringWriter console = new StringWriter();
            int code = RunAgainstSimulatorTest.run(console, err, "run", "--base-url", sim.baseUrl(), "--requests", "3",
                    "--input-tokens", "64", "--output-tokens", "4", "--tokenizer-file", model.toString(),
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        JsonNode workload = new ObjectMapper().readTree(out.resolve("run.json").toFile()).path("workload");
        assertThat(workload.path("tokenizer").asText()).isEqualTo("file:wordlevel");
        assertThat(workload.path("input_lengths_exact").asBoolean()).isTrue();
        assertThat(workload.path("tokenizer_overhead_tokens").asInt()).isEqualTo(1);
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        // 64 tokens under the file are its BOS and 63 words; the simulator counts the words, adding no BOS
        assertThat(records).hasSize(3).allSatisfy(r -> assertThat(r.tokens().input()).isEqualTo(63));
    }
}
