package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that resets every streamed response: the run records each as {@code reset}, and stderr holds the
 * run's own line only, not one "SEVERE ... Connection reset by peer" per connection from Vert.x.
 */
class ConnectionResetLogTest {
    @TempDir
    Path dir;

    /** Answers /models and the non-streaming test request; resets each streamed answer after one event. */
    static void serve(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket c = server.accept()) {
                String request = readRequest(c.getInputStream());
                OutputStream o = c.getOutputStream();
                if (request.startsWith("GET/v1/models")) {
                    respond(o, "application/json", "{\"data\":[{\"id\":\"m\"}]}");
                } else if (request.startsWith("POST") && !request.contains("\"stream\":true")) {
                    respond(o, "application/json", "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"hi\"}}]}");
                } else if (request.startsWith("POST")) {
                    String event = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n";
                    o.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + Integer.toHexString(event.length()) + "\r\n" + event + "\r\n").getBytes(StandardCharsets.UTF_8));
                    o.flush();
                    c.setSoLinger(true, 0); // close with RST: "Connection reset by peer" on the client
                } else {
                    o.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // the next connection
            }
        }
    }

    private static String readRequest(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int contentLength = -1;
        while (true) {
            int ch = in.read();
            if (ch < 0) {
                return b.toString();
            }
            b.append((char) ch);
            if (b.toString().endsWith("\r\n\r\n")) {
                for (String line : b.toString().split("\r\n")) {
                    if (line.toLowerCase().startsWith("content-length:")) {
                        contentLength = Integer.parseInt(line.substring(15).trim());
                    }
                }
                break;
            }
        }
        if (contentLength > 0) {
            b.append(new String(in.readNBytes(contentLength), StandardCharsets.UTF_8));
        }
        return b.toString().replace(" ", "");
    }

    private static void respond(OutputStream o, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        o.write(("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + bytes.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        o.write(bytes);
        o.flush();
    }

    @Test
    void resetConnections_areRecorded_andNotLoggedBySevereLines() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> serve(server), "resetting-server");
            t.setDaemon(true);
            t.start();
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", SecretsEndToEndTest.classPath(), Main.class.getName(), "run", "--base-url",
                    "http://127.0.0.1:" + server.getLocalPort() + "/v1", "--requests", "6", "--concurrency", "2",
                    "--out", dir.resolve("run").toString(), "--no-progress", "--server-metrics", "off"));
            Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out").toFile())
                    .redirectError(dir.resolve("err").toFile()).start();
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
            String err = Files.readString(dir.resolve("err"));
            assertThat(dir.resolve("run/requests.jsonl")).as("stderr: %s", err).exists();
            assertThat(Files.readString(dir.resolve("run/requests.jsonl"))).contains("\"outcome\":\"reset\"");
            assertThat(err).doesNotContain("SEVERE").doesNotContain("Connection reset");
            assertThat(err.strip().lines()).hasSize(1).allMatch(l -> l.startsWith("infergate: every measured request failed"));
            assertThat(p.exitValue()).isEqualTo(3);
        }
    }
}
