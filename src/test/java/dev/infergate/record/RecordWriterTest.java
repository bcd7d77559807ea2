package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record writer under odd text and under write failures injected through its sink (no mounts needed). */
class RecordWriterTest {
    @TempDir
    Path dir;

    static RequestRecord failed(long id, String detail) {
        return RequestRecord.builder(id).scheduledNanos(10).sentNanos(20).headersNanos(30).doneNanos(40).status(500)
                .error(ErrorClass.HTTP_5XX).errorDetail(detail).build();
    }

    /** A finished request whose output tokens the writer must count in {@code text}. */
    static FinishedRequest counting(RequestRecord record, String text) {
        return new FinishedRequest() {
            @Override
            public int[] itlGapsMicros() {
                return new int[] {1_000, 2_000};
            }

            @Override
            public String textToCount() {
                return text;
            }

            @Override
            public RequestRecord toRecord(String itlHistogram, int countedOutputTokens) {
                return RequestRecord.builder(record.id()).phase(record.phase()).scheduledNanos(10).sentNanos(20)
                        .headersNanos(30).firstTokenNanos(40).lastTokenNanos(50).doneNanos(60).status(200)
                        .inputTokens(3).outputTokens(Math.max(0, countedOutputTokens))
                        .outputTokensSource(TokenSource.CLIENT).chunks(3).itlHistogram(itlHistogram).build();
            }
        };
    }

    /** A file sink that throws "No space left on device" once {@code okWrites} writes have succeeded, after writing half. */
    static class FullDisk implements RecordSink {
        final RecordSink file;
        final int okWrites;
        int writes;

        FullDisk(Path path, int okWrites) throws IOException {
            this.file = RecordSink.appendingTo(path);
            this.okWrites = okWrites;
        }

        @Override
        public void write(byte[] bytes) throws IOException {
            if (writes++ >= okWrites) {
                file.write(java.util.Arrays.copyOf(bytes, bytes.length / 2)); // a torn line, as a real full disk leaves
                throw new IOException("No space left on device");
            }
            file.write(bytes);
        }

        @Override
        public long size() throws IOException {
            return file.size();
        }

        @Override
        public void truncate(long size) throws IOException {
            file.truncate(size);
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }

    @Test
    void aRecordHandedOverAfterClose_isCounted_notDroppedSilently() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        RecordWriter w = new RecordWriter(log).start();
        w.submit(failed(0, "in time"));
        w.close();
        assertThat(w.submittedAfterClose()).isZero();

        w.submit(failed(1, "late"));
        w.submit(failed(2, "later"));

        assertThat(w.submittedAfterClose()).isEqualTo(2);
        List<RequestRecord> back = new ArrayList<>();
        RunLog.readRecords(dir, back::add);
        assertThat(back).extracting(RequestRecord::id).containsExactly(0L);
    }

    @Test
    void loneSurrogatesAndSplitEmoji_encodeAndReadBack() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        String emoji = "\uD83D\uDE00";
        try (RecordWriter w = new RecordWriter(log).start()) {
            w.submit(failed(0, "lone \uD800 high"));
            w.submit(failed(1, "x".repeat(296) + emoji + "tail"));
            w.submit(failed(2, "lone low \uDC00 and " + emoji));
        }
        List<RequestRecord> back = new ArrayList<>();
        RunLog.Read read = RunLog.read(dir, back::add);
        assertThat(read.records()).isEqualTo(3);
        assertThat(read.torn()).isFalse();
        assertThat(back.get(0).outcome().errorDetail()).isEqualTo("lone \uFFFD high");
        assertThat(back.get(1).outcome().errorDetail()).endsWith(emoji + "tail");
        assertThat(back.get(2).outcome().errorDetail()).isEqualTo("lone low \uFFFD and " + emoji);
    }

    @Test
    void eachRecordIsBuiltOnce_withItsGapsAndCountedTokens_andListenersSeeItAsWritten() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        List<RequestRecord> seen = new ArrayList<>();
        try (RecordWriter w = new RecordWriter(log).countingTokensWith(String::length).onRecord(seen::add).start()) {
            w.submit(counting(failed(7, "e"), "text to count"));
        }
        List<RequestRecord> back = new ArrayList<>();
        RunLog.readRecords(dir, back::add);
        assertThat(back).hasSize(1);
        assertThat(back.get(0).tokens().output()).isEqualTo("text to count".length());
        assertThat(back.get(0).events().itlHistogram()).isEqualTo(new ItlCodec().encode(new int[] {1_000, 2_000}, 2));
        assertThat(seen).hasSize(1);
        assertThat(RecordCodec.toJson(seen.get(0))).isEqualTo(RecordCodec.toJson(back.get(0)));
    }

    @Test
    void aFailingListenerOrTokenizer_neverCostsARecord() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        try (RecordWriter w = new RecordWriter(log).countingTokensWith(t -> { throw new AssertionError("Input is not UTF-8"); }) // as jtokkit does
                .onRecord(r -> { throw new IllegalStateException("listener"); }).start()) {
            for (int i = 0; i < 5; i++) {
                w.submit(counting(failed(i, "e"), "text to count"));
            }
        }
        assertThat(RunLog.readRecords(dir, r -> { })).isEqualTo(5);
    }

    @Test
    void diskFull_stopsWritingKeepsWholeLinesOnlyCountsTheLostAndSaysSo() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        AtomicInteger failures = new AtomicInteger();
        RecordWriter w = new RecordWriter(log, new FullDisk(log, 3)).onFailure(e -> failures.incrementAndGet()).start();
        int submitted = 0;
        for (int i = 0; i < 200; i++) { // bounded: a write per drained queue, so at most 200 writes
            w.submit(failed(i, "e"));
            submitted++;
            Thread.sleep(1);
        }
        assertThatThrownBy(w::close).isInstanceOf(RecordWriter.WriteFailure.class)
                .hasMessageStartingWith("disk full at " + log + ": ")
                .satisfies(e -> {
                    RecordWriter.WriteFailure f = (RecordWriter.WriteFailure) e;
                    assertThat(f.written() + f.lost()).isEqualTo(200);
                    assertThat(f.written()).isPositive();
                    assertThat(f.getMessage()).contains(f.written() + " records written, " + f.lost() + " lost");
                });
        assertThat(failures).hasValue(1);
        byte[] bytes = Files.readAllBytes(log);
        assertThat(bytes[bytes.length - 1]).isEqualTo((byte) '\n'); // the torn half line was cut away
        List<Long> ids = new ArrayList<>();
        RunLog.Read read = RunLog.read(dir, r -> ids.add(r.id()));
        assertThat(read.torn()).isFalse();
        assertThat(ids).doesNotHaveDuplicates(); // nothing written twice, nothing rewritten on close
        assertThat(ids).isEqualTo(ids.stream().sorted().toList());
        assertThat((long) ids.size()).isLessThan(submitted);
    }

    @Test
    void aSinkThatCannotTruncate_leavesATornLastLineThatReadersSkipWithANumber() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        RecordSink noTruncate = new FullDisk(log, 1) {
            @Override
            public void truncate(long size) throws IOException {
                throw new IOException("read-only");
            }
        };
        RecordWriter w = new RecordWriter(log, noTruncate).start();
        w.submit(failed(0, "e"));
        Thread.sleep(200);
        w.submit(failed(1, "e"));
        assertThatThrownBy(w::close).isInstanceOf(RecordWriter.WriteFailure.class);
        RunLog.Read read = RunLog.read(dir, r -> { });
        assertThat(read.records()).isEqualTo(1);
        assertThat(read.tornLine()).isEqualTo(2);
    }

    @Test
    void aBadLineThatIsNotLast_orInvalidUtf8_isRefusedByNumber() throws Exception {
        Path log = dir.resolve(RunLog.REQUESTS_FILE);
        String good = RecordCodec.toJson(failed(0, "e"));
        Files.writeString(log, good + "\n{\"id\":1,\"sched\n" + good + "\n");
        assertThatThrownBy(() -> RunLog.read(dir, r -> { })).hasMessageContaining("line 2: not valid JSON");
        byte[] bad = (good + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] withBadByte = java.util.Arrays.copyOf(bad, bad.length * 2);
        System.arraycopy(bad, 0, withBadByte, bad.length, bad.length);
        withBadByte[bad.length + 20] = (byte) 0xC3; // a lone UTF-8 lead byte inside line 2
        Files.write(log, withBadByte);
        assertThatThrownBy(() -> RunLog.read(dir, r -> { })).hasMessageContaining("line 2: not valid UTF-8");
        Files.writeString(log, "garbage\n");
        assertThatThrownBy(() -> RunLog.read(dir, r -> { })).hasMessageContaining("line 1");
        Files.writeString(log, "garbage");
        assertThatThrownBy(() -> RunLog.read(dir, r -> { })).hasMessageContaining("line 1");
    }
}
