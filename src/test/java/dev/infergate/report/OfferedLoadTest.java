package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.FigureSet;
import dev.infergate.analysis.Summary;
import dev.infergate.analysis.SummaryBuilder;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OfferedLoadTest {
    private static Summary summary(Map<String, Object> load) {
        SummaryBuilder b = new SummaryBuilder();
        b.run = Map.of("load", load);
        b.requests = new FigureSet.Requests(100, 100, 0, 0);
        b.throughput = new FigureSet.Throughput(14.43, 6.93, 0.0, 0.0);
        return b.build();
    }

    private static Map<String, Object> open(int warmupRequests) {
        Map<String, Object> load = new HashMap<>();
        load.put("mode", "open");
        load.put("arrival", "poisson");
        load.put("rate_per_second", 20.0);
        load.put("duration_s", 5.0);
        load.put("warmup_requests", warmupRequests);
        load.put("warmup_s", null);
        return load;
    }

    @Test
    void openLoop_putsOfferedSentAndAchievedSideBySide_andSaysTheWindowIncludesTheDrain() {
        assertThat(OfferedLoad.line(summary(open(0)))).isEqualTo("load: offered 20.00 req/s (poisson) · sent 20.00 req/s"
                + " over the 5.0 s schedule · achieved 6.93 req/s completed over the 14.4 s window (first scheduled send"
                + " to last answer, so it includes the drain after the last send)\n");
    }

    @Test
    void aWarmupSharesTheSchedule_soNoSentRateIsClaimed() {
        assertThat(OfferedLoad.line(summary(open(4)))).startsWith("load: offered 20.00 req/s (poisson) · achieved 6.93 req/s");
    }

    @Test
    void closedLoopAndPiecewiseShapes_haveNoOfferedLine() {
        assertThat(OfferedLoad.line(summary(Map.of("mode", "closed", "concurrency", 4)))).isEmpty();
        assertThat(OfferedLoad.line(summary(Map.of("mode", "open", "arrival", "piecewise")))).isEmpty();
    }
}
