package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Cancellations;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.ConstantRateSchedule;
import dev.infergate.load.ExactCountSchedule;
import dev.infergate.load.GammaSchedule;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.PiecewiseSchedule;
import dev.infergate.load.PoissonSchedule;
import dev.infergate.load.RampUpSchedule;
import dev.infergate.load.RunLimits;
import dev.infergate.load.SessionLoop;
import dev.infergate.load.SessionStarts;
import dev.infergate.load.Shard;
import dev.infergate.load.TraceSchedule;
import dev.infergate.record.RunLog;
import dev.infergate.workload.trace.TraceFormat;
import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWindow;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json as a run writes it, byte for byte: the checked-in files under {@code run/run-json/} were written by the
 * writer before run.json had one model (RunFile's own map through Summarizer.JSON, at 8e28a9c), so a change of key
 * order, number format or a key's presence in the one writer fails here. Every load model's block is covered. The
 * {@code -ended} files were rewritten once since: the run's end no longer re-sorts labels, load and workload, so they
 * keep the order of the {@code -start} files (json.Json.ordered returns its own result as it is).
 * {@code -Dgolden.update=true} rewrites them; do that only in a commit that means to change run.json.
 */
class RunJsonBytesTest {
    private static final Path EXPECTED = Path.of("src/test/resources/dev/infergate/run/run-json");
    private static final Endpoint ENDPOINT = new Endpoint(URI.create("http://127.0.0.1:1/v1"), Api.CHAT, "m", true,
            headers(), null, false, false, Duration.ofSeconds(10));
    private static final Preflight.Result SERVER = new Preflight.Result("m", List.of("m", "n"), true, "0.9.1", null);

    @TempDir
    Path dir;

    private static Map<String, String> headers() { // client.Endpoint keeps the order given (EndpointHeadersTest)
        return Map.of("Authorization", "Bearer secret");
    }

    private static LoadModel load(String name) {
        return switch (name) {
            case "closed" -> new ClosedLoop(4, Duration.ofMillis(250));
            case "constant" -> new OpenLoop(new ConstantRateSchedule(2.5), 3);
            case "trace" -> new OpenLoop(new TraceSchedule(new TraceSpec(Path.of("traces", "mooncake.jsonl"),
                    TraceFormat.MOONCAKE, TraceWindow.parse("10m..20m"), 0.5, 8192)), 0);
            case "poisson" -> new OpenLoop(new PoissonSchedule(12.5, 7), 16);
            case "ramp" -> new OpenLoop(new RampUpSchedule(new GammaSchedule(8, 0.5, 3), Duration.ofSeconds(5)), 0);
            case "exact" -> new OpenLoop(ExactCountSchedule.over(4, 1, Duration.ofSeconds(2)), 0);
            case "piecewise" -> new OpenLoop(new PiecewiseSchedule(List.of(
                    new PiecewiseSchedule.Segment(Duration.ofSeconds(2), 3, ArrivalKind.POISSON, 1),
                    new PiecewiseSchedule.Segment(Duration.ofSeconds(1), 9, ArrivalKind.GAMMA, 0.25)), 5), 0);
            case "sessions" -> new SessionLoop(6, 3, Duration.ofSeconds(1), 1, new SessionStarts.Concurrent(2));
            case "session-arrivals" -> new SessionLoop(6, 3, Duration.ZERO, 0,
                    SessionStarts.Arrivals.atRequestRate(ArrivalKind.POISSON, 3, 3, 1, 11));
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static RunFile measured(String loadName) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("kind", "synthetic");
        workload.put("input_tokens", "512:128");
        workload.put("cache_mix", 0.0);
        workload.put("prompt_salt", -42L);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("gpu", "H100");
        labels.put("engine", "vllm");
        Timeouts timeouts = Timeouts.DEFAULT.withCancellations(new Cancellations(0.25, new Cancellations.AfterTokens(40), 9));
        return new RunFile(Instant.parse("2026-12-04T07:00:00.123456789Z"), ENDPOINT, "ig-1-", labels,
                RunFile.describeLoad(load(loadName), new RunLimits(100, Duration.ofSeconds(30), 10, null,
                        Duration.ofSeconds(30)), new Shard(1, 4)),
                new dev.infergate.workload.MapWorkloadDescription(workload), SERVER,
                new RunFile.Measured("dev", Slo.parse("ttft=2s,tpot=50ms"), timeouts, URI.create("http://127.0.0.1:1/metrics"),
                        URI.create("http://127.0.0.1:9400/metrics"), "chat/fresh", 3, new ClientWarmup.Result(10, 1, 0.5, 0.25)),
                null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"closed", "constant", "trace", "poisson", "ramp", "exact", "piecewise", "sessions", "session-arrivals"})
    void aMeasuredRunsRunJson_atItsStartAndItsEnd_isByteForByteAsBefore(String loadName) throws Exception {
        RunFile start = measured(loadName);
        check(start, loadName + "-start.json");
        Map<String, Object> connections = new LinkedHashMap<>();
        connections.put("event_loops", 2);
        connections.put("client_retries", 1);
        check(start.ended(Instant.parse("2026-12-04T07:05:00Z"), "interrupted", new ClientCpu(1.25, 0.5, 3.0, 4.5),
                connections), loadName + "-ended.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"closed"})
    void aProbesRunJson_isByteForByteAsBefore(String loadName) throws Exception {
        check(new RunFile(Instant.parse("2026-12-04T07:00:00Z"), ENDPOINT, "ig-2-", Map.of(), RunFile.describeLoad(
                load(loadName), new RunLimits(1, null, 0, Duration.ofMillis(1500), Duration.ofSeconds(30)), Shard.ALL),
                new dev.infergate.workload.MapWorkloadDescription(Map.of("kind", "probe")), SERVER, null, null), "probe.json");
    }

    private void check(RunFile file, String expectedName) throws Exception {
        file.write(dir);
        String written = Files.readString(dir.resolve(RunLog.RUN_FILE));
        Path expected = EXPECTED.resolve(expectedName);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(EXPECTED);
            Files.writeString(expected, written);
        }
        assertThat(written).isEqualTo(Files.readString(expected));
    }
}
