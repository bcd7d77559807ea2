package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalogue of bad inputs (option values, plan files, logs, other tools' result files): each gives one line on
 * stderr, starting "infergate: ", without a stack trace, and a documented exit code ({@link ExitCode}: 2 for bad
 * input, 3 when the command cannot run). None is sent to a server: the one URL used is a closed port.
 */
class BadInputCatalogueTest {
    @TempDir
    static Path dir;
    static String url;
    static Path runDir;

    record Case(String name, int code, String... args) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void files() throws Exception {
        url = "http://127.0.0.1:" + CliErrorsTest.freePort() + "/v1";
        write("plan-syntax.yaml", "baseline: [a\n");
        write("plan-unknown-key.yaml", plan("colour: blue\n"));
        write("plan-wrong-type.yaml", plan("repeats: many\n"));
        write("plan-negative.yaml", plan("repeats: -1\n"));
        write("plan-zero-requests.yaml", plan("requests: 0\n"));
        write("plan-empty.yaml", "");
        write("plan-null.yaml", "~\n");
        write("plan-list.yaml", "- a\n- b\n");
        write("plan-no-candidate.yaml", "baseline: " + "http://127.0.0.1:9/v1\n");
        write("plan-bad-url.yaml", "baseline: not a url\ncandidate: http://127.0.0.1:9/v1\n");
        write("plan-ftp-url.yaml", "baseline: ftp://h/v1\ncandidate: http://127.0.0.1:9/v1\n");
        write("plan-port.yaml", "baseline: http://127.0.0.1:99999/v1\ncandidate: http://127.0.0.1:9/v1\n");
        write("plan-concurrency-zero.yaml", plan("matrix: {workloads: [short-chat], prefixes: [fresh], loads: {one: {concurrency: 0}}}\n"));
        write("plan-rate-negative.yaml", plan("matrix: {workloads: [short-chat], prefixes: [fresh], loads: {one: {rate: -2}}}\n"));
        write("plan-unknown-workload.yaml", plan("matrix: {workloads: [no-such-workload]}\n"));
        write("plan-slo.yaml", plan("slo: ttft<=fast\n"));
        write("plan-deep.yaml", "a: " + "[".repeat(5000) + "]".repeat(5000) + "\n");
        write("plan-aliases.yaml", billionLaughs());
        write("plan-tab.yaml", plan("matrix:\n\tloads: {}\n"));
        write("plan-two-docs.yaml", plan("---\nrepeats: 2\n"));
        write("plan-duplicate.yaml", plan("repeats: 1\nrepeats: 2\n"));
        write("plan-huge-number.yaml", plan("repeats: 99999999999999999999999\n"));
        write("plan-float-repeats.yaml", plan("repeats: 1.5\n"));
        write("plan-timeout.yaml", plan("timeouts: {ttft: soon}\n"));
        Files.write(dir.resolve("plan-binary.yaml"), new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe, 3, 0, 0, 7});
        Files.write(dir.resolve("plan-latin1.yaml"), "baseline: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        write("vllm-truncated.json", "{\"date\": \"20240101-000000\", \"backend\": \"vllm\", \"completed\": 5, \"ttfts\": [0.1, 0.2");
        write("vllm-wrong-types.json", "{\"backend\": \"vllm\", \"completed\": \"five\", \"ttfts\": \"fast\", \"itls\": 3,"
                + " \"input_lens\": null, \"output_lens\": [1], \"request_throughput\": 1, \"duration\": 1}");
        write("aiperf.jsonl", "{\"metadata\": {\"x_request_id\": 1}, \"metrics\": \"nope\"}\nnot json at all\n");
        write("guidellm.json", "{\"benchmarks\": [{\"requests\": {\"successful\": \"many\"}}]}");
        write("random.json", "{\"hello\": \"world\"}");
        write("array.json", "[1, 2, 3]");
        write("empty.json", "");

        runDir = dir.resolve("not-a-run");
        Files.createDirectories(runDir);
        Path torn = dir.resolve("bad-log");
        Files.createDirectories(torn);
        write("bad-log/run.json", "{\"started_at\": \"2026-01-01T00:00:00Z\"");
        write("bad-log/requests.jsonl", "{\"id\": 1}\n{garbage\n{\"id\": 2}\n");
        Path binary = dir.resolve("binary-log");
        Files.createDirectories(binary);
        Files.write(binary.resolve("requests.jsonl"), new byte[] {0, 0, 0, 1, 2, 3, (byte) 0xff});
        write("binary-log/run.json", "\u0000\u0001");
        write("dataset.jsonl", "not json\n");
        write("trace.jsonl", "{\"timestamp\": \"yesterday\"}\n");
        write("profile.yaml", "ttft: [\n");
        write("eval.jsonl", "{\"question\": 1}\n");
    }

    static String plan(String more) {
        return "baseline: http://127.0.0.1:9/v1\ncandidate: http://127.0.0.1:9/v1\n" + more;
    }

    static String billionLaughs() {
        StringBuilder b = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int i = 1; i < 10; i++) {
            b.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                b.append(j == 0 ? "" : ",").append("*a").append(i - 1);
            }
            b.append("]\n");
        }
        return b.toString();
    }

    static void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }

    static String f(String name) {
        return dir.resolve(name).toString();
    }

    static Case run(String name, int code, String... options) {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", url, "--no-progress", "--out",
                dir.resolve("out-" + name.replaceAll("[^a-z0-9]+", "-")).toString()));
        args.addAll(List.of(options));
        return new Case("run " + name, code, args.toArray(String[]::new));
    }

    static Case cmd(String name, int code, String... args) {
        return new Case(name, code, args);
    }

    static List<Case> catalogue() {
        return List.of(
                // the endpoint
                cmd("run without --base-url", 2, "run", "--no-progress"),
                cmd("run --base-url not a URL", 2, "run", "--base-url", "::not a url::", "--no-progress"),
                cmd("run --base-url ftp", 2, "run", "--base-url", "ftp://127.0.0.1/v1", "--no-progress"),
                cmd("run --base-url relative", 2, "run", "--base-url", "/v1", "--no-progress"),
                cmd("run --base-url port 99999", 2, "run", "--base-url", "http://127.0.0.1:99999/v1", "--no-progress"),
                cmd("run --base-url port 0", 2, "run", "--base-url", "http://127.0.0.1:0/v1", "--no-progress"),
                cmd("run --base-url port overflow", 2, "run", "--base-url", "http://127.0.0.1:99999999999/v1", "--no-progress"),
                cmd("run --base-url empty", 2, "run", "--base-url", "", "--no-progress"),
                run("unreachable", 3),
                run("--api nonsense", 2, "--api", "nonsense"),
                run("--header bad name", 2, "--header", "Bad Name: v"),
                run("--header without colon", 2, "--header", "NoColon"),
                run("--header with a line break", 2, "--header", "x-api-key: a\r\nX-Injected: b"),
                run("--header with a NUL", 2, "--header", "x-trace: a\u0000b"),
                run("--api-key-env unset", 2, "--api-key-env", "INFERGATE_TEST_SURELY_UNSET_VAR"),
                run("--ca-cert missing", 2, "--ca-cert", "/nonexistent/ca.pem"),
                run("--idle-connection-timeout 0s", 2, "--idle-connection-timeout", "0s"),
                run("--connect-timeout abc", 2, "--connect-timeout", "abc"),
                run("--ttft-timeout no unit", 2, "--ttft-timeout", "5"),
                run("--timeout too long", 2, "--timeout", "99999999h"),
                run("--http 3", 2, "--http", "3"),
                run("--extra-body not JSON", 2, "--extra-body", "{not json"),
                run("--extra-body an array", 2, "--extra-body", "[1,2]"),
                // the load
                run("--rate 0", 2, "--rate", "0"),
                run("--rate negative", 2, "--rate", "-1"),
                run("--rate abc", 2, "--rate", "abc"),
                run("--rate NaN", 2, "--rate", "NaN"),
                run("--rate Infinity", 2, "--rate", "Infinity"),
                run("--rate 1e12", 2, "--rate", "1e12", "--duration", "1s"),
                run("--rate 1e-300", 2, "--rate", "1e-300"),
                run("--rate bad unit", 2, "--rate", "5/fortnight"),
                run("--concurrency 0", 2, "--concurrency", "0"),
                run("--concurrency negative", 2, "--concurrency", "-5"),
                run("--concurrency too many", 2, "--concurrency", "100000"),
                run("--concurrency abc", 2, "--concurrency", "abc"),
                run("--concurrency overflow", 2, "--concurrency", "99999999999999"),
                run("--concurrency with --rate", 2, "--concurrency", "2", "--rate", "1"),
                run("--max-concurrency too many", 2, "--rate", "1", "--max-concurrency", "70000"),
                run("--max-concurrency without --rate", 2, "--max-concurrency", "5"),
                run("--max-queued negative", 2, "--rate", "1", "--max-queued", "-1"),
                run("--max-queued without --rate", 2, "--max-queued", "5"),
                run("--duration 0s", 2, "--duration", "0s"),
                run("--duration without unit", 2, "--duration", "5"),
                run("--duration 99999999999999h", 2, "--duration", "99999999999999h"),
                run("--duration negative", 2, "--duration", "-5s"),
                run("--duration exponent", 2, "--duration", "1e400h"),
                run("--requests abc", 2, "--requests", "abc"),
                run("--requests negative", 2, "--requests", "-1"),
                run("--requests overflow", 2, "--requests", "99999999999999999999999"),
                run("--warmup negative", 2, "--warmup", "-1"),
                run("--warmup abc", 2, "--warmup", "abc"),
                run("--drain-timeout no unit", 2, "--drain-timeout", "60"),
                run("--ramp-up longer than the run", 2, "--rate", "5", "--duration", "2s", "--ramp-up", "1000h"),
                run("--ramp-up longer than the requests", 2, "--rate", "5", "--requests", "10", "--ramp-up", "100h"),
                run("--ramp-up without --rate", 2, "--ramp-up", "10s"),
                run("--ramp-up abc", 2, "--rate", "5", "--ramp-up", "abc"),
                run("--start-at long ago", 2, "--start-at", "2000-01-01T00:00:00Z"),
                run("--start-at not a time", 2, "--start-at", "yesterday"),
                run("--shard 3/2", 2, "--shard", "3/2"),
                run("--shard abc", 2, "--shard", "abc"),
                run("--shard 0/0", 2, "--shard", "0/0"),
                run("--arrival weird", 2, "--rate", "1", "--arrival", "weird"),
                run("--burstiness 0", 2, "--rate", "1", "--arrival", "gamma", "--burstiness", "0"),
                run("--burstiness negative", 2, "--rate", "1", "--arrival", "gamma", "--burstiness", "-1"),
                run("--seed abc", 2, "--seed", "abc"),
                run("--think-time abc", 2, "--think-time", "abc"),
                run("--sessions 0", 2, "--sessions", "0"),
                run("--turns without --sessions", 2, "--turns", "3"),
                run("--sessions with --requests", 2, "--sessions", "2", "--requests", "5"),
                run("--sessions with a warm-up time", 2, "--sessions", "2", "--warmup", "5s"),
                run("--cancel-rate above 1", 2, "--cancel-rate", "2"),
                run("--cancel-rate negative", 2, "--cancel-rate", "-0.1"),
                // the workload
                run("--preset unknown", 2, "--preset", "no-such-preset"),
                run("--input-tokens 0", 2, "--isl", "0"),
                run("--input-tokens abc", 2, "--isl", "abc"),
                run("--output-tokens 0", 2, "--output-tokens", "0"),
                run("--output-tokens negative", 2, "--output-tokens", "-3"),
                run("--prefix nonsense", 2, "--prefix", "nonsense"),
                run("--cache-mix above 1", 2, "--cache-mix", "1.5"),
                run("--dataset missing", 2, "--dataset", "/nonexistent/data.jsonl"),
                run("--dataset-format unknown", 2, "--dataset-format", "xml"),
                run("--tokenizer unknown", 2, "--tokenizer", "gpt9"),
                run("--tokenizer-file missing", 2, "--tokenizer-file", "/nonexistent/tok.json"),
                run("--trace missing", 2, "--trace", "/nonexistent/trace.jsonl"),
                run("--trace bad times", 2, "--trace", f("trace.jsonl")),
                run("--time-scale 0", 2, "--trace", f("trace.jsonl"), "--time-scale", "0"),
                run("--max-context abc", 2, "--max-context", "abc"),
                run("--max-body-size abc", 2, "--max-body-size", "abc"),
                run("--max-event-size 0", 2, "--max-event-size", "0"),
                run("--tools nonsense", 2, "--tools", "nonsense"),
                // what is judged and where it goes
                run("--slo without value", 2, "--slo", "ttft"),
                run("--slo bad value", 2, "--slo", "ttft=abc"),
                run("--slo unknown metric", 2, "--slo", "nonsense=1s"),
                run("--label without value", 2, "--label", "novalue"),
                run("--server-metrics not a URL", 2, "--server-metrics", "::bad::"),
                run("--event-loops 0", 2, "--event-loops", "0"),
                run("--record-events abc", 2, "--record-events", "abc"),
                run("--unknown option", 2, "--frobnicate"),
                cmd("run --out unwritable", 3, "run", "--base-url", "http://127.0.0.1:9/v1", "--no-progress", "--out",
                        "/proc/infergate-cannot-be-here"),
                cmd("unknown command", 2, "frobnicate"),
                // logs and result directories
                cmd("summarize missing", 2, "summarize", "/nonexistent/run"),
                cmd("summarize a folder that is not a run", 3, "summarize", runDir.toString()),
                cmd("summarize a torn run.json", 3, "summarize", f("bad-log")),
                cmd("summarize a binary log", 3, "summarize", f("binary-log")),
                cmd("merge nothing", 2, "merge"),
                cmd("merge missing", 2, "merge", "/nonexistent/a", "/nonexistent/b", "--out", f("merged")),
                cmd("compare missing", 2, "compare", "/nonexistent/a", "/nonexistent/b"),
                cmd("report missing", 2, "report", "/nonexistent/a"),
                cmd("export missing", 2, "export", "/nonexistent/a", "--format", "csv"),
                cmd("export unknown format", 2, "export", runDir.toString(), "--format", "xml"),
                // other tools' result files
                cmd("summarize a truncated vLLM file", 2, "summarize", f("vllm-truncated.json")),
                cmd("summarize a vLLM file of wrong types", 2, "summarize", f("vllm-wrong-types.json")),
                cmd("summarize a broken AIPerf export", 2, "summarize", f("aiperf.jsonl")),
                cmd("summarize a broken guidellm file", 2, "summarize", f("guidellm.json")),
                cmd("summarize an unknown JSON file", 2, "summarize", f("random.json")),
                cmd("summarize a JSON array", 2, "summarize", f("array.json")),
                cmd("summarize an empty file", 2, "summarize", f("empty.json")),
                cmd("compare a broken vLLM file", 2, "compare", f("vllm-wrong-types.json"), f("vllm-truncated.json")),
                // acceptance plans
                cmd("accept missing plan", 2, "accept", "/nonexistent/plan.yaml"),
                cmd("accept plan syntax", 2, "accept", f("plan-syntax.yaml"), "--out", f("a1")),
                cmd("accept plan unknown key", 2, "accept", f("plan-unknown-key.yaml"), "--out", f("a2")),
                cmd("accept plan wrong type", 2, "accept", f("plan-wrong-type.yaml"), "--out", f("a3")),
                cmd("accept plan negative repeats", 2, "accept", f("plan-negative.yaml"), "--out", f("a4")),
                cmd("accept plan zero requests", 2, "accept", f("plan-zero-requests.yaml"), "--out", f("a5")),
                cmd("accept plan empty", 2, "accept", f("plan-empty.yaml"), "--out", f("a6")),
                cmd("accept plan null", 2, "accept", f("plan-null.yaml"), "--out", f("a7")),
                cmd("accept plan a list", 2, "accept", f("plan-list.yaml"), "--out", f("a8")),
                cmd("accept plan without candidate", 2, "accept", f("plan-no-candidate.yaml"), "--out", f("a9")),
                cmd("accept plan bad URL", 2, "accept", f("plan-bad-url.yaml"), "--out", f("a10")),
                cmd("accept plan ftp URL", 2, "accept", f("plan-ftp-url.yaml"), "--out", f("a11")),
                cmd("accept plan port out of range", 2, "accept", f("plan-port.yaml"), "--out", f("a12")),
                cmd("accept plan concurrency 0", 2, "accept", f("plan-concurrency-zero.yaml"), "--out", f("a13")),
                cmd("accept plan negative rate", 2, "accept", f("plan-rate-negative.yaml"), "--out", f("a14")),
                cmd("accept plan unknown workload", 2, "accept", f("plan-unknown-workload.yaml"), "--out", f("a15")),
                cmd("accept plan bad slo", 2, "accept", f("plan-slo.yaml"), "--out", f("a16")),
                cmd("accept plan nested 5000 deep", 2, "accept", f("plan-deep.yaml"), "--out", f("a17")),
                cmd("accept plan billion laughs", 2, "accept", f("plan-aliases.yaml"), "--out", f("a18")),
                cmd("accept plan with a tab", 2, "accept", f("plan-tab.yaml"), "--out", f("a19")),
                cmd("accept plan two documents", 2, "accept", f("plan-two-docs.yaml"), "--out", f("a20")),
                cmd("accept plan duplicate key", 2, "accept", f("plan-duplicate.yaml"), "--out", f("a21")),
                cmd("accept plan huge number", 2, "accept", f("plan-huge-number.yaml"), "--out", f("a22")),
                cmd("accept plan fractional repeats", 2, "accept", f("plan-float-repeats.yaml"), "--out", f("a23")),
                cmd("accept plan bad timeout", 2, "accept", f("plan-timeout.yaml"), "--out", f("a24")),
                cmd("accept plan binary", 2, "accept", f("plan-binary.yaml"), "--out", f("a25")),
                cmd("accept plan latin-1", 2, "accept", f("plan-latin1.yaml"), "--out", f("a26")),
                // other commands
                cmd("capacity without a target", 2, "capacity", "--base-url", url, "--slo", "none"),
                cmd("capacity target above 1", 2, "capacity", "--base-url", url, "--target", "2"),
                cmd("probe rounds 0", 2, "probe", "--base-url", url, "--rounds", "0"),
                cmd("probe rounds abc", 2, "probe", "--base-url", url, "--rounds", "abc"),
                cmd("quality missing eval set", 2, "quality", "--base-url", url, "--eval-set", "/nonexistent/eval.jsonl"),
                cmd("quality broken eval set", 2, "quality", "--base-url", url, "--eval-set", f("eval.jsonl")),
                cmd("k8s-job without image", 2, "k8s-job", "--workers", "2", "--", "--base-url", url),
                cmd("k8s-job zero workers", 2, "k8s-job", "--workers", "0", "--image", "img", "--", "--base-url", url),
                cmd("k8s-job URL with a key", 2, "k8s-job", "--workers", "2", "--image", "img", "--",
                        "--base-url", "http://h:1/v1?api_key=SECRET99"),
                cmd("bench unknown", 2, "bench", "frobnicate"),
                cmd("serve-sim port out of range", 2, "serve-sim", "--port", "99999"),
                cmd("serve-sim unknown profile", 2, "serve-sim", "--port", "0", "--profile", "/nonexistent/profile.yaml"),
                cmd("serve-sim broken profile", 2, "serve-sim", "--port", "0", "--profile", f("profile.yaml")));
    }

    @Test
    void theCatalogue_holdsAtLeastAHundredBadInputs() {
        assertThat(catalogue()).hasSizeGreaterThanOrEqualTo(100);
    }

    @TestFactory
    Stream<DynamicTest> eachBadInput_givesOneLineAndItsDocumentedExitCode() {
        return catalogue().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            CliErrorsTest.Outcome o = CliErrorsTest.run(c.args());
            assertThat(o.code()).as("%s: %s", c.name(), o.err()).isEqualTo(c.code());
            assertThat(o.err().strip().lines().count()).as("%s: one line on stderr: %s", c.name(), o.err()).isEqualTo(1);
            assertThat(o.err()).as(c.name()).startsWith("infergate: ").doesNotContain("\tat ").doesNotContain("unexpected error")
                    .doesNotContain("SECRET99");
        }));
    }
}
