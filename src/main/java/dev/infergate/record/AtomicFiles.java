package dev.infergate.record;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/**
 * Writes every result file (summary.json, run.json, report.html, comparisons, acceptance, merged logs, ...)
 * to a temporary file in the same directory, forces it to disk, then renames it over the target. A full
 * disk, an I/O error or a kill therefore leaves the old file or none, never a truncated or 0-byte one.
 * The only file written otherwise is the append-only {@code requests.jsonl} ({@link RecordWriter}).
 */
public final class AtomicFiles {
    /** What writes the content; it may close the stream it is given (Jackson does). */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private AtomicFiles() {}

    /** Replaces {@code file} with {@code text} in UTF-8. */
    public static void writeString(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(file, out -> out.write(bytes));
    }

    /** Replaces {@code file} with {@code value} as JSON, as {@code mapper} writes it. */
    public static void writeJson(ObjectMapper mapper, Path file, Object value) throws IOException {
        write(file, out -> mapper.writeValue(out, value));
    }

    /** Replaces {@code file} with what {@code content} writes; on failure {@code file} is left as it was. */
    public static void write(Path file, Content content) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        // not Files.createTempFile: its files are owner-only (0600); CREATE_NEW gives the umask's permissions, as any file
        Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(RANDOM.nextLong()) + ".tmp");
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 64 * 1024);
                content.writeTo(new FilterOutputStream(out) {
                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        out.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush(); // the channel must stay open to be forced below
                    }
                });
                out.flush();
                channel.force(true);
            }
            move(temp, target);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING); // same directory: still one rename on POSIX
        }
    }
}
