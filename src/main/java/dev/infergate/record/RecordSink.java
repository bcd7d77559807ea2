package dev.infergate.record;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a {@link RecordWriter} puts its bytes: an append-only file in a run, a stand-in that fails on purpose in
 * tests (full disk, I/O error) so the failure paths are tested without mounts.
 */
public interface RecordSink extends Closeable {
    /** Writes every byte, or throws (possibly after writing some of them). */
    void write(byte[] bytes) throws IOException;

    /** The current size in bytes. */
    long size() throws IOException;

    /** Cuts the content back to {@code size} bytes (drops a torn last line after a failed write). */
    void truncate(long size) throws IOException;

    /** A file opened for appending (created when missing). */
    static RecordSink appendingTo(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        return new RecordSink() {
            @Override
            public void write(byte[] bytes) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }

            @Override
            public long size() throws IOException {
                return channel.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                channel.truncate(size);
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    /**
     * A sink that keeps no byte, only the count: for records that are built to warm the code path but belong to
     * no result (the client's warm-up), so that nothing is written outside the run's folder.
     */
    static RecordSink discarding() {
        return new RecordSink() {
            private long size;

            @Override
            public void write(byte[] bytes) {
                size += bytes.length;
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public void truncate(long newSize) {
                size = Math.min(size, newSize);
            }

            @Override
            public void close() {
                // nothing held
            }
        };
    }
}
