package dev.infergate.workload.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file's lines as byte ranges of one reusable buffer, with each line's byte offset, so a trace of millions
 * of lines is read in constant memory and a line can be found again later ({@link #readLineAt}). Line ends are
 * {@code \n}, a {@code \r} before it is dropped. Not thread-safe; {@link #readLineAt} is.
 */
final class LineSource implements Closeable {
    private static final int CHUNK = 1 << 16;

    private final FileChannel channel;
    private byte[] buf = new byte[CHUNK];
    private int start;
    private int limit;
    private long bufferOffset;
    private boolean eof;
    private int lineStart;
    private int lineLength;
    private long lineOffset;
    private long lineNumber;

    LineSource(Path file) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
    }

    /** Moves to the next line; false at the end of the file. */
    boolean next() throws IOException {
        while (true) {
            for (int i = start; i < limit; i++) {
                if (buf[i] == '\n') {
                    take(i, i + 1);
                    return true;
                }
            }
            if (eof) {
                if (start < limit) {
                    take(limit, limit);
                    return true;
                }
                return false;
            }
            fill();
        }
    }

    private void take(int end, int nextStart) {
        lineStart = start;
        lineLength = end - start;
        if (lineLength > 0 && buf[start + lineLength - 1] == '\r') {
            lineLength--;
        }
        lineOffset = bufferOffset + start;
        lineNumber++;
        start = nextStart;
    }

    private void fill() throws IOException {
        int kept = limit - start;
        if (kept == buf.length) {
            byte[] bigger = new byte[buf.length * 2];
            System.arraycopy(buf, start, bigger, 0, kept);
            buf = bigger;
        } else {
            System.arraycopy(buf, start, buf, 0, kept);
        }
        bufferOffset += start;
        start = 0;
        limit = kept;
        int read = channel.read(ByteBuffer.wrap(buf, limit, buf.length - limit));
        if (read < 0) {
            eof = true;
        } else {
            limit += read;
        }
    }

    byte[] buffer() {
        return buf;
    }

    int lineStart() {
        return lineStart;
    }

    int lineLength() {
        return lineLength;
    }

    long lineOffset() {
        return lineOffset;
    }

    long lineNumber() {
        return lineNumber;
    }

    boolean blank() {
        for (int i = lineStart; i < lineStart + lineLength; i++) {
            if (buf[i] != ' ' && buf[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    /** The line starting at {@code offset} (without its end), read with a positional read: thread-safe. */
    static byte[] readLineAt(FileChannel channel, long offset) throws IOException {
        byte[] out = new byte[4096];
        int length = 0;
        while (true) {
            ByteBuffer b = ByteBuffer.wrap(out, length, out.length - length);
            int read = channel.read(b, offset + length);
            int end = length + Math.max(read, 0);
            for (int i = length; i < end; i++) {
                if (out[i] == '\n') {
                    return java.util.Arrays.copyOf(out, i > 0 && out[i - 1] == '\r' ? i - 1 : i);
                }
            }
            length = end;
            if (read < 0 || read == 0 && length < out.length) {
                return java.util.Arrays.copyOf(out, length);
            }
            if (length == out.length) {
                out = java.util.Arrays.copyOf(out, out.length * 2);
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
