package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SyntheticWorkloadTest {
    private static final Tokenizer CL100K = BundledTokenizer.cl100k();

    private static Workload workload(WorkloadDefinition.Builder builder) {
        return builder.build().create(CL100K);
    }

    @Test
    void specs_haveExactInputTokens_andSampledOutputTokens() {
        Workload w = workload(WorkloadDefinition.builder().preset(Preset.SHORT_CHAT).seed(3));
        for (long id = 0; id < 200; id++) {
            RequestSpec spec = w.spec(id);
            assertThat(CL100K.count(spec.prompt())).isEqualTo(spec.inputTokens());
            assertThat(spec.maxTokens()).isEqualTo(128);
            assertThat(spec.prefixGroup()).isNull();
            assertThat(spec.source()).isEqualTo("synthetic");
        }
    }

    @Test
    void spec_isAPureFunctionOfDefinitionSeedAndId() {
        WorkloadDefinition definition = WorkloadDefinition.builder().preset(Preset.SHORT_CHAT).cacheMix(0.5).seed(9).build();
        Workload a = definition.create(CL100K);
        Workload b = definition.create(BundledTokenizer.cl100k());
        List<RequestSpec> forward = new ArrayList<>();
        for (long id = 0; id < 100; id++) {
            forward.add(a.spec(id));
        }
        for (long id = 99; id >= 0; id--) {
            assertThat(b.spec(id)).isEqualTo(forward.get((int) id));
        }
        Workload otherSeed = WorkloadDefinition.builder().preset(Preset.SHORT_CHAT).cacheMix(0.5).seed(10).build().create(CL100K);
        assertThat(otherSeed.spec(5)).isNotEqualTo(a.spec(5));
    }

    @Test
    void sharedPrefix_defaultsToThreeQuartersOfTheMeanInput_fromAPoolOfFour() {
        Workload w = workload(WorkloadDefinition.builder().inputTokens(new LengthDistribution.Fixed(1000))
                .prefix(PrefixMode.SHARED).seed(1));
        Set<Integer> groups = new HashSet<>();
        Set<String> prefixes = new HashSet<>();
        for (long id = 0; id < 200; id++) {
            RequestSpec spec = w.spec(id);
            assertThat(spec.sharedPrefixTokens()).isEqualTo(750);
            assertThat(spec.inputTokens()).isEqualTo(1000).isEqualTo(CL100K.count(spec.prompt()));
            groups.add(spec.prefixGroup());
            prefixes.add(spec.prompt().substring(0, 2000));
        }
        assertThat(groups).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(prefixes).hasSize(4);
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe())).containsEntry("prefix_pool_size", 4).containsEntry("shared_prefix_tokens", 750);
    }

    @Test
    void cacheMix_isTheShareOfRequestsWithASharedPrefix() {
        Workload w = workload(WorkloadDefinition.builder().inputTokens(new LengthDistribution.Fixed(64)).cacheMix(0.8).seed(2));
        int shared = 0;
        int n = 5000;
        for (long id = 0; id < n; id++) {
            if (w.spec(id).prefixGroup() != null) {
                shared++;
            }
        }
        // Binomial(5000, 0.8): sd 28 requests = 0.57 %; bound 4 sd. 0.75 or 0.85 would fail.
        assertThat(shared / (double) n).isCloseTo(0.8, Offset.offset(0.023));
    }

    @Test
    void freshPrompts_differInTheirFirstWords() {
        Workload w = workload(WorkloadDefinition.builder().preset(Preset.LONG_OUTPUT).seed(4));
        Set<String> starts = new HashSet<>();
        for (long id = 0; id < 2000; id++) {
            String[] words = w.spec(id).prompt().substring(1).split(" ", 9);
            starts.add(String.join(" ", List.of(words).subList(0, 8)));
        }
        assertThat(starts).hasSize(2000);
    }

    @Test
    void describe_namesTheTokenizerAndWhetherLengthsAreExact() {
        Workload w = workload(WorkloadDefinition.builder().preset(Preset.LONG_DOC).seed(5));
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(w.describe()))
                .containsEntry("kind", "synthetic")
                .containsEntry("preset", "long-doc")
                .containsEntry("input_tokens", "8192")
                .containsEntry("output_tokens", "256")
                .containsEntry("prefix", "fresh")
                .containsEntry("tokenizer", "cl100k_base")
                .containsEntry("input_lengths_exact", true);
    }

    @Test
    void prefixWarmups_touchEverySharedPrefixOnce_andFreshWorkloadsNeedNone() {
        Workload w = workload(WorkloadDefinition.builder().inputTokens(new LengthDistribution.Fixed(1000))
                .cacheMix(0.8).seed(1));
        List<RequestSpec> warmups = w.prefixWarmups();
        assertThat(warmups).extracting(RequestSpec::prefixGroup).containsExactly(0, 1, 2, 3);
        for (long id = 0; id < 50; id++) {
            RequestSpec spec = w.spec(id);
            if (spec.prefixGroup() != null) {
                String prefix = spec.prompt().substring(0, 2000);
                assertThat(warmups.get(spec.prefixGroup()).prompt()).startsWith(prefix);
            }
        }
        assertThat(warmups).allSatisfy(s -> assertThat(s.maxTokens()).isEqualTo(1));
        assertThat(workload(WorkloadDefinition.builder().seed(1)).prefixWarmups()).isEmpty();
    }
}
