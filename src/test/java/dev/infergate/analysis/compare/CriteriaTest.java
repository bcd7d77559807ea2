package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Metric;
import dev.infergate.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CriteriaTest {
    private static final String ISSUE_EXAMPLE = """
            ttft.p95: {max_regression: 10%}
            e2e.p99: {max_regression: 5%}
            throughput.output_tokens_per_s: {min_improvement: 0%}
            goodput.attainment: {min: 0.95}
            errors.rate: {max: 0.5%}
            workloads:
              long-doc:
                ttft.p95: {max_regression: 20%}
            conditions:
              long-doc/shared/near-limit:
                e2e.p99: {max_regression: 15%, max: 30s}
            """;

    @Test
    void parse_readsTheIssueExampleWithUnits() {
        Criteria c = Criteria.parse("criteria.yaml", ISSUE_EXAMPLE);

        assertThat(c.global()).extracting(Criterion::describe).containsExactly(
                "ttft.p95 max_regression 10%", "e2e.p99 max_regression 5%",
                "throughput.output_tokens_per_s min_improvement 0%", "goodput.attainment min 95%", "errors.rate max 0.5%");
        assertThat(c.global().get(4).threshold()).isEqualTo(0.005);
        assertThat(c.conditions().get("long-doc/shared/near-limit").get(1).threshold()).isEqualTo(30_000.0);
    }

    @Test
    void forCondition_narrowerScopeReplacesTheSameStatistic() {
        Criteria c = Criteria.parse("criteria.yaml", ISSUE_EXAMPLE);

        assertThat(c.forCondition("short-chat/fresh/low")).extracting(Criterion::describe)
                .contains("ttft.p95 max_regression 10%", "e2e.p99 max_regression 5%");
        assertThat(c.forCondition("long-doc/fresh/low")).extracting(Criterion::describe)
                .contains("ttft.p95 max_regression 20%").doesNotContain("ttft.p95 max_regression 10%");
        assertThat(c.forCondition("long-doc/shared/near-limit")).extracting(Criterion::describe)
                .contains("e2e.p99 max_regression 15%", "e2e.p99 max 30000ms", "ttft.p95 max_regression 20%")
                .doesNotContain("e2e.p99 max_regression 5%");
    }

    @Test
    void parse_acceptsAPlanFileAndUsesItsCriteriaKey() {
        Criteria c = Criteria.parse("plan.yaml", "baseline: {url: http://a/v1}\ncriteria:\n  ttft.p50: {max_regression: 0.2}\n");

        assertThat(c.global()).extracting(Criterion::describe).containsExactly("ttft.p50 max_regression 20%");
    }

    @Test
    void parse_namesLineAndKeyOfAnUnknownBound() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "ttft.p95: {max_regression: 10%}\ne2e.p99:\n  max_regresion: 5%\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("c.yaml line 3, key e2e.p99.max_regresion: unknown bound 'max_regresion'; "
                        + "expected one of max_regression, min_improvement, max, min");
    }

    @Test
    void parse_namesLineAndKeyOfAnUnknownMetric() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "workloads:\n  long-doc:\n    ttfb.p95: {max: 1s}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("c.yaml line 3, key workloads.long-doc.ttfb.p95: unknown metric 'ttfb.p95'");
    }

    @Test
    void parse_refusesABareNumberAboveOneAsARelativeThreshold() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "ttft.p95: {max_regression: 10}\n"))
                .hasMessageStartingWith("c.yaml line 1, key ttft.p95.max_regression: '10' is read as a fraction");
    }

    @Test
    void parse_wantsAUnitOnAnAbsoluteLatency() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "\n\nttft.p99: {max: 500}\n"))
                .hasMessageStartingWith("c.yaml line 3, key ttft.p99.max: '500' is not a duration");
    }

    @Test
    void parse_refusesTheMaximumAndAStatisticOnARunMetric() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "e2e.max: {max: 1s}\n"))
                .hasMessageContaining("the maximum has no confidence interval");
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "ttft: {max: 1s}\n"))
                .hasMessageContaining("'ttft' needs a statistic");
    }

    @Test
    void parse_reportsYamlSyntaxErrorsWithTheirLine() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "ttft.p95: {max_regression: 10%\nerrors.rate: [\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("c.yaml:2:12: ")
                .hasMessageContaining("not valid YAML")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void parse_refusesADuplicateKey() {
        assertThatThrownBy(() -> Criteria.parse("c.yaml", "ttft.p95: {max: 1s}\nttft.p95: {max: 2s}\n"))
                .hasMessage("c.yaml line 2, key ttft.p95: appears twice; keep one");
    }

    @Test
    void statistics_listsEveryJudgedStatisticOnce() {
        Criteria c = Criteria.parse("criteria.yaml", ISSUE_EXAMPLE);

        assertThat(c.statistics()).extracting(Statistic::key).containsExactly(
                "ttft.p95", "e2e.p99", "throughput.output_tokens_per_s", "goodput.attainment", "errors.rate");
        assertThat(List.of(Statistic.parse("tpot.p99.9").key(), Statistic.parse("itl_mean_per_request.mean").key()))
                .containsExactly("tpot.p99.9", "itl_mean_per_request.mean");
    }

    @Test
    void itl_inCriteria_readsAsThePerRequestMean_withOneNote() {
        Criteria c = Criteria.parse("c.yaml", "itl.p95: {max_regression: 10%}\nworkloads:\n  chat:\n"
                + "    itl.p99: {max_regression: 20%}\n");

        assertThat(c.statistics()).extracting(Statistic::key)
                .containsExactly("itl_mean_per_request.p95", "itl_mean_per_request.p99");
        assertThat(c.statistics().get(0).metric()).isEqualTo(Metric.ITL_MEAN_PER_REQUEST);
        assertThat(c.notes()).containsExactly("criteria name 'itl', read as 'itl_mean_per_request' (per-request mean ITL: "
                + "(last_token - first_token) / (chunks - 1) of each request: its mean gap between output events); in"
                + " summary.json 'itl' is the pooled gaps of all requests: write 'itl_mean_per_request' in criteria to say"
                + " which you mean");
        assertThat(Criteria.parse("c.yaml", "itl_mean_per_request.p95: {max_regression: 10%}\n").notes()).isEmpty();
    }
}
