package dev.infergate.client.sse;

import java.util.ArrayList;
import java.util.List;

/** Keeps everything an {@link SseParser} reports, for assertions. */
final class RecordingListener implements SseListener {

    record Event(String type, String data, String lastEventId, long arrivalNanos) {
    }

    record Field(String name, String value, long arrivalNanos) {
    }

    final List<Event> events = new ArrayList<>();
    final List<Long> comments = new ArrayList<>();
    final List<Field> unknownFields = new ArrayList<>();

    @Override
    public void onEvent(String eventType, String data, String lastEventId, long arrivalNanos) {
        events.add(new Event(eventType, data, lastEventId, arrivalNanos));
    }

    @Override
    public void onComment(long arrivalNanos) {
        comments.add(arrivalNanos);
    }

    @Override
    public void onUnknownField(String name, String value, long arrivalNanos) {
        unknownFields.add(new Field(name, value, arrivalNanos));
    }

    List<String> data() {
        return events.stream().map(Event::data).toList();
    }
}
