package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RunDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two runs that sent different documents per request, or different images, did not do the same work. */
class EnvironmentDiffInputsTest {
    private static RunDocument run(String api, Integer documents, Map<String, Object> workload) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("api", api);
        if (documents != null) {
            run.put("documents", documents);
        }
        run.put("workload", workload);
        return RunDocument.of(run);
    }

    private static Map<String, Object> text() {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("kind", "synthetic");
        w.put("input_tokens", "100");
        w.put("output_tokens", "16");
        w.put("prefix", "fresh");
        return w;
    }

    @Test
    void differentDocumentsPerRequest_areAWarningNamingBoth_andTheSameAreNot() {
        EnvironmentDiff differ = EnvironmentDiff.of(List.of(run("rerank", 8, text())), List.of(run("rerank", 32, text())));
        assertThat(differ.sameWork()).isFalse();
        assertThat(differ.warnings()).anySatisfy(w -> assertThat(w)
                .startsWith("WARNING: not the same work: the documents per request differ: baseline: 8 (--documents 8);"
                        + " candidate: 32 (--documents 32)"));
        EnvironmentDiff same = EnvironmentDiff.of(List.of(run("rerank", 8, text())), List.of(run("rerank", 8, text())));
        assertThat(same.sameWork()).isTrue();
    }

    @Test
    void differentImageSizes_areDifferentWork_saidInTheWorkShape() {
        Map<String, Object> small = text();
        small.put("images_per_request", 1);
        small.put("image_sizes", List.of("512x384"));
        Map<String, Object> large = text();
        large.put("images_per_request", 1);
        large.put("image_sizes", List.of("2048x1536"));
        EnvironmentDiff differ = EnvironmentDiff.of(List.of(run("chat", null, small)), List.of(run("chat", null, large)));
        assertThat(differ.sameWork()).isFalse();
        assertThat(differ.warnings()).anySatisfy(w -> assertThat(w).contains("1 image(s) of [512x384]")
                .contains("1 image(s) of [2048x1536]"));
    }
}
