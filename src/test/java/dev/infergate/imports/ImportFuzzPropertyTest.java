package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.testing.Mutator;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A damaged result file of another tool (vLLM, AIPerf, guidellm, AIPerf aggregates) is imported or refused with
 * one {@link IllegalArgumentException} line (which the commands print with exit 2): never another exception.
 */
class ImportFuzzPropertyTest {
    static final String VLLM = "{\"date\":\"20261204-080000\",\"endpoint_type\":\"openai-chat\",\"model_id\":\"m\","
            + "\"num_prompts\":2,\"request_rate\":\"inf\",\"max_concurrency\":8,\"duration\":1.5,\"completed\":2,"
            + "\"input_lens\":[100,100],\"output_lens\":[3,0],\"ttfts\":[0.1,0.0],\"itls\":[[0.01,0.012],[]],\"latencies\":[0.13,0.0],"
            + "\"start_times\":[1000.0,1000.025],\"errors\":[\"\",\"Internal Server Error\"],\"generated_texts\":[\"a b\",\"\"]}";
    static final String AIPERF = "{\"metadata\":{\"session_num\":0,\"x_request_id\":\"r0\",\"turn_index\":0,"
            + "\"request_start_ns\":1000000,\"request_ack_ns\":2000000,\"request_end_ns\":90000000,\"worker_id\":\"w\","
            + "\"benchmark_phase\":\"profiling\",\"was_cancelled\":false},\"metrics\":{\"input_sequence_length\":{\"value\":550,"
            + "\"unit\":\"tokens\"},\"time_to_first_token\":{\"value\":50.5,\"unit\":\"ms\"},\"request_latency\":{\"value\":"
            + "89.0,\"unit\":\"ms\"},\"inter_chunk_latency\":{\"value\":[4.8,5.1],\"unit\":\"ms\"},\"output_sequence_length\":"
            + "{\"value\":3,\"unit\":\"tokens\"},\"inter_token_latency\":{\"value\":5.0,\"unit\":\"ms\"}},\"error\":null}\n";
    static final String GUIDELLM = "{\"benchmarks\":[{\"requests\":{\"successful\":[{\"type_\":\"generative_request_stats\","
            + "\"request_id\":\"a\",\"info\":{\"timings\":{\"request_start\":1764000000.0,\"first_token_iteration\":"
            + "1764000000.1,\"last_token_iteration\":1764000000.3,\"request_end\":1764000000.31,\"token_iterations\":21}},"
            + "\"prompt_tokens\":128,\"output_tokens\":21}],\"errored\":[],\"incomplete\":[]}}]}";

    static Path dir;

    @BeforeContainer
    static void makeDir() throws Exception {
        dir = Files.createTempDirectory("infergate-import-fuzz");
    }

    @AfterContainer
    static void removeDir() throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @net.jqwik.api.Example
    void theUndamagedFiles_areImported_soTheFuzzReachesEachReader() throws Exception {
        for (String valid : new String[] {VLLM, AIPERF, GUIDELLM}) {
            Path file = Files.writeString(dir.resolve("valid.json"), valid);
            assertThat(Imports.read(file).records()).as(valid).isNotEmpty();
        }
    }

    @Property(tries = 400)
    void aDamagedForeignFile_isImportedOrRefusedInOneLine(@ForAll long seed, @ForAll @IntRange(min = 0, max = 10) int edits,
            @ForAll @IntRange(min = 0, max = 2) int format) throws Exception {
        String valid = format == 0 ? VLLM : format == 1 ? AIPERF + AIPERF.replace("r0", "r1") : GUIDELLM;
        byte[] bytes = Mutator.mutate(valid, seed, edits).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (edits % 3 == 2 && bytes.length > 0) {
            bytes[(int) Math.floorMod(seed, (long) bytes.length)] = (byte) 0xC3; // and a byte that is not UTF-8 there
        }
        Path file = Files.write(dir.resolve("f" + Long.toHexString(seed) + "-" + edits + "-" + format + ".json"), bytes);
        try {
            ImportedRun run = Imports.read(file);
            assertThat(run.records()).isNotNull();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            assertThat(e.getMessage()).isNotBlank();
            assertThat(e.getMessage().strip().lines().count()).as("one line: %s", e.getMessage()).isEqualTo(1);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
