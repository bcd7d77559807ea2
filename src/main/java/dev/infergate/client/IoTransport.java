package dev.infergate.client;

import io.vertx.core.transport.Transport;

/**
 * Which socket transport the Vert.x instances of infergate run on. They all prefer the native one (epoll on
 * Linux x86-64, bundled in the jar): fewer system calls and copies per read than Java NIO, which matters when
 * one process stamps tens of thousands of events a second. Elsewhere Vert.x falls back to NIO by itself; the
 * benchmarks print which one ran.
 */
public final class IoTransport {
    private IoTransport() {}

    /** "epoll", or "nio" with the reason the native transport is not available. */
    public static String describe() {
        Transport preferred = Transport.nativeTransport();
        if (preferred != null && preferred.available()) {
            return preferred.name();
        }
        Throwable why = preferred == null ? null : preferred.unavailabilityCause();
        return "nio" + (why == null ? "" : " (native transport unavailable: " + why.getMessage() + ")");
    }
}
