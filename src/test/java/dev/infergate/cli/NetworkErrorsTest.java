package dev.infergate.cli;

import static dev.infergate.cli.CliErrorsTest.assertOneLine;
import static dev.infergate.cli.CliErrorsTest.freePort;
import static dev.infergate.cli.CliErrorsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SelfSignedCertificate;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A request that gets no usable answer is one line naming the fix (host and port, http or https, --ca-cert or
 * --insecure, --api-key-env, /v1 or --api), not the library's exception; the exit code is unchanged (3).
 */
class NetworkErrorsTest {

    @Test
    void aClosedPortSaysNothingListensThereAndToCheckHostAndPort() throws Exception {
        int port = freePort();
        CliErrorsTest.Outcome o = run("probe", "--base-url", "http://127.0.0.1:" + port + "/v1");
        assertOneLine(o, 3, "cannot reach http://127.0.0.1:" + port + "/v1/models: nothing accepts connections at 127.0.0.1:" + port, "connection refused",
                "check the host and port in --base-url and that the server is running");
        assertThat(o.err()).doesNotContain("AnnotatedConnectException", "finishConnect", "error(-111)");
    }

    @Test
    void anUnknownHostSaysToCheckTheHostName() {
        CliErrorsTest.Outcome o = run("probe", "--base-url", "http://no-such-host.invalid/v1");
        assertOneLine(o, 3, "the host 'no-such-host.invalid' is unknown", "check the host name in --base-url");
        assertThat(o.err()).doesNotContain("UnknownHostException");
    }

    @Test
    void httpsAgainstAPlainHttpServerSaysToUseHttp() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> answerPlainHttp(server));
            t.setDaemon(true);
            t.start();
            CliErrorsTest.Outcome o = run("probe", "--base-url", "https://127.0.0.1:" + server.getLocalPort() + "/v1");
            assertOneLine(o, 3, "over TLS: the server at 127.0.0.1:" + server.getLocalPort() + " answered plain HTTP", "use http:// in --base-url");
            assertThat(o.err()).doesNotContain("SSLHandshakeException");
        }
    }

    @Test
    void anUntrustedCertificateSuggestsCaCertOrInsecureAndHttpAgainstTlsSuggestsHttps() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            SelfSignedCertificate cert = SelfSignedCertificate.create();
            int port = vertx.createHttpServer(new HttpServerOptions().setSsl(true).setKeyCertOptions(cert.keyCertOptions()))
                    .requestHandler(r -> r.response().setStatusCode(404).end())
                    .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get().actualPort();
            CliErrorsTest.Outcome o = run("probe", "--base-url", "https://127.0.0.1:" + port + "/v1");
            assertOneLine(o, 3, "over TLS: its certificate is not trusted", "--ca-cert PEM", "--insecure");
            assertThat(o.err()).doesNotContain("PKIX", "SSLHandshakeException", "that the server is running");

            CliErrorsTest.Outcome plain = run("probe", "--base-url", "http://127.0.0.1:" + port + "/v1");
            assertOneLine(plain, 3, "closed the connection without answering", "if it speaks TLS, use https://");
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
    }

    @Test
    void aRefusedOrMissingKeyNamesApiKeyEnvAndTheServersTextStaysOut() throws Exception {
        HttpServer server = server(401, "{\"error\":\"bad key \u001b[31m\"}");
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
            if (System.getenv("OPENAI_API_KEY") == null) { // the default variable, unset: the line says to set it
                CliErrorsTest.Outcome missing = run("probe", "--base-url", url);
                assertOneLine(missing, 3, "answered 401", "set $OPENAI_API_KEY to an API key", "--api-key-env");
            }

            CliErrorsTest.Outcome refused = run("probe", "--base-url", url, "--api-key-env", "HOME");
            assertOneLine(refused, 3, "answered 401", "the API key in $HOME was refused", "--api-key-env");
            assertThat(refused.err()).doesNotContain(System.getenv("HOME") + "/", "bad key", "\u001b");

        } finally {
            server.stop(0);
        }
    }

    @Test
    void aKeyRefusedOnlyByTheTestRequestNamesApiKeyEnvToo() throws Exception {
        HttpServer server = withModels(server(401, "{\"error\":\"bad key\"}"));
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
            CliErrorsTest.Outcome o = run("probe", "--base-url", url, "--api-key-env", "HOME");
            assertOneLine(o, 3, "answered 401 to " + url + "/chat/completions", "the API key in $HOME was refused",
                    "--api-key-env");
            assertThat(o.err()).doesNotContain("bad key");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void a403ToEveryRequestIsTheKeys_while403ToTheExactLengthFieldsOnlyLetsTheRunGoOn() throws Exception {
        HttpServer server = withModels(server(403, "{\"error\":\"forbidden\"}"));
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
            CliErrorsTest.Outcome o = run("probe", "--base-url", url, "--api-key-env", "HOME");
            assertOneLine(o, 3, "answered 403 to " + url + "/chat/completions", "the API key in $HOME was refused",
                    "--api-key-env");
        } finally {
            server.stop(0);
        }
        java.util.concurrent.atomic.AtomicInteger plainRequests = new java.util.concurrent.atomic.AtomicInteger();
        HttpServer fieldsOnly = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fieldsOnly.createContext("/v1/chat/completions", ex -> {
            String request = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean exact = request.contains("ignore_eos");
            if (!exact) {
                plainRequests.incrementAndGet();
            }
            byte[] b = (exact ? "{\"error\":\"field not allowed\"}"
                    : "{\"choices\":[{\"message\":{\"content\":\"hi\"}}]}").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(exact ? 403 : 200, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        fieldsOnly.start();
        dev.infergate.client.Endpoint endpoint = new dev.infergate.client.Endpoint(
                java.net.URI.create("http://127.0.0.1:" + fieldsOnly.getAddress().getPort() + "/v1"),
                dev.infergate.client.Api.CHAT, "m", true, java.util.Map.of(), null, false, false, java.time.Duration.ofSeconds(10));
        try (dev.infergate.client.HttpExecutor http = new dev.infergate.client.HttpExecutor(endpoint, 2, 1)) {
            dev.infergate.client.Preflight.Result r = dev.infergate.client.Preflight.run(http, "m", true, "HOME", true);
            assertThat(r.exactOutput()).as("the fields are refused, the key is not").isFalse();
            assertThat(plainRequests.get()).isEqualTo(1);
        } finally {
            fieldsOnly.stop(0);
        }
    }

    @Test
    void aMissingApiPathSuggestsV1OrAnotherApi() throws Exception {
        HttpServer server = server(404, "not here");
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort();
            assertOneLine(run("probe", "--base-url", root + "/", "--model", "m"), 3,
                    "the server has no " + root + "/chat/completions",
                    "answer below /v1: try --base-url " + root + "/v1, or another --api (chat, completions");
            CliErrorsTest.Outcome atV1 = run("probe", "--base-url", root + "/v1", "--model", "m");
            assertOneLine(atV1, 3, "the server has no " + root + "/v1/chat/completions", "; try another --api (chat");
            assertThat(atV1.err()).doesNotContain("below /v1");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void http2AgainstAServerWithoutCleartextHttp2SaysToLeaveItOut() throws Exception {
        HttpServer server = server(200, "{\"data\":[{\"id\":\"m\"}]}"); // HTTP/1.1 only, as most servers are
        try {
            int port = server.getAddress().getPort();
            CliErrorsTest.Outcome o = run("probe", "--base-url", "http://127.0.0.1:" + port + "/v1", "--http2");
            assertOneLine(o, 3, "the server at 127.0.0.1:" + port + " does not speak cleartext HTTP/2 (h2c)",
                    "leave out --http2, or use https://");
            assertThat(o.err()).doesNotContain("SETTINGS", "Hex dump", "Http2Exception");
        } finally {
            server.stop(0);
        }
    }

    /** {@code server} with a model list at /v1/models: the preflight gets past it to the test request. */
    private static HttpServer withModels(HttpServer server) {
        server.createContext("/v1/models", ex -> {
            byte[] b = "{\"data\":[{\"id\":\"m\"}]}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        return server;
    }

    private static HttpServer server(int status, String body) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
        return server;
    }

    /** What a plain-HTTP server does with a TLS ClientHello: answers 400 in clear text and closes. */
    private static void answerPlainHttp(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                s.getInputStream().read(new byte[512]);
                s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
            } catch (java.io.IOException e) {
                return;
            }
        }
    }
}
