package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static Sample side(long seed, double scale, double failureShare) {
        SplittableRandom random = new SplittableRandom(seed);
        List<RepeatSample> repeats = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            repeats.add(Synthetic.lognormal(random, 400, 100, 0.3, scale, failureShare));
        }
        return new Sample(repeats);
    }

    @Test
    void aClearlySlowerCandidate_isRejectedAndAnEqualOneAccepted() {
        Criteria criteria = Criteria.parse("c.yaml", "ttft.p95: {max_regression: 10%}\nerrors.rate: {max: 1%}\n");
        Bootstrap bootstrap = new Bootstrap(500, 0.95, 1);

        Comparison.Result slower = Comparison.run(Map.of("c", new Comparison.Pair(side(1, 1, 0), side(2, 1.4, 0))),
                criteria, bootstrap);
        Comparison.Result failing = Comparison.run(Map.of("c", new Comparison.Pair(side(1, 1, 0), side(2, 0.9, 0.05))),
                criteria, bootstrap);
        Comparison.Result faster = Comparison.run(Map.of("c", new Comparison.Pair(side(1, 1, 0), side(2, 0.7, 0))),
                criteria, bootstrap);

        assertThat(slower.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(failing.conditions().get(0).judgements()).extracting(Judgement::verdict)
                .containsExactly(Verdict.PASS, Verdict.FAIL);
        assertThat(faster.verdict()).isEqualTo(Verdict.PASS);
        Estimate ttft = slower.conditions().get(0).estimates().stream()
                .filter(e -> e.statistic().key().equals("ttft.p95")).findFirst().orElseThrow();
        assertThat(ttft.delta()).isBetween(0.3, 0.5);
        assertThat(ttft.deltaLow()).isLessThan(ttft.delta());
        assertThat(ttft.deltaHigh()).isGreaterThan(ttft.delta());
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        Map<String, Comparison.Pair> pairs = Map.of("c", new Comparison.Pair(side(1, 1, 0), side(2, 1.05, 0)));

        Estimate a = Comparison.run(pairs, Criteria.DEFAULT, new Bootstrap(300, 0.95, 9)).conditions().get(0).estimates().get(1);
        Estimate b = Comparison.run(pairs, Criteria.DEFAULT, new Bootstrap(300, 0.95, 9)).conditions().get(0).estimates().get(1);

        assertThat(a).isEqualTo(b);
    }

    @Test
    void runMetrics_countFailuresInTheDenominators() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            records.add(Synthetic.ok(i, i * 1000.0, 100, 11, 10));
        }
        records.add(Synthetic.failed(8, 8000, ErrorClass.TIMEOUT_IDLE));
        records.add(Synthetic.failed(9, 9000, ErrorClass.HTTP_5XX));
        Sample s = Sample.of(RepeatSample.of(records, dev.infergate.analysis.Slo.parse("ttft=50ms")));

        List<Estimate> e = new Bootstrap(100, 0.95, 1).compare(List.of(Statistic.value(Metric.ERROR_RATE),
                Statistic.value(Metric.TIMEOUT_RATE), Statistic.value(Metric.GOODPUT_ATTAINMENT),
                Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS), Statistic.parse("ttft.p50"), Statistic.parse("itl.mean")),
                s, s, "x");

        assertThat(e.get(0).baseline()).isEqualTo(0.2);
        assertThat(e.get(1).baseline()).isEqualTo(0.1);
        assertThat(e.get(2).baseline()).isEqualTo(0.0);
        // 88 tokens over the window from 0 ms to the last end, 9001 ms
        assertThat(e.get(3).baseline()).isCloseTo(88 / 9.001, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(e.get(4).baseline()).isEqualTo(100.0);
        assertThat(e.get(4).baselineCount()).isEqualTo(8);
        assertThat(e.get(5).baseline()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(e.get(4).lowSample()).as("8 values: fewer than 10 beyond the median").isTrue();
    }

    @Test
    void aTailPercentileFromFewSamples_isFlagged() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            records.add(Synthetic.ok(i, i * 10.0, 100 + i, 5, 10));
        }
        Sample s = Sample.of(RepeatSample.of(records, null));

        List<Estimate> e = new Bootstrap(100, 0.95, 1).compare(List.of(Statistic.parse("ttft.p99"),
                Statistic.parse("ttft.p50")), s, s, "x");

        assertThat(e.get(0).lowSample()).isTrue();
        assertThat(e.get(1).lowSample()).isFalse();
    }
}
