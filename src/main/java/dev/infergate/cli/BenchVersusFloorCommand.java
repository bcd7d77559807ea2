package dev.infergate.cli;

import dev.infergate.bench.FloorErrors;
import dev.infergate.bench.FloorLogs;
import dev.infergate.bench.VersusFloorRow;
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
@Command(name = "versus-floor", header = "infergate against the C floor client, interleaved.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compiles the shared truth server and floor client (gcc), then at each --streams point runs `infergate run` "
                + "(a fresh JVM) and the floor client against the truth server, interleaved (A B, then B A), and prints both clients' "
                + "TTFT and ITL error at p50/p99 (client minus the server's own send times, matched by X-Request-Id), the ratio, "
                + "CPU per event (whole process, and steady: the load's CPU only, from run.json's client_cpu) and the load average; "
                + "with --repeats N, medians of N interleaved runs. Skips with one line when gcc is missing."})
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

    @Option(names = "--repeats", defaultValue = "1", paramLabel = "N",
            description = "Runs of both clients per point, the order alternating (A B, B A, ...); the figures printed are medians "
                    + "over the repeats. Issue 17's figures are medians of 3. Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(names = "--java-opts", defaultValue = "-Xmx2g -XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Xmn1g -XX:MetaspaceSize=256m",
            paramLabel = "OPTS", description = "JVM options of infergate's runs; the default is the launcher's for ./infergate run (C1 "
                    + "compiler only; the parallel collector with a 1 GB young generation, docs/benchmarks.md). Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (streams.stream().anyMatch(s -> s < 1) || rounds < 1 || tokens < 2 || ttftMs < 0 || itlMs < 1 || repeats < 1) {
            throw UserError.usage("--streams must be >= 1, --rounds >= 1, --tokens >= 2, --ttft-ms >= 0, --itl-ms >= 1 and --repeats >= 1");
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
                boolean cds = !javaOpts.contains("SharedArchiveFile") && !javaOpts.contains("Xshare:off")
                        && !"off".equals(System.getenv("INFERGATE_CDS"));
                if (cds) { // as the launcher maps its archive for ./infergate run (INFERGATE_CDS=off: without)
                    cds = p.primeClassArchive(port, "truth:ttft=0,itl=1", 64, tokens);
                }
                out.printf(Locale.ROOT, "bench versus-floor: truth server TTFT %d ms, ITL %d ms (100 from 1,000 streams), %d tokens, %d rounds,"
                        + " %d cores, load average %s; class-data archive %s; medians of %d repeat(s). Errors in ms; CPU s = whole process, split into start-up (before"
                        + " the warm-up), warm-up and load (first scheduled request to last record); steady = load CPU / events%n",
                        ttftMs, itlMs, tokens, rounds, Runtime.getRuntime().availableProcessors(), BenchLagCommand.loadAverage(),
                        cds ? "on" : "off", repeats);
                out.printf(Locale.ROOT, "%7s %-9s %9s %9s %9s %9s %8s %8s %7s %7s %9s %9s %8s  %s%n", "streams", "client", "TTFT p50",
                        "TTFT p99", "ITL p50", "ITL p99", "CPU s", "startup", "warmup", "load", "µs/event", "steady", "events",
                        "load average (first .. last run)");
                out.flush();
                for (int i = 0; i < streams.size(); i++) {
                    point(p, port, i, out);
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

    /**
     * One point, {@code repeats} times: both clients per repeat, the order alternating (A B, then B A), each run's
     * errors against the server's log; prints the medians over repeats.
     */
    private void point(FloorProcesses p, int port, int index, PrintWriter out) throws IOException, InterruptedException {
        int n = streams.get(index);
        int itl = n >= 1000 ? Math.max(itlMs, 100) : itlMs;
        String model = "truth:ttft=" + ttftMs + ",itl=" + itl;
        long requests = (long) n * rounds;
        List<VersusFloorRow> floorRows = new ArrayList<>();
        List<VersusFloorRow> igRows = new ArrayList<>();
        String load = "";
        for (int r = 0; r < repeats; r++) {
            boolean floorFirst = (index + r) % 2 == 1;
            FloorProcesses.Ran infergate = null;
            FloorProcesses.Ran floor = null;
            for (int k = 0; k < 2; k++) {
                if ((k == 0) == floorFirst) {
                    floor = p.runFloor(port, model, n, requests, tokens, "fc" + n + "r" + r);
                } else {
                    infergate = p.runInfergate(port, model, n, requests, tokens, "ig" + n + "r" + r);
                }
            }
            Thread.sleep(400); // the server writes its log when idle, at the latest 100 ms after a record
            var truth = FloorLogs.truthSends(p.truthLog());
            FloorErrors.Errors fe = FloorErrors.of(FloorLogs.floorSeen(floor.output()), truth);
            FloorErrors.Errors ie = FloorErrors.of(FloorLogs.infergateSeen(infergate.output()), truth);
            floorRows.add(VersusFloorRow.of(fe, floor.cpuSeconds(), fe.events(), null));
            igRows.add(VersusFloorRow.of(ie, infergate.cpuSeconds(), FloorLogs.infergateEvents(infergate.output()),
                    FloorLogs.infergateCpu(infergate.output())));
            load = load.isEmpty() ? floor.load() : load;
            load = r == repeats - 1 ? load + " .. " + infergate.load() : load;
        }
        VersusFloorRow f = VersusFloorRow.median(floorRows);
        VersusFloorRow i = VersusFloorRow.median(igRows);
        row(out, n, "floor", f, load);
        row(out, n, "infergate", i, load);
        out.printf(Locale.ROOT, "%7s %-9s %9s %9s %9s %9s %8s %24s %9s %9s  (infergate / floor; matched %d and %d requests)%n", "",
                "ratio", ratio(i.ttftP50Ms(), f.ttftP50Ms()), ratio(i.ttftP99Ms(), f.ttftP99Ms()), ratio(i.itlP50Ms(), f.itlP50Ms()),
                ratio(i.itlP99Ms(), f.itlP99Ms()), cpuRatio(i.cpuSeconds(), f.cpuSeconds()), "",
                cpuRatio(i.microsPerEvent(), f.microsPerEvent()), cpuRatio(i.steadyMicrosPerEvent(), f.steadyMicrosPerEvent()),
                i.matched(), f.matched());
        out.flush();
    }

    private static void row(PrintWriter out, int n, String client, VersusFloorRow r, String load) {
        out.printf(Locale.ROOT, "%7d %-9s %9.2f %9.2f %9.2f %9.2f %8.2f %8s %7s %7s %9.1f %9.1f %8d  %s%n", n, client, r.ttftP50Ms(),
                r.ttftP99Ms(), r.itlP50Ms(), r.itlP99Ms(), r.cpuSeconds(), seconds(r.startupSeconds()), seconds(r.warmupSeconds()),
                seconds(r.loadSeconds()), r.microsPerEvent(), r.steadyMicrosPerEvent(), r.events(), load);
    }

    private static String seconds(double s) {
        return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.2f", s);
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
