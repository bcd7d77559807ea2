package dev.infergate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.testing.Fixture;
import dev.infergate.testing.WireResponse;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextParserTest {

    static String fixtureBody(String name) {
        Fixture f = Fixture.load(name);
        return new String(WireResponse.parse(f.reads(), f.eofNanos()).body(), StandardCharsets.UTF_8);
    }

    static final String VLLM = """
            # HELP vllm:num_requests_running Number of requests in model execution batches.
            # TYPE vllm:num_requests_running gauge
            vllm:num_requests_running{engine="0",model_name="meta/llama \\"8b\\"\\\\x"} 3.0
            # HELP vllm:prefix_cache_hits_total Prefix cache hits, in terms of number of cached tokens.
            # TYPE vllm:prefix_cache_hits counter
            vllm:prefix_cache_hits_total{engine="0",model_name="m"} 1536.0
            vllm:prefix_cache_hits_created{engine="0",model_name="m"} 1.7e9
            # TYPE vllm:time_to_first_token_seconds histogram
            vllm:time_to_first_token_seconds_bucket{le="0.1",model_name="m"} 2.0
            vllm:time_to_first_token_seconds_bucket{le="1.0",model_name="m"} 5.0
            vllm:time_to_first_token_seconds_bucket{le="+Inf",model_name="m"} 6.0
            vllm:time_to_first_token_seconds_sum{model_name="m"} 4.25
            vllm:time_to_first_token_seconds_count{model_name="m"} 6.0
            # a free comment
            untyped_thing{path="/a\\nb"} NaN 1712345678901
            other_thing -Inf
            """;

    @Test
    void vllmStyleText_groupsSamplesIntoTypedFamilies() {
        Exposition e = PrometheusTextParser.parse(VLLM);
        assertThat(e.families()).containsOnlyKeys("vllm:num_requests_running", "vllm:prefix_cache_hits",
                "vllm:time_to_first_token_seconds", "untyped_thing", "other_thing");
        MetricFamily running = e.family("vllm:num_requests_running");
        assertThat(running.type()).isEqualTo(MetricType.GAUGE);
        assertThat(running.help()).isEqualTo("Number of requests in model execution batches.");
        assertThat(running.samples().get(0).labels())
                .containsExactly(Map.entry("engine", "0"), Map.entry("model_name", "meta/llama \"8b\"\\x"));
        assertThat(e.family("vllm:prefix_cache_hits").type()).isEqualTo(MetricType.COUNTER);
        assertThat(e.family("vllm:prefix_cache_hits").samples()).extracting(Sample::name)
                .containsExactly("vllm:prefix_cache_hits_total", "vllm:prefix_cache_hits_created");
        MetricFamily ttft = e.family("vllm:time_to_first_token_seconds");
        assertThat(ttft.type()).isEqualTo(MetricType.HISTOGRAM);
        assertThat(ttft.samples()).hasSize(5);
        assertThat(ttft.samples().get(2).label("le")).isEqualTo("+Inf");
        Sample untyped = e.family("untyped_thing").samples().get(0);
        assertThat(e.family("untyped_thing").type()).isEqualTo(MetricType.UNTYPED);
        assertThat(untyped.value()).isNaN();
        assertThat(untyped.timestampMillis()).isEqualTo(1712345678901L);
        assertThat(untyped.label("path")).isEqualTo("/a\nb");
        assertThat(e.family("other_thing").samples().get(0).value()).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void llamaServerCapture_parsesEveryCounterAndGaugeWithTheirValues() {
        Exposition before = PrometheusTextParser.parse(fixtureBody("metrics_before"));
        Exposition after = PrometheusTextParser.parse(fixtureBody("metrics_after"));
        assertThat(Engine.detect(after)).isEqualTo(Engine.LLAMACPP);
        // llama.cpp declares the TYPE under the sample's own name, _total included: the family drops it
        MetricFamily prompt = after.family("llamacpp:prompt_tokens");
        assertThat(prompt.type()).isEqualTo(MetricType.COUNTER);
        assertThat(prompt.samples()).singleElement().extracting(Sample::value).isEqualTo(2162.0);
        assertThat(after.family("llamacpp:predicted_tokens_seconds").samples().get(0).value()).isEqualTo(71.6247);
        assertThat(after.family("llamacpp:requests_processing").type()).isEqualTo(MetricType.GAUGE);
        assertThat(after.families()).hasSizeGreaterThanOrEqualTo(14).allSatisfy((k, f) -> {
            assertThat(k).startsWith("llamacpp:");
            assertThat(f.samples()).hasSize(1);
            assertThat(f.samples().get(0).labels()).isEmpty();
        });
        assertThat(before.family("llamacpp:prompt_tokens").samples().get(0).value()).isLessThan(2162.0);
    }

    @Test
    void officialWritersOutput_readsBackTheValuesItWasGiven() {
        MetricSnapshots snapshots = MetricSnapshots.of(
                CounterSnapshot.builder().name("requests").help("Requests \\ served\nso far.")
                        .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(42)
                                .labels(Labels.of("path", "/v1/\"chat\"", "code", "200")).build())
                        .build(),
                GaugeSnapshot.builder().name("kv_usage").help("KV usage.")
                        .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().value(0.25)
                                .scrapeTimestampMillis(1_700_000_000_123L).build())
                        .build(),
                HistogramSnapshot.builder().name("ttft_seconds").help("TTFT.")
                        .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().sum(3.5)
                                .classicHistogramBuckets(ClassicHistogramBuckets.of(
                                        new double[] {0.5, 1.0, Double.POSITIVE_INFINITY}, new long[] {1, 2, 3}))
                                .build())
                        .build(),
                SummarySnapshot.builder().name("queue_seconds").help("Queue.")
                        .dataPoint(SummarySnapshot.SummaryDataPointSnapshot.builder().count(4).sum(2.0)
                                .quantiles(Quantiles.of(new Quantile(0.5, 0.4), new Quantile(0.99, Double.NaN)))
                                .build())
                        .build());
        String text = PrometheusTextFormatWriter.create().toDebugString(snapshots);
        Exposition e = PrometheusTextParser.parse(text);

        Sample counter = e.family("requests").samples().stream().filter(s -> s.name().equals("requests_total")).findFirst().orElseThrow();
        assertThat(e.family("requests").type()).isEqualTo(MetricType.COUNTER);
        assertThat(e.family("requests").help()).isEqualTo("Requests \\ served\nso far.");
        assertThat(counter.value()).isEqualTo(42.0);
        assertThat(counter.labels()).containsEntry("path", "/v1/\"chat\"").containsEntry("code", "200");
        Sample gauge = e.family("kv_usage").samples().get(0);
        assertThat(gauge.value()).isEqualTo(0.25);
        assertThat(gauge.timestampMillis()).isEqualTo(1_700_000_000_123L);
        MetricFamily histogram = e.family("ttft_seconds");
        assertThat(histogram.type()).isEqualTo(MetricType.HISTOGRAM);
        assertThat(histogram.samples()).filteredOn(s -> s.name().equals("ttft_seconds_bucket"))
                .extracting(s -> s.label("le") + "=" + s.value())
                .containsExactly("0.5=1.0", "1.0=3.0", "+Inf=6.0");
        assertThat(e.family("queue_seconds").type()).isEqualTo(MetricType.SUMMARY);
        assertThat(e.family("queue_seconds").samples()).extracting(s -> s.name() + s.labels() + "=" + s.value())
                .contains("queue_seconds{quantile=0.5}=0.4", "queue_seconds{quantile=0.99}=NaN",
                        "queue_seconds_count{}=4.0", "queue_seconds_sum{}=2.0");
    }

    @Test
    void openMetricsExtras_areSkipped() {
        Exposition e = PrometheusTextParser.parse("""
                # TYPE a counter
                # UNIT a seconds
                a_total 1.5 # {trace_id="x"} 1.0 1.6e9
                a_created 1.6e9
                b 2 1.6e9
                # EOF
                """);
        assertThat(e.family("a").samples().get(0).value()).isEqualTo(1.5);
        assertThat(e.family("b").samples().get(0).timestampMillis()).isEqualTo(1_600_000_000_000L);
    }

    @Test
    void malformedLines_areRejectedWithTheirLineNumber() {
        assertThatThrownBy(() -> PrometheusTextParser.parse("ok 1\nbad{le=\"1\" 3\n"))
                .hasMessageStartingWith("line 2: expected ',' or '}'");
        assertThatThrownBy(() -> PrometheusTextParser.parse("x{a=\"1} 3"))
                .hasMessageStartingWith("line 1: unterminated label value");
        assertThatThrownBy(() -> PrometheusTextParser.parse("\n\nx abc"))
                .hasMessageStartingWith("line 3: the value 'abc' is not a number");
        assertThatThrownBy(() -> PrometheusTextParser.parse("{a=\"b\"} 1"))
                .hasMessageStartingWith("line 1: a sample must start with a metric name");
    }
}
