package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any text in any string field of a record round-trips through requests.jsonl (the writer thread, the file,
 * the reader) and {@code summarize}: well-formed text exactly, a lone surrogate as U+FFFD.
 */
class RecordRoundTripPropertyTest {

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(400), // every char, lone surrogates included
                Arbitraries.strings().withCharRange('\uD800', '\uDFFF').ofMaxLength(8),
                Arbitraries.strings().withChars("\"\\\n\r\t\u0000\u2028{}[]:,").ofMaxLength(40));
    }

    @Property(tries = 60)
    void anyTextInAnyField_roundTripsThroughTheLogAndSummarize(@ForAll("anyText") String condition,
            @ForAll("anyText") String session, @ForAll("anyText") String detail) throws Exception {
        Path dir = Files.createTempDirectory("roundtrip");
        try {
            Files.writeString(dir.resolve(RunLog.RUN_FILE), "{\"schema\":\"infergate.run/1\",\"ended_at\":\"x\"}");
            RequestRecord r = RequestRecord.builder(0).condition(condition).session(session).turn(1)
                    .scheduledNanos(10).sentNanos(20).headersNanos(30).firstTokenNanos(40).lastTokenNanos(50)
                    .doneNanos(60).status(429).error(ErrorClass.HTTP_429).errorDetail(detail).retryAfterSeconds(1.5)
                    .inputTokens(8).build();
            try (RecordWriter w = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).start()) {
                w.submit(r);
            }
            List<RequestRecord> back = new ArrayList<>();
            RunLog.Read read = RunLog.read(dir, back::add);
            assertThat(read.records()).isEqualTo(1);
            RequestRecord b = back.get(0);
            assertThat(b.condition()).isEqualTo(Text.wellFormed(condition));
            assertThat(b.session()).isEqualTo(Text.wellFormed(session));
            assertThat(b.outcome().errorDetail()).isEqualTo(Text.wellFormed(detail));
            assertThat(b.outcome().retryAfterSeconds()).isEqualTo(1.5);
            Summary summary = Summarizer.write(dir);
            assertThat(summary.figures().requests().sent()).isEqualTo(1L);
            assertThat(summary.partial()).isFalse();
        } finally {
            try (var files = Files.list(dir)) {
                files.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }
}
