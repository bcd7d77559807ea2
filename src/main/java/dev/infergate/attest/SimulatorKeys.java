package dev.infergate.attest;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a client finds the key of the simulator it measures ({@link SimulatorKey}):
 * <ul>
 *   <li>a simulator started in this process (the demo, accept and compare with profiles, tests) registers its key by
 *       port ({@link #register}); a loopback URL on that port is checked with it;</li>
 *   <li>a {@code serve-sim} on this machine writes its key to {@code ~/.infergate/sim-keys/PORT.key} (the directory
 *       0700, the file 0600, removed when it stops); a loopback URL on that port is checked with it, so only the
 *       same user's clients can;</li>
 *   <li>otherwise (a simulator on another machine or pod) the key in {@code INFERGATE_SIM_KEY}.</li>
 * </ul>
 * Without a key, no server's word on its own lateness is used.
 */
public final class SimulatorKeys {
    /** The environment variable that carries a key in hex, for serve-sim and for the client alike. */
    public static final String ENV = "INFERGATE_SIM_KEY";
    private static final Map<Integer, SimulatorKey> IN_PROCESS = new ConcurrentHashMap<>();
    private static volatile SimulatorKey processKey;

    private SimulatorKeys() {}

    /** This process's key, drawn at first use: every simulator started in-process without a key of its own has it. */
    public static synchronized SimulatorKey processKey() {
        if (processKey == null) {
            processKey = SimulatorKey.random();
        }
        return processKey;
    }

    /** A simulator of this process listens on {@code port} with {@code key}. */
    public static void register(int port, SimulatorKey key) {
        IN_PROCESS.put(port, key);
    }

    /** The simulator of this process on {@code port} has stopped. */
    public static void unregister(int port, SimulatorKey key) {
        IN_PROCESS.remove(port, key);
    }

    /** The per-user directory of the key files of the serve-sim processes on this machine. */
    public static Path defaultDir() {
        return Path.of(System.getProperty("user.home"), ".infergate", "sim-keys");
    }

    /** The key file of a serve-sim on {@code port} in {@code dir}. */
    public static Path file(Path dir, int port) {
        return dir.resolve(port + ".key");
    }

    /**
     * Writes {@code key} as the key of the simulator on {@code port}: the directory made 0700, the file 0600 from its
     * creation (written beside it and moved into place, so a reader never sees half a key).
     */
    public static Path writeFile(Path dir, int port, SimulatorKey key) throws IOException {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path target = file(dir, port);
        Path tmp = Files.createTempFile(dir, port + ".", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(tmp, key.hex() + "\n", StandardCharsets.US_ASCII);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }

    /** Reads a key file ({@code --attest-key-file}, or a serve-sim's). */
    public static SimulatorKey readFile(Path file) throws IOException {
        return SimulatorKey.parse(Files.readString(file, StandardCharsets.US_ASCII));
    }

    /** The key to check the server of {@code url} with, from the default places; empty when there is none. */
    public static Optional<SimulatorKey> forUrl(URI url) {
        return forUrl(url, defaultDir(), System.getenv(ENV));
    }

    /** As {@link #forUrl(URI)}, with the key file directory and the environment's key given. */
    static Optional<SimulatorKey> forUrl(URI url, Path dir, String envKey) {
        int port = url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        if (loopback(url.getHost())) {
            SimulatorKey own = IN_PROCESS.get(port);
            if (own != null) {
                return Optional.of(own);
            }
            try {
                Path f = file(dir, port);
                if (Files.isRegularFile(f)) {
                    return Optional.of(readFile(f));
                }
            } catch (IOException | IllegalArgumentException unreadable) {
                // no usable key file: the environment's key, if any
            }
        }
        try {
            return envKey == null || envKey.isBlank() ? Optional.empty() : Optional.of(SimulatorKey.parse(envKey));
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
    }

    private static boolean loopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!h.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            return false; // a name other than localhost is not resolved here: it may name any machine
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
