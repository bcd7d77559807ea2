package dev.infergate.attest;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret by which infergate's simulator proves it is infergate's simulator: its answer to a client's nonce is
 * HMAC-SHA256(key, nonce) ({@code GET /sim/attest?nonce=}). Any server can serve the simulator's series on its
 * {@code /metrics} and its per-request delays; only one that holds the key can answer, so only then is its word on
 * its own lateness taken off a run's figures (docs/acceptance.md). The key never reaches a log, result or report:
 * {@link #toString()} is redacted and the hex form is for the key file alone.
 */
public final class SimulatorKey {
    /** 32 bytes: HMAC-SHA256's block of security. */
    public static final int BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private final byte[] bytes;

    private SimulatorKey(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    /** A fresh random key. */
    public static SimulatorKey random() {
        byte[] b = new byte[BYTES];
        RANDOM.nextBytes(b);
        return new SimulatorKey(b);
    }

    /**
     * The key written as {@link #BYTES} bytes in hex (a key file, {@code INFERGATE_SIM_KEY}); surrounding blanks
     * ignored.
     *
     * @throws IllegalArgumentException when it is not that (the message never repeats the text)
     */
    public static SimulatorKey parse(String hex) {
        String h = hex == null ? "" : hex.strip();
        if (!h.matches("[0-9a-fA-F]{" + (2 * BYTES) + "}")) {
            throw new IllegalArgumentException("a simulator key is " + (2 * BYTES) + " hex digits (" + BYTES
                    + " random bytes, e.g. from 'openssl rand -hex " + BYTES + "')");
        }
        return new SimulatorKey(HexFormat.of().parseHex(h));
    }

    /** A fresh nonce to ask a server with: {@link #BYTES} random bytes in hex. */
    public static String nonce() {
        byte[] b = new byte[BYTES];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The answer to {@code nonce}: HMAC-SHA256(key, nonce's UTF-8 bytes), in lower-case hex. */
    public String answer(String nonce) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(bytes, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(nonce.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Whether {@code answer} (a server's bytes) is this key's answer to {@code nonce}, compared in constant time. */
    public boolean proves(String nonce, String answer) {
        if (answer == null) {
            return false;
        }
        return MessageDigest.isEqual(answer(nonce).getBytes(StandardCharsets.US_ASCII),
                answer.strip().toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }

    /** The key in hex, for the key file alone. */
    String hex() {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public String toString() {
        return "SimulatorKey[redacted]";
    }
}
