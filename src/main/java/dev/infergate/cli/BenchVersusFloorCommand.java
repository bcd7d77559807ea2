package dev.infergate.cli;

import dev.infergate.bench.FloorErrors;
import dev.infergate.bench.FloorLogs;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench versus-floor}: infergate's client against the floor client, interleaved, on the truth server. */
@Command(name = "versus-floor", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compiles the shared truth server and floor client (gcc), then at each --streams point runs `infergate run` "
                + "(a fresh JVM) and the floor client against the truth server, interleaved (A B, then B A), and prints both clients' "
                + "TTFT and ITL error at p50/p99 (client minus the server's own send times, matched by X-Request-Id), the ratio, "
                + "CPU per event and the load average. Skips with one line when gcc is missing."})
public final class BenchVersusFloorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--shared-bench", paramLabel = "DIR",
            description = "Where sse_truth_fast.c and sse_floor_client.c are. Default: ../shared/bench beside the repository.")
    Path sharedBench;

    @Option(names = "--streams", split = ",", defaultValue = "64,256,512,1000,2000", paramLabel = "N[,N...]",
            description = "Concurrent streams (closed loop) per point. Default: ${DEFAULT-VALUE}.")
    List<Integer> streams;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N", description = "Requests per stream at each point. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--tokens", defaultValue = "20", paramLabel = "N", description = "Output events per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--ttft-ms", defaultValue = "200", paramLabel = "MS", description = "The server's TTFT. Default: ${DEFAULT-VALUE}.")
    int ttftMs;

    @Option(names = "--itl-ms", defaultValue = "20", paramLabel = "MS",
            description = "The server's gap between events; 100 at 1,000 streams and more, as in issue 17. Default: ${DEFAULT-VALUE}.")
    int itlMs;

    @Option(names = "--java-opts", defaultValue = "-Xmx2g", paramLabel = "OPTS", description = "JVM options of infergate's runs. Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (streams.stream().anyMatch(s -> s < 1) || rounds < 1 || tokens < 2 || ttftMs < 0 || itlMs < 1) {
            throw UserError.usage("--streams must be >= 1, --rounds >= 1, --tokens >= 2, --ttft-ms >= 0 and --itl-ms >= 1");
        }
        Path shared = sharedBench != null ? sharedBench : FloorProcesses.defaultSharedBench();
        if (!FloorProcesses.gccAvailable()) {
            out.println("bench versus-floor: skipped: gcc not found (it compiles the truth server and the floor client)");
            out.flush();
            return ExitCode.OK.code();
        }
        for (String c : new String[] {"sse_truth_fast.c", "sse_floor_client.c"}) {
            if (!Files.isRegularFile(shared.resolve(c))) {
                throw UserError.usage(shared.resolve(c) + " does not exist; pass --shared-bench DIR holding the shared C programs");
            }
        }
        Path tmp = Files.createTempDirectory("infergate-versus-floor");
        try {
            FloorProcesses p = new FloorProcesses(tmp, shared, javaOpts);
            p.compile();
            int port = freePort();
            Process server = p.startServer(port);
            try {
                waitForPort(port);
                out.printf(Locale.ROOT, "bench versus-floor: truth server TTFT %d ms, ITL %d ms (100 from 1,000 streams), %d tokens, %d rounds,"
                        + " %d cores, load average %s%n", ttftMs, itlMs, tokens, rounds, Runtime.getRuntime().availableProcessors(),
                        BenchLagCommand.loadAverage());
                out.printf(Locale.ROOT, "%7s %-9s %9s %9s %9s %9s %8s %9s %8s  %s%n", "streams", "client", "TTFT p50", "TTFT p99",
                        "ITL p50", "ITL p99", "CPU s", "µs/event", "events", "load");
                out.flush();
                for (int i = 0; i < streams.size(); i++) {
                    point(p, port, streams.get(i), i % 2 == 1, out);
                }
            } finally {
                server.destroy();
                server.waitFor(5, TimeUnit.SECONDS);
            }
        } finally {
            BenchFiles.deleteTree(tmp);
        }
        return ExitCode.OK.code();
    }

    /** One point: both clients, in the order given, then their errors against the server's log. */
    private void point(FloorProcesses p, int port, int n, boolean floorFirst, PrintWriter out) throws IOException, InterruptedException {
        int itl = n >= 1000 ? Math.max(itlMs, 100) : itlMs;
        String model = "truth:ttft=" + ttftMs + ",itl=" + itl;
        long requests = (long) n * rounds;
        FloorProcesses.Ran infergate = null;
        FloorProcesses.Ran floor = null;
        for (int k = 0; k < 2; k++) {
            if ((k == 0) == floorFirst) {
                floor = p.runFloor(port, model, n, requests, tokens, "fc" + n);
            } else {
                infergate = p.runInfergate(port, model, n, requests, tokens, "ig" + n);
            }
        }
        Thread.sleep(400); // the server writes its log when idle, at the latest 100 ms after a record
        var truth = FloorLogs.truthSends(p.truthLog());
        FloorErrors.Errors fe = FloorErrors.of(FloorLogs.floorSeen(floor.output()), truth);
        FloorErrors.Errors ie = FloorErrors.of(FloorLogs.infergateSeen(infergate.output()), truth);
        long igEvents = FloorLogs.infergateEvents(infergate.output());
        row(out, n, "floor", fe, floor.cpuSeconds(), fe.events(), floor.load());
        row(out, n, "infergate", ie, infergate.cpuSeconds(), igEvents, infergate.load());
        out.printf(Locale.ROOT, "%7s %-9s %9s %9s %9s %9s %8s %9s  (infergate / floor; matched %d and %d requests)%n", "", "ratio",
                ratio(ie.ttftAt(50), fe.ttftAt(50)), ratio(ie.ttftAt(99), fe.ttftAt(99)), ratio(ie.itlAt(50), fe.itlAt(50)),
                ratio(ie.itlAt(99), fe.itlAt(99)), cpuRatio(infergate.cpuSeconds(), floor.cpuSeconds()),
                cpuRatio(infergate.cpuSeconds() / igEvents, floor.cpuSeconds() / fe.events()), ie.matched(), fe.matched());
        out.flush();
    }

    private static void row(PrintWriter out, int n, String client, FloorErrors.Errors e, double cpu, long events, String load) {
        out.printf(Locale.ROOT, "%7d %-9s %9.2f %9.2f %9.2f %9.2f %8.2f %9.1f %8d  %s%n", n, client, e.ttftAt(50), e.ttftAt(99),
                e.itlAt(50), e.itlAt(99), cpu, events == 0 ? Double.NaN : cpu / events * 1e6, events, load);
    }

    /** a / b with one decimal; "-" when b is too small to divide by (errors below 0.1 ms are the floor's noise). */
    static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || Math.abs(b) < 0.1 ? "-" : String.format(Locale.ROOT, "%.1fx", a / b);
    }

    /** a / b for CPU figures; "-" when the floor used no measurable CPU (one clock tick is 10 ms). */
    static String cpuRatio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b <= 0 ? "-" : String.format(Locale.ROOT, "%.1fx", a / b);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void waitForPort(int port) throws IOException, InterruptedException {
        for (int i = 0; i < 100; i++) {
            try (Socket s = new Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw UserError.cannotRun("the truth server did not listen on 127.0.0.1:" + port + " within 5 s");
    }
}
