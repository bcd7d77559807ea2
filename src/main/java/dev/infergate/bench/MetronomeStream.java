package dev.infergate.bench;

import io.netty.channel.EventLoop;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One streamed response of the metronome server: event {@code k} is due at
 * {@code received + ttft + k * itl}. Either the connection's event loop times it ({@link #runOn}, the
 * default) or the metronome thread fires each due event and hands the write to that loop (Netty's rule);
 * the mark is taken right after {@code write} returned there, when the bytes are in the socket. The usage
 * chunk and {@code [DONE]} follow the last event at once.
 */
final class MetronomeStream implements Metronome.Beat {
    private static final byte[] CHAT_EVENT = event("{\"id\":\"bench\",\"object\":\"chat.completion.chunk\",\"created\":0,"
            + "\"model\":\"metronome\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" tok\"},\"finish_reason\":null}]}");
    private static final byte[] TEXT_EVENT = event("{\"id\":\"bench\",\"object\":\"text_completion\",\"created\":0,"
            + "\"model\":\"metronome\",\"choices\":[{\"index\":0,\"text\":\" tok\",\"finish_reason\":null}]}");

    private final long id;
    private final long receivedNanos;
    private final long ttftNanos;
    private final long itlNanos;
    private final int tokens;
    private final boolean chat;
    private final HttpServerResponse response;
    private final Context context;
    private final Consumer<StreamTruth> onDone;
    private final long[] writeNanos;
    private int fired; // the one thread that times this stream

    /**
     * @param id     the request id, or -1 for a request that is not tracked
     * @param onDone receives the truth once the last event was written (not for untracked requests)
     */
    MetronomeStream(long id, long receivedNanos, long ttftNanos, long itlNanos, int tokens, boolean chat,
            HttpServerResponse response, Context context, Consumer<StreamTruth> onDone) {
        this.id = id;
        this.receivedNanos = receivedNanos;
        this.ttftNanos = ttftNanos;
        this.itlNanos = itlNanos;
        this.tokens = tokens;
        this.chat = chat;
        this.response = response;
        this.context = context;
        this.onDone = onDone;
        this.writeNanos = new long[tokens];
    }

    long firstDueNanos() {
        return receivedNanos + ttftNanos;
    }

    @Override
    public long fire(long dueNanos) {
        int k = fired++;
        context.runOnContext(v -> write(k));
        return fired < tokens ? dueNanos(fired) : -1;
    }

    /**
     * Times this stream on its connection's own event loop (the default) instead of the metronome thread:
     * Netty's epoll loop wakes for scheduled tasks through a timerfd, with sub-millisecond resolution, so
     * each write happens in the wake-up of its timer, with no hand-over from another thread. In the
     * benchmark that took about a fifth of the server's CPU off the two cores it shares with the client.
     */
    void runOn(EventLoop loop) {
        schedule(loop, firstDueNanos());
    }

    private void schedule(EventLoop loop, long dueNanos) {
        loop.schedule(() -> tick(loop), Math.max(0, dueNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** Writes every event due by now (a late wake-up catches up in order), then waits for the next. */
    private void tick(EventLoop loop) {
        if (response.closed()) {
            return; // the client went away: no more timers for this stream
        }
        long now = System.nanoTime();
        while (fired < tokens && dueNanos(fired) <= now) {
            write(fired++);
        }
        if (fired < tokens) {
            schedule(loop, dueNanos(fired));
        }
    }

    private long dueNanos(int k) {
        return receivedNanos + ttftNanos + (long) k * itlNanos;
    }

    private void write(int k) {
        if (response.closed()) {
            return; // the client went away (timeout, cancel): nothing to record
        }
        response.write(Buffer.buffer(chat ? CHAT_EVENT : TEXT_EVENT));
        writeNanos[k] = System.nanoTime();
        if (k == tokens - 1) {
            response.end(Buffer.buffer(tail()));
            if (id >= 0) {
                onDone.accept(new StreamTruth(id, receivedNanos, ttftNanos, itlNanos, writeNanos));
            }
        }
    }

    private byte[] tail() {
        String usage = "{\"id\":\"bench\",\"object\":\"" + (chat ? "chat.completion.chunk" : "text_completion")
                + "\",\"created\":0,\"model\":\"metronome\",\"choices\":[],\"usage\":{\"prompt_tokens\":8,"
                + "\"completion_tokens\":" + tokens + ",\"total_tokens\":" + (tokens + 8) + "}}";
        return ("data: " + usage + "\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] event(String json) {
        return ("data: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }
}
