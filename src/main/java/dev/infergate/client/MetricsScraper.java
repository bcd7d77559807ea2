package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.attest.SimulatorAttestation;
import dev.infergate.json.Json;
import dev.infergate.metrics.Engine;
import dev.infergate.metrics.Exposition;
import dev.infergate.metrics.PrometheusTextParser;
import dev.infergate.metrics.ServerMetricsMapping;
import dev.infergate.metrics.SimulatorSelfReport;
import dev.infergate.record.RunLog;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Scrapes a server's Prometheus {@code /metrics} during a run and appends one line per scrape to
 * {@code server_metrics.jsonl}: {@code {"offset_ns": nanoseconds since the run origin, "engine": "vllm",
 * "values": {figure: value}}}, or {@code {"offset_ns", "error"}} when a scrape failed. Values are the mapped
 * common figures ({@link ServerMetricsMapping}); the raw page is not kept. On infergate's own simulator a line also
 * carries {@code "simulator": {"stalled_seconds", "lateness_seconds"}} ({@link SimulatorSelfReport}), only once the
 * server has proved it is that simulator ({@link SimulatorAttestation}, asked at start): any server can serve those
 * series, and a slow one that called itself a late simulator would have its slowness taken off its figures. A server
 * that serves them without that proof gets one line {@code {"offset_ns", "simulator_unproven": "..."}} instead.
 *
 * <p>It runs on its own thread and its own JDK HTTP client, never on the request event loops, so a slow
 * {@code /metrics} cannot delay a measured request's timestamps. One scrape at start, one every
 * {@code interval}, one at {@link #close()}, so counter deltas cover the whole run. Request headers (the API
 * key) are sent only when the metrics URL is on the endpoint's own host and port. Against infergate's simulator it can
 * also fetch, at close, each request's own delay behind the model ({@link #fetchingSimulatorDelays}).
 */
public final class MetricsScraper implements AutoCloseable {
    /** Default scrape period. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);
    private static final String FILE = RunLog.SERVER_METRICS_FILE;
    /** A scrape may take this long: the JDK client's first request on a busy machine takes a second or more. */
    private static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(10);
    /** A scrape that has not answered in this long is given up (a server that never answers): far beyond any interval. */
    private static final Duration ABANDON_AFTER = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = Json.COMPACT;

    private final URI url;
    private final Map<String, String> headers;
    private final Duration interval;
    private final long originNanos;
    private final BufferedWriter out;
    private final ScheduledExecutorService thread;
    private final HttpClient http;
    private int scrapes;
    /** The first scrape was answered 404 before any succeeded: no more are sent. */
    private boolean absent;
    private int errors;
    private int skipped;
    private boolean closed;
    /** The server's /metrics carried infergate's simulator's series at least once, and it proved it is that simulator. */
    private boolean simulatorSeen;
    /** The server proved at start that it is infergate's simulator (it holds the key this client has for it). */
    private volatile boolean proven;
    /** The server served the simulator's series without that proof (said once in the file). */
    private boolean unprovenSaid;
    /** The run's X-Request-Id prefix, when the simulator's per-request delays are to be fetched at close; else null. */
    private String delaysPrefix;
    private final Path dir;
    /** The scrape asked last, until it answered; never cancelled. */
    private CompletableFuture<?> inFlight;

    /**
     * @param url         the metrics URL
     * @param endpoint    the measured endpoint (its headers go along only to its own host and port)
     * @param interval    time between scrapes, {@code > 0}
     * @param originNanos the run origin ({@link System#nanoTime()} value) the offsets are relative to
     * @param dir         the run directory
     */
    public MetricsScraper(URI url, Endpoint endpoint, Duration interval, long originNanos, Path dir) throws IOException {
        this(url, endpoint, interval, originNanos, dir, FILE);
    }

    /** As above, into {@code dir/fileName} (the GPU exporter's scrapes go to their own file). */
    public MetricsScraper(URI url, Endpoint endpoint, Duration interval, long originNanos, Path dir, String fileName)
            throws IOException {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("scrape interval (" + interval + ") must be > 0");
        }
        this.url = url;
        boolean sameHost = url.getHost() != null && url.getHost().equalsIgnoreCase(endpoint.baseUrl().getHost())
                && port(url) == endpoint.port();
        this.headers = sameHost ? endpoint.headers() : Map.of();
        this.interval = interval;
        this.originNanos = originNanos;
        this.dir = dir;
        this.out = Files.newBufferedWriter(dir.resolve(fileName), StandardCharsets.UTF_8);
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "infergate-metrics-scraper");
            t.setDaemon(true);
            return t;
        });
        this.http = HttpClient.newBuilder().connectTimeout(SCRAPE_TIMEOUT).build();
    }

    private static int port(URI u) {
        return u.getPort() > 0 ? u.getPort() : "https".equals(u.getScheme()) ? 443 : 80;
    }

    /**
     * Also fetches, at {@link #close()}, the per-request delays of infergate's simulator for the requests whose
     * {@code X-Request-Id} starts with {@code requestIdPrefix} ({@link SimulatorDelayFetch}), when the server turns out
     * to be the simulator. Call before {@link #start()}.
     */
    public MetricsScraper fetchingSimulatorDelays(String requestIdPrefix) {
        this.delaysPrefix = requestIdPrefix;
        return this;
    }

    /**
     * Scrapes once on the calling thread, so the counters' baseline precedes the first request, then every
     * interval on the scraper's thread.
     */
    public MetricsScraper start() {
        proven = SimulatorAttestation.proves(http, url, headers); // asked only when this client holds a key for the server
        scrapeOnce();
        awaitInFlight();
        thread.scheduleAtFixedRate(this::scrapeOnce, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /**
     * Starts a scrape and appends its line when it answers; never throws (a failure is written as an error line). A
     * scrape still running when the next is due is left to finish, not cancelled: llama-server answers {@code /metrics}
     * from a task in its queue and cancels that task (and logs it) when the client hangs up, so a client that timed
     * out every slow scrape during a long prefill caused server work and log noise of its own. The tick is skipped
     * instead, and the first skip is noted once in the file ({@code "skipped"}); the late answer is written with
     * the offset of when it was asked.
     */
    synchronized void scrapeOnce() {
        if (absent) {
            return; // the server has no such path: asking every interval would only fill its log with 404s
        }
        if (inFlight != null && !inFlight.isDone()) {
            skipped++;
            if (skipped == 1) {
                writeLine(new SkipNote(System.nanoTime() - originNanos, "a scrape outlasted the " + interval.toMillis()
                        + " ms interval: it is left to finish (not cancelled, so the server does not abandon its work),"
                        + " and overlapping ticks are skipped"));
            }
            return;
        }
        long offset = System.nanoTime() - originNanos;
        HttpRequest.Builder req = HttpRequest.newBuilder(url).timeout(ABANDON_AFTER).GET();
        headers.forEach(req::header);
        CompletableFuture<HttpResponse<byte[]>> sent;
        try {
            sent = http.sendAsync(req.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        inFlight = sent.whenComplete((resp, failure) -> answered(offset, resp, failure));
    }

    /** Waits for the scrape in flight (at most {@link #SCRAPE_TIMEOUT}): the first and last scrapes bound the window. */
    private void awaitInFlight() {
        CompletableFuture<?> f;
        synchronized (this) {
            f = inFlight;
        }
        if (f == null) {
            return;
        }
        try {
            f.get(SCRAPE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // written as an error line by answered(), or still running: left to finish
        }
    }

    private synchronized void answered(long offset, HttpResponse<byte[]> resp, Throwable failure) {
        String engineLabel = null;
        ServerMetricsMapping.Values values = null;
        SimulatorSelfReport.Block simulatorJson = null;
        String unproven = null;
        String error = null;
        try {
            if (failure != null) {
                throw failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
            }
            if (resp.statusCode() == 404 && scrapes == 0) {
                absent = true;
                throw new IOException("HTTP 404: the server has no " + url.getPath() + ", so it is not asked again this run");
            }
            if (resp.statusCode() != 200) {
                throw new IOException("HTTP " + resp.statusCode());
            }
            // decoded as every body is: a gateway may compress /metrics for a client that asked
            byte[] body = ContentDecoder.decodeWhole(resp.headers().firstValue("Content-Encoding").orElse(null), resp.body());
            Exposition e = PrometheusTextParser.parse(new String(body, StandardCharsets.UTF_8));
            Engine engine = Engine.detect(e);
            engineLabel = engine.label();
            values = ServerMetricsMapping.map(e, engine);
            SimulatorSelfReport simulator = SimulatorSelfReport.of(e);
            if (simulator.present() && proven) { // infergate's simulator: how far it fell behind its model (analysis.SimulatorLag)
                simulatorJson = simulator.json();
                simulatorSeen = true;
            } else if (simulator.present() && !unprovenSaid) { // its word only: not used, and said so
                unproven = SimulatorAttestation.UNPROVEN;
                unprovenSaid = true;
            }
            scrapes++;
        } catch (Throwable e) {
            error = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            errors++;
        }
        writeLine(new ScrapeLine(offset, engineLabel, values, simulatorJson, unproven, error));
    }

    /**
     * One line of server_metrics.jsonl: when the scrape was asked (ns from the run's origin), then what it read, or
     * why it read nothing; a part not read is absent.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private record ScrapeLine(@JsonProperty("offset_ns") long offsetNs, String engine, ServerMetricsMapping.Values values,
            SimulatorSelfReport.Block simulator, @JsonProperty("simulator_unproven") String simulatorUnproven, String error) {}

    /** The line noting, once, that scrapes outlasted the interval and ticks are skipped. */
    private record SkipNote(@JsonProperty("offset_ns") long offsetNs, String skipped) {}

    private void writeLine(Object line) {
        if (closed) {
            return; // an answer later than the run's end: the file is complete without it
        }
        try {
            out.write(JSON.writeValueAsString(line));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            errors++;
        }
    }

    /** Ticks skipped because a scrape was still running. */
    public synchronized int skipped() {
        return skipped;
    }

    /** Successful scrapes so far. */
    public synchronized int scrapes() {
        return scrapes;
    }

    /** Failed scrapes so far. */
    public synchronized int errors() {
        return errors;
    }

    /** Stops the timer, scrapes a last time (the end of the window) and closes the file. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaitInFlight();
        scrapeOnce();
        awaitInFlight();
        boolean fetchDelays;
        synchronized (this) {
            closed = true;
            try {
                out.close();
            } catch (IOException e) {
                // the lines written so far are flushed already
            }
            fetchDelays = simulatorSeen && delaysPrefix != null;
        }
        if (fetchDelays) {
            SimulatorDelayFetch.fetch(http, url, headers, delaysPrefix, dir);
        }
    }
}
