package dev.infergate.sim;

import dev.infergate.attest.SimulatorKey;
import dev.infergate.attest.SimulatorKeys;
import dev.infergate.sim.driver.DispatchLateness;
import dev.infergate.sim.driver.RealTimeDriver;
import dev.infergate.sim.engine.Engine;
import dev.infergate.sim.engine.EngineMetrics;
import dev.infergate.sim.http.EmissionTap;
import dev.infergate.sim.http.SimRoutes;
import dev.infergate.sim.profile.SimProfile;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;

/**
 * The simulated OpenAI-compatible inference server, started in-process:
 *
 * <pre>{@code
 * try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 42)) {
 *     String baseUrl = server.baseUrl(); // http://127.0.0.1:PORT/v1
 * }
 * }</pre>
 *
 * <p>It owns a Vert.x instance (one HTTP server per event loop, sharing the port) and the real-time driver
 * thread that runs the engine. It is a model, not a measurement of any real engine: see docs/simulator.md.
 *
 * <p>It proves it is infergate's simulator with a key ({@code GET /sim/attest}, {@link SimulatorKey}): this process's
 * random key unless one is given, registered by port so a client in this process checks it
 * ({@link SimulatorKeys}); only then is its word on its own lateness used.
 */
public final class SimServer implements AutoCloseable {
    /** Said wherever the simulator shows itself. */
    public static final String DISCLAIMER = "a simulation: a model, not a measurement of any real engine";
    private static final long START_TIMEOUT_SECONDS = 30;

    private final Vertx vertx;
    private final RealTimeDriver driver;
    private final Engine engine;
    private final DispatchLateness lateness;
    private final SimProfile profile;
    private final String host;
    private final int port;
    private final SimulatorKey key;

    private SimServer(Vertx vertx, RealTimeDriver driver, Engine engine, DispatchLateness lateness, SimProfile profile,
            String host, int port, SimulatorKey key) {
        this.vertx = vertx;
        this.driver = driver;
        this.engine = engine;
        this.lateness = lateness;
        this.profile = profile;
        this.host = host;
        this.port = port;
        this.key = key;
    }

    /**
     * Starts a server and returns once it accepts connections.
     *
     * @param host address to bind; use 127.0.0.1 unless other machines must reach it
     * @param port port to bind, 0 for any free port (see {@link #port()})
     * @param seed seeds answer lengths, generated words and fault draws
     * @throws IllegalStateException when the address cannot be bound (the message says why)
     */
    public static SimServer start(SimProfile profile, String host, int port, long seed) {
        return start(profile, host, port, seed, EmissionTap.NONE);
    }

    /**
     * As {@link #start(SimProfile, String, int, long)}, with {@code tap} told of every streamed token as it is
     * written (for benchmarks of the simulator's own timing).
     */
    public static SimServer start(SimProfile profile, String host, int port, long seed, EmissionTap tap) {
        return start(profile, host, port, seed, tap, SimulatorKeys.processKey());
    }

    /** As {@link #start(SimProfile, String, int, long, EmissionTap)}, proving itself with {@code key}. */
    public static SimServer start(SimProfile profile, String host, int port, long seed, EmissionTap tap, SimulatorKey key) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port (" + port + ") must be between 0 and 65535");
        }
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        DispatchLateness lateness = new DispatchLateness();
        Engine engine = new Engine(profile);
        RealTimeDriver driver = new RealTimeDriver(engine, System::nanoTime, lateness).start();
        SimRoutes routes = new SimRoutes(profile, seed, driver, engine.metrics(), lateness, System::nanoTime, tap, key);
        try {
            // A negative port makes Vert.x share one random free port between the instances.
            int bindPort = port == 0 ? -1 : port;
            List<HttpVerticle> instances = new CopyOnWriteArrayList<>();
            int count = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
            await(vertx.deployVerticle(() -> {
                HttpVerticle verticle = new HttpVerticle(routes, host, bindPort);
                instances.add(verticle);
                return verticle;
            }, new DeploymentOptions().setInstances(count)));
            int actualPort = instances.get(0).actualPort;
            if (instances.stream().anyMatch(v -> v.actualPort != actualPort)) {
                throw new IllegalStateException("the HTTP server instances did not share one port");
            }
            SimulatorKeys.register(actualPort, key);
            return new SimServer(vertx, driver, engine, lateness, profile, host, actualPort, key);
        } catch (RuntimeException e) {
            driver.close();
            vertx.close();
            throw new IllegalStateException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** The id of the thread that runs the engine (for a benchmark's CPU breakdown). */
    public long engineThreadId() {
        return driver.threadId();
    }

    /** The bound port. */
    public int port() {
        return port;
    }

    /** The OpenAI base URL, e.g. {@code http://127.0.0.1:8000/v1} (loopback when bound to all addresses). */
    public String baseUrl() {
        String h = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
        return "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + port + "/v1";
    }

    public SimProfile profile() {
        return profile;
    }

    /** The engine's counters, the ones {@code /metrics} reports. */
    public EngineMetrics engineMetrics() {
        return engine.metrics();
    }

    /**
     * How late tokens reached their connection's event loop compared with the model's timeline, in
     * nanoseconds: the simulator's own timing error, to quote beside any result measured against it.
     */
    public Histogram dispatchLatenessNanos() {
        return lateness.snapshotNanos();
    }

    /** Model time the engine lost to stalls (its thread too far behind its timeline), in nanoseconds. */
    public long engineStalledNanos() {
        return lateness.stalledNanos();
    }

    /** Stops the engine thread and Vert.x; open streams are cut. */
    @Override
    public void close() {
        SimulatorKeys.unregister(port, key);
        driver.close();
        try {
            await(vertx.close());
        } catch (RuntimeException e) {
            // closing is best effort: the driver thread is already stopped
        }
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out after " + START_TIMEOUT_SECONDS + "s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** One HTTP server on one event loop; several share the port and Vert.x spreads connections over them. */
    private static final class HttpVerticle extends VerticleBase {
        private final SimRoutes routes;
        private final String host;
        private final int port;
        private volatile int actualPort;

        HttpVerticle(SimRoutes routes, String host, int port) {
            this.routes = routes;
            this.host = host;
            this.port = port;
        }

        @Override
        public Future<?> start() {
            return vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port).setTcpNoDelay(true))
                    .requestHandler(routes.router(vertx))
                    .listen()
                    .onSuccess(server -> actualPort = server.actualPort());
        }
    }
}
