package dev.infergate.bench;

import dev.infergate.sim.http.EmissionTap;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the simulator meant and did for each streamed token, by the client's request id: the model's time
 * for the token and when its event was written. Filled by the simulator's {@link EmissionTap} on its event
 * loops (one request's tokens always on one loop), read after the run. Requests are matched by the number
 * that ends their {@code X-Request-Id} header ({@code infergate-<run>-<id>}, as infergate's client sends).
 */
final class SimTruth implements EmissionTap {
    /** One request's tokens, by index; grows as tokens come. */
    static final class Tokens {
        private long[] modelNanos = new long[128];
        private long[] writtenNanos = new long[128];
        private int count;

        synchronized void put(int index, long model, long written) {
            if (index >= modelNanos.length) {
                int size = Math.max(index + 1, modelNanos.length * 2);
                modelNanos = Arrays.copyOf(modelNanos, size);
                writtenNanos = Arrays.copyOf(writtenNanos, size);
            }
            modelNanos[index] = model;
            writtenNanos[index] = written;
            count = Math.max(count, index + 1);
        }

        synchronized int count() {
            return count;
        }

        synchronized long modelNanos(int index) {
            return modelNanos[index];
        }

        synchronized long writtenNanos(int index) {
            return writtenNanos[index];
        }
    }

    private final Map<Long, Tokens> byRequest = new ConcurrentHashMap<>();
    private final Set<Long> threadIds = ConcurrentHashMap.newKeySet();

    @Override
    public void written(String requestId, int tokenIndex, long modelNanos, long writtenNanos) {
        long id = clientId(requestId);
        if (id < 0) {
            return;
        }
        threadIds.add(Thread.currentThread().getId());
        byRequest.computeIfAbsent(id, k -> new Tokens()).put(tokenIndex, modelNanos, writtenNanos);
    }

    /** The request's tokens, or null when the simulator wrote none for it. */
    Tokens of(long requestId) {
        return byRequest.get(requestId);
    }

    /** Ids of the simulator threads that wrote tokens (its event loops), for the CPU breakdown. */
    Set<Long> threadIds() {
        return Set.copyOf(threadIds);
    }

    /** The number after the last {@code -} of an {@code X-Request-Id}, or -1 when there is none. */
    static long clientId(String requestId) {
        if (requestId == null) {
            return -1;
        }
        int dash = requestId.lastIndexOf('-');
        try {
            return Long.parseLong(requestId.substring(dash + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
