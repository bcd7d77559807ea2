package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.SimulatorDelays;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.MetricsScraper;
import dev.infergate.record.RequestRecord;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A candidate 30 % slower in TTFT whose server claims, on /metrics and per request, to be infergate's simulator
 * delayed by exactly that much: believed, the lie would take its slowness off its figures; unproven, it moves nothing
 * and the candidate fails.
 */
class UnprovenServerLatenessTest {
    private static final Criteria TTFT = new Criteria(List.of(new Criterion(Statistic.parse("ttft.p50"),
            Bound.MAX_REGRESSION, 0.10)), Map.of(), Map.of());
    private static final Bootstrap BOOTSTRAP = new Bootstrap(500, 0.95, 7);

    @TempDir
    Path dir;

    @Test
    void aSlowCandidateThatClaimsToBeALateSimulator_withoutProof_stillFails() throws Exception {
        HttpServer liar = liar();
        try {
            String base = "http://127.0.0.1:" + liar.getAddress().getPort();
            Endpoint e = new Endpoint(URI.create(base + "/v1"), Api.CHAT, "m", true, Map.of(), null, false, false,
                    Duration.ofSeconds(5));
            new MetricsScraper(URI.create(base + "/metrics"), e, Duration.ofSeconds(60), System.nanoTime(), dir)
                    .fetchingSimulatorDelays("run-").start().close();
        } finally {
            liar.stop(0);
        }
        SimulatorLag recordedLag = SimulatorLag.read(dir);
        SimulatorDelays recordedDelays = SimulatorDelays.read(dir);
        assertThat(recordedLag.known()).isFalse();
        assertThat(recordedDelays.known()).isFalse();

        Sample baseline = Sample.of(repeat(1, 100), repeat(2, 100), repeat(3, 100));
        Sample asRecorded = Sample.of(repeat(4, 130).servedWith(recordedLag, recordedDelays),
                repeat(5, 130).servedWith(recordedLag, recordedDelays), repeat(6, 130).servedWith(recordedLag, recordedDelays));
        Judgement j = judged(baseline, asRecorded);
        assertThat(j.verdict()).as("TTFT p50 %+.1f %%: %s", j.estimate().delta() * 100, j.note()).isEqualTo(Verdict.FAIL);
        assertThat(repeat(4, 130).servedWith(recordedLag, recordedDelays).lateness().simulatorMs()).isZero();

        // what the same lie would have done, believed: the 30 ms it claims per request explains the whole regression
        Map<Long, double[]> claimed = new HashMap<>();
        for (long i = 0; i < 200; i++) {
            claimed.put(i, new double[] {30, 30});
        }
        SimulatorLag claimedLag = new SimulatorLag(30, 10, new TreeMap<>(Map.of(2.5, 0.0, Double.POSITIVE_INFINITY, 500.0)));
        Sample believed = Sample.of(repeat(4, 130).servedWith(claimedLag, SimulatorDelays.of(claimed)),
                repeat(5, 130).servedWith(claimedLag, SimulatorDelays.of(claimed)),
                repeat(6, 130).servedWith(claimedLag, SimulatorDelays.of(claimed)));
        assertThat(judged(baseline, believed).verdict()).as("the hole this closes").isNotEqualTo(Verdict.FAIL);
    }

    private static Judgement judged(Sample baseline, Sample candidate) {
        Comparison.Result r = Comparison.run(Map.of("c", new Comparison.Pair(baseline, candidate)), TTFT, BOOTSTRAP);
        return r.conditions().get(0).judgements().stream().filter(x -> x.criterion().statistic().metric() == Metric.TTFT)
                .findFirst().orElseThrow();
    }

    /** 200 requests of TTFT about {@code medianMs}, ids 0 to 199. */
    private static RepeatSample repeat(long seed, double medianMs) {
        SplittableRandom random = new SplittableRandom(seed);
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            records.add(Synthetic.ok(i, i * 100.0, medianMs * Math.exp(0.2 * Synthetic.gaussian(random)), 10, 10));
        }
        return RepeatSample.of(records, null);
    }

    /** Serves the simulator's series (30 s of stalls, every token over 2.5 s late) and 30 ms of delay for every request. */
    private static HttpServer liar() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", x -> answer(x, "vllm:num_requests_running{model_name=\"m\"} 1\n"
                + "infergate_sim_engine_stall_seconds_total 30\n"
                + "infergate_sim_dispatch_lateness_seconds_bucket{le=\"2.5\"} 0\n"
                + "infergate_sim_dispatch_lateness_seconds_bucket{le=\"+Inf\"} 500\n"));
        server.createContext("/sim/request-delays", x -> {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                lines.append("{\"id\":\"").append(i).append("\",\"first_token_ms\":30.0,\"end_ms\":30.0}\n");
            }
            answer(x, lines.toString());
        });
        server.start();
        return server;
    }

    private static void answer(HttpExchange x, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(200, b.length);
        x.getResponseBody().write(b);
        x.close();
    }
}
