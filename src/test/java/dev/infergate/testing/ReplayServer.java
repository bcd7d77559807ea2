package dev.infergate.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;

/**
 * A raw TCP server on 127.0.0.1 (an ephemeral port) that answers every connection with recorded or
 * scripted bytes at recorded times, so a real HTTP client can be tested against real server behaviour.
 *
 * <p>Per connection: it reads the request head and its {@code Content-Length} body, then writes each
 * {@link Step} when {@link Step#atNanos()} nanoseconds have passed since the request was fully received
 * (flushing every step, TCP_NODELAY, so read boundaries roughly survive), then closes the connection.
 * The bytes are written as given: they must be a whole HTTP/1.1 response, framing included (see
 * {@link Script} for building one).
 */
public final class ReplayServer implements AutoCloseable {

    /**
     * Bytes to write at a time.
     *
     * @param atNanos offset from when the request was fully received, in nanoseconds
     * @param bytes   raw bytes to write
     */
    public record Step(long atNanos, byte[] bytes) {
        public Step {
            if (atNanos < 0) {
                throw new IllegalArgumentException("atNanos (" + atNanos + ") must be >= 0");
            }
        }
    }

    /**
     * A request as the server received it.
     *
     * @param head the request line and headers (ISO-8859-1 text, CRLF line ends)
     * @param body the request body
     */
    public record ReceivedRequest(String head, byte[] body) {
        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final ServerSocket server;
    private final List<Step> steps;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "replay-server");
        t.setDaemon(true);
        return t;
    });
    private final ConcurrentLinkedQueue<ReceivedRequest> requests = new ConcurrentLinkedQueue<>();

    private ReplayServer(List<Step> steps) throws IOException {
        this.steps = List.copyOf(steps);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    /** Serves a fixture's reads at their recorded {@code t_ns} offsets. */
    public static ReplayServer replaying(Fixture fixture) throws IOException {
        return new ReplayServer(fixture.reads().stream().map(r -> new Step(r.tNanos(), r.bytes())).toList());
    }

    /** Serves scripted steps (see {@link Script}). */
    public static ReplayServer scripted(List<Step> steps) throws IOException {
        return new ReplayServer(steps);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT} */
    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** Requests received so far, in arrival order. */
    public List<ReceivedRequest> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            requests.add(readRequest(in));
            long receivedNanos = System.nanoTime();
            OutputStream out = socket.getOutputStream();
            for (Step step : steps) {
                waitUntil(receivedNanos + step.atNanos());
                out.write(step.bytes());
                out.flush();
            }
            socket.shutdownOutput();
        } catch (IOException e) {
            // the client went away; nothing to report
        }
    }

    private static ReceivedRequest readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int lastFour = 0;
        while (lastFour != 0x0D0A0D0A) { // until CR LF CR LF
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside the request head");
            }
            head.write(b);
            lastFour = (lastFour << 8) | b;
        }
        String headText = head.toString(StandardCharsets.ISO_8859_1);
        int length = contentLength(headText);
        byte[] body = in.readNBytes(length);
        return new ReceivedRequest(headText, body);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).strip());
            }
        }
        return 0;
    }

    private static void waitUntil(long deadlineNanos) {
        for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }
}
