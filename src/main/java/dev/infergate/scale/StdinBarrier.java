package dev.infergate.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A local worker's barrier: its launcher writes {@code start INSTANT} and later perhaps {@code stop} to its stdin.
 * The end of stdin (the launcher died) counts as a stop, so an orphaned worker does not wait for ever.
 */
public final class StdinBarrier implements BarrierSource {
    private volatile Instant startAt;
    private volatile boolean stop;

    public StdinBarrier(InputStream in) {
        Thread reader = new Thread(() -> read(in), "infergate-barrier");
        reader.setDaemon(true);
        reader.start();
    }

    /** The line that publishes a start. */
    public static String startLine(Instant startAt) {
        return "start " + startAt;
    }

    /** The line that asks for a stop. */
    public static final String STOP_LINE = "stop";

    private void read(InputStream in) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                line = line.trim();
                if (line.startsWith("start ")) {
                    try {
                        startAt = Instant.parse(line.substring(6).trim());
                    } catch (DateTimeParseException e) {
                        // not a start: ignore, the launcher writes well-formed instants
                    }
                } else if (line.equals(STOP_LINE)) {
                    stop = true;
                }
            }
        } catch (IOException e) {
            // the pipe broke: as good as closed
        }
        stop = true;
    }

    @Override
    public Signal poll() {
        return new Signal(startAt, stop);
    }

    @Override
    public Duration pollInterval() {
        return Duration.ofMillis(20);
    }
}
