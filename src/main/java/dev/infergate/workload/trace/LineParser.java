package dev.infergate.workload.trace;

/**
 * Turns one line of a trace into a {@link TraceEntry} whose {@code timeNanos} is the line's own timestamp (the
 * reader makes it relative to the first line). Implementations are immutable and thread-safe.
 */
interface LineParser {
    /**
     * @param line the line number, for messages
     * @throws IllegalArgumentException naming what is wrong with the line (the reader adds file and line)
     */
    TraceEntry parse(byte[] bytes, int start, int length, long line, long byteOffset);
}
