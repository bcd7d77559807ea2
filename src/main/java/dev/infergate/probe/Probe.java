package dev.infergate.probe;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.analysis.Summarizer;
import dev.infergate.client.Api;
import dev.infergate.client.Completion;
import dev.infergate.client.Dispatch;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.OpenedEndpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.RequestClient;
import dev.infergate.client.ServerTokenizer;
import dev.infergate.client.StreamResult;
import dev.infergate.client.StreamTimeline;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.run.RunFile;
import dev.infergate.workload.BundledTokenizer;
import dev.infergate.workload.Message;
import dev.infergate.workload.PromptFactory;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.WorkloadDescription;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code infergate probe}: the rounds of {@link ProbePlan} one request at a time through the measuring
 * client (records in {@code requests.jsonl}, every request with its event offsets), then a few protocol
 * requests read whole (usage chunk, {@code [DONE]}, {@code continuous_usage_stats}, reasoning and tool-call
 * deltas) and a {@code /tokenize} check; writes {@code probe.json}.
 *
 * <p>Prompts are seeded from the clock, so a second probe of the same server starts cold again instead of
 * hitting the first probe's cache entries.
 */
public final class Probe {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Pattern USAGE = Pattern.compile("\"usage\"\\s*:\\s*\\{");
    private static final Duration PROTOCOL_TIMEOUT = Duration.ofSeconds(60);

    /** A set-up problem (unreachable server, unknown model), with a one-line message. */
    public static final class SetupException extends Exception {
        private static final long serialVersionUID = 1L;

        SetupException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private Probe() {}

    public static ProbeReport run(ProbePlan plan) throws SetupException, IOException {
        Files.createDirectories(plan.out());
        if (Files.exists(plan.out().resolve(RunLog.REQUESTS_FILE))) {
            throw new SetupException(plan.out() + " already holds a probe; pass another --out or remove it", null);
        }
        OpenedEndpoint opened;
        try {
            opened = OpenedEndpoint.open(plan.endpoint(), 4, 1, true, plan.apiKeyEnv(), plan.apiKeySet());
        } catch (Preflight.Failure f) {
            throw new SetupException(f.getMessage(), f);
        }
        try (opened) {
            HttpExecutor http = opened.http();
            Preflight.Result server = opened.server();
            writeRunFile(plan, http, server);
            sendRounds(http, plan, server.exactOutput());
            ProbeReport.CompressionCheck compression = plan.endpoint().stream()
                    ? askTheOtherWay(http.endpoint(), plan, server.exactOutput()) : null;
            ProtocolFindings protocol = protocol(http, plan.endpoint().api());
            List<RequestRecord> records = new ArrayList<>();
            RunLog.readRecords(plan.out(), records::add);
            ProbeReport report = ProbeReport.of(records, protocol, compression).with(ImageProbe.check(http));
            write(plan, http.endpoint(), server, report);
            return report;
        }
    }

    /** run.json, so the probe directory is a run directory: summarize and report work on it too. */
    private static void writeRunFile(ProbePlan plan, HttpExecutor http, Preflight.Result server) throws IOException {
        @SuppressWarnings("unchecked")
        var load = Json.COMPACT.convertValue(new ProbeLoad("probe", plan.repeats(), 1), LinkedHashMap.class);
        new RunFile(Instant.now(), http.endpoint(), http.requestIdPrefix(), plan.labels(), load,
                new ProbeWorkload("probe", plan.inputTokens(), List.of("cold", "warm_repeat", "warm_prefix")), server, null, null)
                .write(plan.out());
    }

    /** run.json's {@code load} block of a probe: rounds sent one request at a time. */
    private record ProbeLoad(String mode, int rounds, int concurrency) {}

    /** run.json's {@code workload} block of a probe: the long prompt's length and the cases of each round. */
    private record ProbeWorkload(String kind, @JsonProperty("input_tokens") int inputTokens, List<String> cases)
            implements WorkloadDescription.Uncounted {
    }

    private static void sendRounds(HttpExecutor http, ProbePlan plan, boolean exactOutput) throws IOException {
        PromptFactory prompts = PromptFactory.calibrate(BundledTokenizer.cl100k(), System.nanoTime());
        long origin = System.nanoTime();
        int suffixTokens = Math.max(8, (int) Math.round(plan.inputTokens() * (1 - ProbePlan.SHARED_SHARE)));
        try (RecordWriter writer = new RecordWriter(plan.out().resolve(RunLog.REQUESTS_FILE))
                        .countingTokensWith(BundledTokenizer.cl100k()::count).start()) {
            RequestClient client = new RequestClient(http, plan.timeouts(), exactOutput, origin, 0, writer, 1, 10_000);
            for (int round = 0; round < plan.repeats(); round++) {
                PromptFactory.Prompt cold = prompts.build(round, plan.inputTokens(), null);
                String shared = cutWords(cold.text(), ProbePlan.SHARED_SHARE);
                String suffix = prompts.build(100_000L + round, suffixTokens, null).text();
                long id = 3L * round;
                send(client, spec(id, cold.text(), cold.tokens(), plan), ProbeCase.COLD, plan);
                send(client, spec(id + 1, cold.text(), cold.tokens(), plan), ProbeCase.WARM_REPEAT, plan);
                send(client, spec(id + 2, shared + suffix, plan.inputTokens(), plan), ProbeCase.WARM_PREFIX, plan);
            }
        }
    }

    /** Requests the probe sends asking the other way about compression. */
    static final int OTHER_WAY_REQUESTS = 3;
    /** Where their records go, apart from the probe's own log (summaries and reports read the main rounds only). */
    static final String OTHER_WAY_DIR = "compression-check";

    /**
     * Sends {@link #OTHER_WAY_REQUESTS} cold requests asking the opposite of the main rounds about compression (without
     * {@code Accept-Encoding} when they asked for gzip, with {@code gzip, deflate} when they did not), on connections of
     * their own, so a gateway that compresses and holds back streams only for clients asking for it shows.
     */
    private static ProbeReport.CompressionCheck askTheOtherWay(Endpoint endpoint, ProbePlan plan, boolean exactOutput)
            throws IOException {
        boolean asks = endpoint.headers().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Accept-Encoding"));
        Map<String, String> headers = new LinkedHashMap<>();
        endpoint.headers().forEach((k, v) -> {
            if (!k.equalsIgnoreCase("Accept-Encoding")) {
                headers.put(k, v);
            }
        });
        if (!asks) {
            headers.put("Accept-Encoding", "gzip, deflate");
        }
        Endpoint other = new Endpoint(endpoint.baseUrl(), endpoint.api(), endpoint.model(), endpoint.stream(), headers,
                endpoint.caCert(), endpoint.insecure(), endpoint.http2(), endpoint.connectTimeout(),
                endpoint.idleConnectionTimeout(), endpoint.extraBody());
        Path dir = plan.out().resolve(OTHER_WAY_DIR);
        Files.createDirectories(dir);
        PromptFactory prompts = PromptFactory.calibrate(BundledTokenizer.cl100k(), System.nanoTime());
        try (HttpExecutor http = new HttpExecutor(other, 1, 1);
                RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE))
                        .countingTokensWith(BundledTokenizer.cl100k()::count).start()) {
            RequestClient client = new RequestClient(http, plan.timeouts(), exactOutput, System.nanoTime(), 0, writer, 1, 10_000);
            for (int i = 0; i < OTHER_WAY_REQUESTS; i++) {
                PromptFactory.Prompt cold = prompts.build(200_000L + i, plan.inputTokens(), null);
                send(client, spec(200_000L + i, cold.text(), cold.tokens(), plan), ProbeCase.COLD, plan);
            }
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        return new ProbeReport.CompressionCheck(asks, records);
    }

    private static RequestSpec spec(long id, String text, int tokens, ProbePlan plan) {
        return new RequestSpec(id, null, List.of(Message.user(text)), tokens, plan.outputTokens(), null, 0, "probe");
    }

    /** The first {@code share} of the text's words. */
    static String cutWords(String text, double share) {
        String[] words = text.split("(?= )");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.max(1, Math.round(words.length * share)); i++) {
            sb.append(words[i]);
        }
        return sb.toString();
    }

    private static void send(RequestClient client, RequestSpec spec, ProbeCase c, ProbePlan plan) throws IOException {
        CompletableFuture<Completion> done = new CompletableFuture<>();
        client.send(new Dispatch(spec, System.nanoTime(), Phase.MEASURED, c.label(), null, -1), done::complete);
        try {
            done.get(plan.timeouts().total().toMillis() + 30_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("probe request " + spec.id() + " did not finish: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static ProtocolFindings protocol(HttpExecutor http, Api api) {
        String model = http.endpoint().model();
        Raw plain = raw(http, body(model, api, "Count from one to twenty.", "{\"include_usage\":true}", null));
        Raw continuous = raw(http, body(model, api, "Count from one to twenty.",
                "{\"include_usage\":true,\"continuous_usage_stats\":true}", null));
        Raw tools = api != Api.CHAT ? new Raw(0, null, 0) : raw(http, body(model, api,
                "What is the weather in Paris? Call the get_weather tool.", "{\"include_usage\":true}",
                "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"description\":\"Current weather\","
                        + "\"parameters\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}}}]"));
        ServerTokenizer tokenizer = ServerTokenizer.detect(http);
        boolean tokenize = tokenizer != null;
        ToIntFunction<StreamResult> reasoningEvents = r -> r.events().reasoningEvents();
        int reasoning = events(plain, reasoningEvents) + events(tools, reasoningEvents);
        return new ProtocolFindings(plain.result() != null && plain.result().hasUsage(),
                plain.result() != null && plain.result().outcome().doneSeen(), continuous.usageEvents() > 1,
                continuous.usageEvents(), tokenize, reasoning, events(tools, r -> r.events().toolCallEvents()),
                tools.status(),
                tokenize ? tokenizer.dialect().key() : null, tokenize ? exactWith(tokenizer) : null);
    }

    /**
     * Whether prompts built with the server's tokenizer have exact lengths: the calibration a run makes (every built-in
     * word counted, then two built prompts checked), so the probe says what a run will get. Null when it failed.
     */
    private static Boolean exactWith(ServerTokenizer tokenizer) {
        try {
            return dev.infergate.workload.PromptFactory.calibrate(tokenizer, 1).exact();
        } catch (RuntimeException e) { // the endpoint stopped answering: nothing to say about exactness
            return null;
        }
    }

    private static int events(Raw raw, ToIntFunction<StreamResult> f) {
        return raw.result() == null ? 0 : f.applyAsInt(raw.result());
    }

    /** A protocol request's outcome: status, the decoded stream (null when it failed), events with usage. */
    private record Raw(int status, StreamResult result, int usageEvents) {}

    private static Raw raw(HttpExecutor http, String body) {
        try {
            HttpExecutor.Reply reply = http.call(HttpMethod.POST, http.endpoint().url(http.endpoint().api().path()),
                    body, PROTOCOL_TIMEOUT);
            if (reply.status() / 100 != 2) {
                return new Raw(reply.status(), null, 0);
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            StreamTimeline t = new StreamTimeline(dev.infergate.client.Api.CHAT, true, false,
                    dev.infergate.client.Timeouts.DEFAULT_MAX_BODY_BYTES, dev.infergate.client.Timeouts.DEFAULT_MAX_EVENT_BYTES,
                    http.endpoint().redactor()); // its details are redacted before they are cut, as a run's are
            t.onSent(0);
            t.onHeaders(reply.status(), 0);
            t.onBytes(bytes, 0, bytes.length, 1);
            t.onEnd(1);
            Matcher m = USAGE.matcher(reply.body());
            int usage = 0;
            while (m.find()) {
                usage++;
            }
            return new Raw(reply.status(), t.result(), usage);
        } catch (IOException e) {
            return new Raw(0, null, 0);
        }
    }

    private static String body(String model, Api api, String text, String streamOptions, String extra) {
        try {
            String input = api == Api.CHAT
                    ? "\"messages\":[{\"role\":\"user\",\"content\":" + JSON.writeValueAsString(text) + "}]"
                    : "\"prompt\":" + JSON.writeValueAsString(text);
            return "{\"model\":" + JSON.writeValueAsString(model) + "," + input + ",\"max_tokens\":32,\"stream\":true,"
                    + "\"stream_options\":" + streamOptions + (extra == null ? "" : "," + extra) + "}";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(ProbePlan plan, Endpoint used, Preflight.Result server, ProbeReport report)
            throws IOException {
        ProbeFile file = new ProbeFile("infergate.probe/1", Instant.now().toString(),
                used.describe(), // the base URL Preflight settled on, the model it picked
                server.describe(), new PlanBlock(plan.repeats(), plan.inputTokens(), plan.outputTokens(), ProbePlan.SHARED_SHARE),
                report.delivery().label(), report.failed(), report.checks());
        AtomicFiles.writeJson(Summarizer.JSON, plan.out().resolve("probe.json"), file);
    }

    /** probe.json: what was probed, how, and the verdict table with each check's evidence. */
    private record ProbeFile(String schema, @JsonProperty("started_at") String startedAt, Endpoint.Description endpoint,
            Preflight.Description server,
            PlanBlock plan, String delivery, boolean failed, List<Check> checks) {}

    /** probe.json's {@code plan}. */
    private record PlanBlock(int rounds, @JsonProperty("input_tokens") int inputTokens,
            @JsonProperty("output_tokens") int outputTokens, @JsonProperty("shared_prefix_share") double sharedPrefixShare) {}
}
