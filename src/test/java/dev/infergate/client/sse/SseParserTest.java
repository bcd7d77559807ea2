package dev.infergate.client.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseParserTest {

    private final RecordingListener listener = new RecordingListener();
    private final SseParser parser = new SseParser(listener);

    private void feed(String text, long arrivalNanos) {
        feed(text.getBytes(StandardCharsets.UTF_8), arrivalNanos);
    }

    private void feed(byte[] bytes, long arrivalNanos) {
        parser.feed(bytes, 0, bytes.length, arrivalNanos);
    }

    @Test
    void event_isDispatchedAtTheBlankLine_withTheArrivalOfTheReadHoldingIt() {
        feed("data: a\n", 10);
        assertThat(listener.events).isEmpty();
        feed("\n", 20);
        assertThat(listener.events).containsExactly(new RecordingListener.Event("message", "a", "", 20));
    }

    @Test
    void multipleDataLines_areJoinedWithLineFeeds() {
        feed("data: one\ndata: two\ndata:\ndata: four\n\n", 1);
        assertThat(listener.data()).containsExactly("one\ntwo\n\nfour");
    }

    @Test
    void data_losesExactlyOneLeadingSpace() {
        feed("data:x\n\ndata: x\n\ndata:  x\n\n", 1);
        assertThat(listener.data()).containsExactly("x", "x", " x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "\r", "\r\n"})
    void lf_cr_and_crlf_areEachOneLineBreak(String br) {
        feed("data: a" + br + "data: b" + br + br + "data: c" + br + br, 1);
        assertThat(listener.data()).containsExactly("a\nb", "c");
    }

    @Test
    void crAtTheEndOfOneRead_andLfAtTheStartOfTheNext_areOneLineBreak() {
        feed("data: a\r", 1);
        feed("\ndata: b\r", 2);
        feed("\n\r", 3);
        feed("\n", 4);
        assertThat(listener.events).containsExactly(new RecordingListener.Event("message", "a\nb", "", 3));
    }

    @Test
    void utf8Character_splitAcrossReads_isDecodedWhole() {
        byte[] bytes = "data: h\u00e9\u4e2d\ud83d\ude00!\n\n".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            parser.feed(bytes, i, 1, i);
        }
        assertThat(listener.data()).containsExactly("h\u00e9\u4e2d\ud83d\ude00!");
    }

    @Test
    void byteOrderMark_isSkippedAtTheStartOfTheStreamOnly() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        parser.feed(bom, 0, 2, 1);
        parser.feed(bom, 2, 1, 1);
        feed("data: a\n\n", 1);
        feed(bom, 2);
        feed("data: b\n\n", 2);
        assertThat(listener.data()).containsExactly("a");
        assertThat(listener.unknownFields).extracting(RecordingListener.Field::name).containsExactly("\uFEFFdata");
    }

    @Test
    void comments_areReportedWithTheirArrival_andNeverDispatched() {
        feed(": ping\n", 5);
        feed(":\n\n", 6);
        feed("data: x\n:keep-alive\n\n", 7);
        assertThat(listener.comments).containsExactly(5L, 6L, 7L);
        assertThat(listener.data()).containsExactly("x");
    }

    @Test
    void eventType_appliesToOneEvent_andDefaultsToMessage() {
        feed("event: delta\ndata: a\n\ndata: b\n\nevent:\ndata: c\n\n", 1);
        assertThat(listener.events).extracting(RecordingListener.Event::type).containsExactly("delta", "message", "message");
    }

    @Test
    void lastEventId_persistsAcrossEvents_andIgnoresValuesWithNul() {
        feed("id: 7\ndata: a\n\ndata: b\n\nid: 8\u0000\ndata: c\n\nid\ndata: d\n\n", 1);
        assertThat(listener.events).extracting(RecordingListener.Event::lastEventId).containsExactly("7", "7", "7", "");
    }

    @Test
    void retry_isTakenOnlyWhenAllDigits() {
        feed("retry: 1500\n\nretry: 2x\n\n", 1);
        assertThat(parser.retryMillis()).isEqualTo(1500);
        assertThat(listener.events).isEmpty();
    }

    @Test
    void unknownFields_areIgnoredByDispatch_butReported() {
        feed("error: {\"code\":500}\nfoo: bar\ndata: a\n\n", 3);
        assertThat(listener.data()).containsExactly("a");
        assertThat(listener.unknownFields).containsExactly(
                new RecordingListener.Field("error", "{\"code\":500}", 3),
                new RecordingListener.Field("foo", "bar", 3));
    }

    @Test
    void fieldLineWithoutColon_isANameWithAnEmptyValue() {
        feed("data\ndata\n\n", 1);
        assertThat(listener.data()).containsExactly("\n");
    }

    @Test
    void blockWithoutData_isNotDispatched_butBareDataIsDispatchedEmpty() {
        feed("event: x\n\nid: 1\n\n", 1);
        assertThat(listener.events).isEmpty();
        feed("data:\n\n", 2);
        assertThat(listener.data()).containsExactly("");
    }

    @Test
    void finish_reportsAnUnterminatedEvent() {
        feed("data: a\n\ndata: b\n", 1);
        assertThat(parser.finish()).isTrue();
        assertThat(listener.data()).containsExactly("a");
    }

    @Test
    void finish_reportsAnUnterminatedLine() {
        feed("data: a\n\ndata: {\"cho", 1);
        assertThat(parser.finish()).isTrue();
    }

    @Test
    void finish_reportsNothingPendingAfterCompleteEvents() {
        feed("data: a\n\n: bye\n", 1);
        assertThat(parser.finish()).isFalse();
    }

    @Test
    void emptyRead_changesNothing_evenBetweenCrAndLf() {
        feed("data: a\r", 1);
        parser.feed(new byte[0], 0, 0, 2);
        feed("\n\n", 3);
        assertThat(listener.events).containsExactly(new RecordingListener.Event("message", "a", "", 3));
    }

    @Test
    void offsetAndLength_areRespected() {
        byte[] bytes = "XXdata: a\n\nYY".getBytes(StandardCharsets.US_ASCII);
        parser.feed(bytes, 2, bytes.length - 4, 1);
        assertThat(listener.data()).containsExactly("a");
        assertThat(parser.finish()).isFalse();
    }
}
