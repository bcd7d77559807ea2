package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Closed loop: {@code concurrency} virtual users, each sending its next request when its previous one
 * finished (plus {@code thinkTime}). A request's scheduled time is when its user became free, so closed-loop
 * queue wait is only the client's own delay.
 *
 * <p>Sharded, each worker runs {@code concurrency} users of its own and takes the ids of its shard.
 */
public record ClosedLoop(int concurrency, Duration thinkTime) implements LoadModel {
    public ClosedLoop {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency (" + concurrency + ") must be >= 1");
        }
        if (thinkTime == null || thinkTime.isNegative()) {
            throw new IllegalArgumentException("think time (" + thinkTime + ") must be >= 0");
        }
    }

    @Override
    public void schedule(RunContext run) throws InterruptedException {
        CountDownLatch users = new CountDownLatch(concurrency);
        for (int u = 0; u < concurrency; u++) {
            userNext(run, users, run.clock().nanoTime());
        }
        while (!run.clock().await(users, 50)) {
            if (run.stopped()) {
                return;
            }
        }
    }

    private void userNext(RunContext run, CountDownLatch users, long freeAtNanos) {
        long scheduled = freeAtNanos + thinkTime.toNanos();
        long id = run.claimId();
        if (run.stopped() || !run.limits().allows(id, scheduled - run.originNanos())) {
            users.countDown();
            return;
        }
        Runnable send = () -> run.send(id, scheduled, () -> userNext(run, users, run.clock().nanoTime()));
        long remainingNanos = scheduled - run.clock().nanoTime();
        if (remainingNanos > 0) {
            // round up: a request must never leave before its scheduled mark (queue wait would go negative)
            run.clock().schedule((remainingNanos + 999_999) / 1_000_000, send);
        } else {
            send.run();
        }
    }

    @Override
    public Kind kind() {
        return Kind.CLOSED;
    }

    @Override
    public int maxInFlight() {
        return concurrency;
    }

    /** 0: each user holds its next request back until its last one finished. */
    @Override
    public int clientConcurrencyCap() {
        return 0;
    }

    @Override
    public RunLimits limits(RunLimits asked) {
        return asked;
    }

    @Override
    public LoadDescription description() {
        return new LoadDescription.Closed(kind().mode(), concurrency, thinkTime.toMillis());
    }
}
