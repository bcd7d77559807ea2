package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** The exception's class, anywhere in its chain, picks the advice; the library's wording does not reach the user. */
class NetworkAdviceTest {
    private static final Endpoint HTTP = endpoint("http://gpu-1:8000/v1");
    private static final Endpoint HTTPS = endpoint("https://gpu-1:8443/v1");

    static Endpoint endpoint(String baseUrl) {
        return new Endpoint(URI.create(baseUrl), Api.CHAT, "m", true, Map.of(), null, false, false, Duration.ofSeconds(5));
    }

    private static IOException wrapped(Throwable cause) {
        return new IOException(HttpExecutor.describe(cause), cause);
    }

    @Test
    void aConnectTimeoutIsNotReportedAsRefusedThoughNettyMakesItAConnectException() {
        String line = NetworkAdvice.line(HTTP, "U", wrapped(new io.netty.channel.ConnectTimeoutException("timed out")));
        assertThat(line).isEqualTo("cannot reach U: no connection to gpu-1:8000 within --connect-timeout; check the"
                + " host and port in --base-url, and that no firewall drops the connection");
        assertThat(NetworkAdvice.line(HTTP, "U", wrapped(new ConnectException("refused"))))
                .contains("nothing accepts connections at gpu-1:8000 (connection refused)");
    }

    @Test
    void aHandshakeThatNeverCompletesSuggestsPlainHttp() {
        Throwable t = new SSLHandshakeException("Failed to create SSL connection");
        t.initCause(new io.netty.handler.ssl.SslHandshakeTimeoutException("handshake timed out after 10000ms"));
        assertThat(NetworkAdvice.line(HTTPS, "U", wrapped(t)))
                .isEqualTo("cannot reach U over TLS: the server at gpu-1:8443 did not complete a TLS handshake;"
                        + " if it speaks plain HTTP, use http:// in --base-url");
    }

    @Test
    void aCertificateForAnotherNameSuggestsCaCertTheNameOrInsecure() {
        Throwable t = new SSLHandshakeException("handshake");
        t.initCause(new CertificateException("No subject alternative DNS name matching gpu-1 found."));
        assertThat(NetworkAdvice.line(HTTPS, "U", wrapped(t))).contains("its certificate was refused (No subject")
                .contains("--ca-cert PEM", "host name the certificate names", "--insecure");
    }

    @Test
    void anUnknownHostAndANoAnswerAreNamedAndAnythingElseKeepsTheLibrarysLine() {
        assertThat(NetworkAdvice.line(HTTP, "U", wrapped(new UnknownHostException("gpu-1"))))
                .isEqualTo("cannot reach U: the host 'gpu-1' is unknown (DNS); check the host name in --base-url");
        assertThat(NetworkAdvice.line(HTTP, "U", new IOException("no answer within 30 s", new TimeoutException())))
                .startsWith("no answer from U (no answer within 30 s); check that --base-url points at the server's API");
        assertThat(NetworkAdvice.line(HTTP, "U", wrapped(new IllegalStateException("odd"))))
                .isEqualTo("cannot reach U (IllegalStateException: odd); check --base-url and that the server is running");
    }

    @Test
    void tlsAdviceIsNeverGivenForAPlainHttpUrl() {
        Throwable t = new SSLHandshakeException("x");
        t.initCause(new CertificateException("y"));
        assertThat(NetworkAdvice.line(HTTP, "U", wrapped(t))).doesNotContain("--ca-cert", "over TLS");
    }
}
