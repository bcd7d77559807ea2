package dev.infergate.client;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * One line for a request that never got an answer, naming the fix rather than the library: "connection refused" says
 * check the host and port, a TLS handshake with a plain-HTTP server says use {@code http://}, an untrusted
 * certificate says {@code --ca-cert} or {@code --insecure}. Only the exception's class decides; its text (which may
 * quote the server) is not printed for the cases recognised, and the caller redacts what it does print.
 */
final class NetworkAdvice {
    private NetworkAdvice() {}

    /** "cannot reach URL: why; what to do", the URL being {@code urlShown} (credentials already replaced). */
    static String line(Endpoint endpoint, String urlShown, Throwable failure) {
        String at = endpoint.baseUrl().getHost() + ":" + endpoint.port();
        String cannot = "cannot reach " + urlShown + ": ";
        String overTls = "cannot reach " + urlShown + " over TLS: ";
        if (find(failure, UnknownHostException.class) != null) {
            return cannot + "the host '" + endpoint.baseUrl().getHost() + "' is unknown (DNS); check the host name"
                    + " in --base-url";
        }
        if (named(failure, "io.netty.channel.ConnectTimeoutException")) { // a ConnectException too: test it first
            return cannot + "no connection to " + at + " within --connect-timeout; check the host and port in"
                    + " --base-url, and that no firewall drops the connection";
        }
        if (find(failure, java.util.concurrent.TimeoutException.class) != null) {
            return "no answer from " + urlShown + " (" + message(failure) + "); check that --base-url points at the"
                    + " server's API and that the server is not stuck or overloaded";
        }
        if (find(failure, ConnectException.class) != null) {
            return cannot + "nothing accepts connections at " + at + " (connection refused); check the host and port"
                    + " in --base-url and that the server is running";
        }
        if (endpoint.tls() && named(failure, "io.netty.handler.ssl.NotSslRecordException")) {
            return overTls + "the server at " + at + " answered plain HTTP; use http:// in --base-url";
        }
        if (endpoint.tls() && named(failure, "io.netty.handler.ssl.SslHandshakeTimeoutException")) {
            return overTls + "the server at " + at + " did not complete a TLS handshake; if it speaks plain HTTP,"
                    + " use http:// in --base-url";
        }
        if (endpoint.tls() && (find(failure, CertPathBuilderException.class) != null
                || find(failure, CertPathValidatorException.class) != null)) {
            return overTls + "its certificate is not trusted; pass the CA that signed it with --ca-cert PEM, or"
                    + " --insecure to skip the check (testing only)";
        }
        if (endpoint.tls() && find(failure, CertificateException.class) != null) {
            return overTls + "its certificate was refused (" + message(find(failure, CertificateException.class))
                    + "); pass the right CA with --ca-cert PEM, use the host name the certificate names, or"
                    + " --insecure to skip the check (testing only)";
        }
        if (endpoint.tls() && find(failure, SSLException.class) != null) {
            return overTls + "the handshake failed (" + HttpExecutor.describe(deepest(failure)) + "); check that the"
                    + " server speaks https (else use http://), or pass --ca-cert PEM or --insecure";
        }
        if (endpoint.http2() && !endpoint.tls() && named(failure, "io.netty.handler.codec.http2.Http2Exception")) {
            // prior knowledge: the client opens with HTTP/2 frames, and an HTTP/1.1 server answers them with a page
            return cannot + "the server at " + at + " does not speak cleartext HTTP/2 (h2c): it answered --http2's"
                    + " first frames with HTTP/1.1; leave out --http2, or use https:// where HTTP/2 is agreed in the"
                    + " TLS handshake";
        }
        if (!endpoint.tls() && named(failure, "io.vertx.core.http.HttpClosedException")) {
            return cannot + "the server at " + at + " closed the connection without answering; if it speaks TLS,"
                    + " use https:// in --base-url";
        }
        return "cannot reach " + urlShown + " (" + message(failure) + "); check --base-url and that the server is running";
    }

    private static String message(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static Throwable deepest(Throwable t) {
        Throwable d = t;
        for (int i = 0; i < 20 && d.getCause() != null && d.getCause() != d; i++) {
            d = d.getCause();
        }
        return d;
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        Throwable c = t;
        for (int depth = 0; c != null && depth < 20; depth++, c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    private static boolean named(Throwable t, String className) {
        Throwable c = t;
        for (int depth = 0; c != null && depth < 20; depth++, c = c.getCause()) {
            for (Class<?> k = c.getClass(); k != null; k = k.getSuperclass()) {
                if (k.getName().equals(className)) {
                    return true;
                }
            }
        }
        return false;
    }
}
