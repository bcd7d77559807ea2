package dev.infergate.client.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** However a stream is split into reads, the parser reports the same events, each at the right read. */
class SseParserSplitPropertyTest {

    record Event(String type, List<String> dataLines, List<String> breaks) {
    }

    /** The serialized stream and, per event, the byte offset where its dispatching line break starts. */
    record Wire(byte[] bytes, List<Integer> dispatchOffsets) {
    }

    @Property(tries = 300)
    void anySplitIntoReads_yieldsTheSameEvents_atTheReadsHoldingTheirBlankLines(
            @ForAll("events") List<Event> events,
            @ForAll @Size(max = 12) List<@IntRange(min = 0, max = 10_000) Integer> cuts,
            @ForAll boolean withBom) {
        Wire wire = serialize(events, withBom);
        TreeSet<Integer> cutPoints = new TreeSet<>();
        cuts.forEach(c -> cutPoints.add(c % (wire.bytes().length + 1)));
        cutPoints.add(wire.bytes().length);

        RecordingListener listener = new RecordingListener();
        SseParser parser = new SseParser(listener);
        int from = 0;
        long read = 0;
        for (int cut : cutPoints) {
            parser.feed(wire.bytes(), from, cut - from, read++);
            from = cut;
        }

        assertThat(listener.events).hasSize(events.size());
        for (int i = 0; i < events.size(); i++) {
            RecordingListener.Event got = listener.events.get(i);
            Event sent = events.get(i);
            assertThat(got.type()).isEqualTo(sent.type() == null ? "message" : sent.type());
            assertThat(got.data()).isEqualTo(String.join("\n", sent.dataLines()));
            int offset = wire.dispatchOffsets().get(i);
            assertThat(got.arrivalNanos()).as("read index of event %d", i).isEqualTo(readIndexOf(cutPoints, offset));
        }
        assertThat(parser.finish()).isFalse();
    }

    /** Index of the read (0-based) that carries the byte at {@code offset}. */
    private static long readIndexOf(TreeSet<Integer> cutPoints, int offset) {
        return cutPoints.headSet(offset, true).size();
    }

    @Provide
    Arbitrary<List<Event>> events() {
        Arbitrary<String> value = Arbitraries.strings()
                .withChars("ab :{}\"\u00e9\u4e2d")
                .withChars("\ud83d\ude00".toCharArray())
                .ofMaxLength(12)
                .filter(s -> !hasLoneSurrogate(s));
        Arbitrary<String> lineBreak = Arbitraries.of("\n", "\r", "\r\n");
        Arbitrary<String> type = Arbitraries.of("delta", "error").injectNull(0.6);
        return Combinators.combine(type, value.list().ofMinSize(1).ofMaxSize(3), lineBreak.list().ofSize(5))
                .as(Event::new).list().ofMinSize(1).ofMaxSize(8);
    }

    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static Wire serialize(List<Event> events, boolean withBom) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (withBom) {
            out.write(0xEF);
            out.write(0xBB);
            out.write(0xBF);
        }
        List<Integer> offsets = new ArrayList<>();
        for (Event e : events) {
            int k = 0;
            write(out, ": keep-alive" + e.breaks().get(k++ % 5));
            if (e.type() != null) {
                write(out, "event: " + e.type() + e.breaks().get(k++ % 5));
            }
            String previous = "";
            for (String line : e.dataLines()) {
                previous = e.breaks().get(k++ % 5);
                write(out, "data: " + line + previous);
            }
            offsets.add(out.size());
            String blank = e.breaks().get(k % 5);
            // a CR then a lone LF would be one CRLF line break, not a blank line
            write(out, previous.equals("\r") && blank.equals("\n") ? "\r" : blank);
        }
        return new Wire(out.toByteArray(), offsets);
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
