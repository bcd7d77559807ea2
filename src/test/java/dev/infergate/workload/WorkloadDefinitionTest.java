package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkloadDefinitionTest {

    @Test
    void defaults_areShortChat_fresh_seed0() {
        WorkloadDefinition d = WorkloadDefinition.builder().build();
        assertThat(d.inputTokens()).isEqualTo(new LengthDistribution.Normal(512, 128));
        assertThat(d.outputTokens()).isEqualTo(new LengthDistribution.Fixed(128));
        assertThat(d.cacheMix()).isZero();
        assertThat(d.prefixPoolSize()).isEqualTo(4);
        assertThat(d.sharedPrefixTokens()).isEqualTo(384);
        assertThat(d.seed()).isZero();
    }

    @Test
    void presets_haveTheDocumentedLengths_andCanBeOverridden() {
        assertThat(Preset.parse("long-doc").inputTokens()).hasToString("8192");
        assertThat(Preset.LONG_DOC.outputTokens()).hasToString("256");
        assertThat(Preset.LONG_OUTPUT.inputTokens()).hasToString("256");
        assertThat(Preset.LONG_OUTPUT.outputTokens()).hasToString("1024");
        WorkloadDefinition d = WorkloadDefinition.builder().preset(Preset.LONG_DOC)
                .outputTokens(LengthDistribution.parse("64")).build();
        assertThat(d.inputTokens()).hasToString("8192");
        assertThat(d.outputTokens()).hasToString("64");
        assertThat(d.sharedPrefixTokens()).isEqualTo(6144);
    }

    @Test
    void prefixAndCacheMix_resolveToOneShare() {
        assertThat(WorkloadDefinition.builder().prefix(PrefixMode.SHARED).build().cacheMix()).isEqualTo(1.0);
        assertThat(WorkloadDefinition.builder().prefix(PrefixMode.FRESH).build().cacheMix()).isZero();
        assertThat(WorkloadDefinition.builder().cacheMix(0.8).build().cacheMix()).isEqualTo(0.8);
        assertThat(WorkloadDefinition.builder().prefix(PrefixMode.SHARED).cacheMix(0.8).build().cacheMix()).isEqualTo(0.8);
    }

    @Test
    void contradictions_areRejectedInOneLine() {
        assertThatThrownBy(() -> WorkloadDefinition.builder().prefix(PrefixMode.FRESH).cacheMix(0.8).build())
                .isInstanceOf(WorkloadException.class)
                .hasMessage("--cache-mix 0.8 needs --prefix shared (or no --prefix)");
        assertThatThrownBy(() -> WorkloadDefinition.builder().cacheMix(1.5).build())
                .hasMessage("cache mix (1.5) must be between 0 and 1");
        assertThatThrownBy(() -> WorkloadDefinition.builder().dataset(Path.of("d.jsonl"), null)
                        .inputTokens(new LengthDistribution.Fixed(5)).build())
                .hasMessage("--input-tokens does not apply to --dataset: the prompts come from the file");
        assertThatThrownBy(() -> WorkloadDefinition.builder().prefixPoolSize(0).build())
                .hasMessage("prefix pool size (0) must be >= 1");
    }

    @Test
    void datasetFormat_isGuessedFromTheExtension_whenNotGiven() {
        assertThat(WorkloadDefinition.builder().dataset(Path.of("x.json"), null).build().datasetFormat())
                .isEqualTo(DatasetFormat.SHAREGPT);
        assertThat(WorkloadDefinition.builder().dataset(Path.of("x.jsonl"), null).build().datasetFormat())
                .isEqualTo(DatasetFormat.JSONL);
        assertThat(WorkloadDefinition.builder().dataset(Path.of("x.json"), DatasetFormat.JSONL).build().datasetFormat())
                .isEqualTo(DatasetFormat.JSONL);
    }

    @Test
    void names_parseWithClearErrors() {
        assertThat(PrefixMode.parse("Shared")).isEqualTo(PrefixMode.SHARED);
        assertThatThrownBy(() -> PrefixMode.parse("warm")).hasMessage("unknown prefix mode 'warm'; expected fresh or shared");
        assertThatThrownBy(() -> Preset.parse("chat")).hasMessage("unknown preset 'chat'; expected one of short-chat, long-doc, long-output");
        assertThatThrownBy(() -> DatasetFormat.parse("csv")).hasMessage("unknown dataset format 'csv'; expected jsonl or sharegpt");
        assertThatThrownBy(() -> BundledTokenizer.named("p50k_base"))
                .hasMessage("unknown tokenizer 'p50k_base'; bundled ones are cl100k_base, o200k_base");
        assertThat(BundledTokenizer.named("o200k_base").name()).isEqualTo("o200k_base");
        assertThatThrownBy(() -> BundledTokenizer.named("cl100k")).as("the vocabulary named without its suffix")
                .hasMessage("unknown tokenizer 'cl100k' (did you mean cl100k_base?); bundled ones are cl100k_base, o200k_base");
    }

    @Test
    void requestSpec_rendersEitherApiForm() {
        RequestSpec prompt = new RequestSpec(0, "hi", null, 1, 5, null, 0, "synthetic");
        assertThat(prompt.asMessages()).containsExactly(Message.user("hi"));
        RequestSpec chat = new RequestSpec(1, null, java.util.List.of(new Message("system", "s"), Message.user("u")), 2, 5, null, 0, "f:1");
        assertThat(chat.asPrompt()).isEqualTo("s\n\nu");
        assertThatThrownBy(() -> new RequestSpec(2, "a", java.util.List.of(Message.user("b")), 1, 5, null, 0, "x"))
                .hasMessage("exactly one of prompt and messages must be set");
        assertThatThrownBy(() -> new RequestSpec(2, "a", null, 1, 0, null, 0, "x")).hasMessage("maxTokens (0) must be >= 1");
    }
}
