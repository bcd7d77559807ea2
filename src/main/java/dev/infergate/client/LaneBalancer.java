package dev.infergate.client;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which event loop's lane carries the next request: one pool of connections that the lanes share, by choosing at
 * each request the lane that can take it at once.
 *
 * <p>Why lanes at all: a request and its connection live on one event loop, so the socket read and its timestamp
 * never hop threads ({@link HttpExecutor}, {@link BodyTap}); each lane has its own Vert.x pool of at most
 * {@code capacityPerLane} connections. Pinning request {@code id} to lane {@code id mod lanes} (as before) held a
 * request in a full lane's pool while another lane had idle connections: at concurrency 8 on 2 loops, ids 1, 3, 5, 7
 * filled lane 1 and request 9 waited there for the longest of their streams.
 *
 * <p>The choice, made on the dispatching thread before the request goes to its event loop: a lane with an idle
 * connection (open connections beyond its requests in flight), else a lane with room for a new connection, else
 * (every lane at its limit: the client's connection limit) the least loaded; ties go round-robin, so the lanes
 * share the load evenly. Since {@code lanes × capacityPerLane} is at least the client's connection limit, a request
 * is held for a connection only when that limit is reached: never while another lane has room. The counts are
 * atomics; a request's increment is a compare-and-set on the count it chose by, so two dispatching threads never
 * both take a lane's last free place.
 *
 * <p>Accounting, for run.json and the tests: requests held at the connection limit (every lane full), requests held
 * on a full lane while another had room (a lane hold: must stay 0), and requests that opened a connection while
 * another lane had an idle one.
 */
final class LaneBalancer {
    private final int capacityPerLane;
    private final AtomicInteger[] inFlight;
    private final AtomicInteger[] open;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicLong chosen = new AtomicLong();
    private final AtomicLong heldAtLimit = new AtomicLong();
    private final AtomicLong heldWhileRoom = new AtomicLong();
    private final AtomicLong openedWhileIdle = new AtomicLong();

    /**
     * @param lanes           event loops, each with its own pool
     * @param capacityPerLane connections each lane's pool may open
     */
    LaneBalancer(int lanes, int capacityPerLane) {
        if (lanes < 1 || capacityPerLane < 1) {
            throw new IllegalArgumentException("lanes (" + lanes + ") and capacityPerLane (" + capacityPerLane
                    + ") must be >= 1");
        }
        this.capacityPerLane = capacityPerLane;
        this.inFlight = new AtomicInteger[lanes];
        this.open = new AtomicInteger[lanes];
        for (int i = 0; i < lanes; i++) {
            inFlight[i] = new AtomicInteger();
            open[i] = new AtomicInteger();
        }
    }

    /** The lanes' connections of the client per lane for {@code maxConnections} over {@code lanes}: the ceiling share. */
    static int capacityPerLane(int maxConnections, int lanes) {
        return Math.max(1, (maxConnections + lanes - 1) / lanes);
    }

    int capacityPerLane() {
        return capacityPerLane;
    }

    int lanes() {
        return inFlight.length;
    }

    /** Takes a place on the best lane for a request starting now (see the class comment) and returns that lane. */
    int acquire() {
        while (true) {
            int start = Math.floorMod(next.getAndIncrement(), inFlight.length);
            int best = -1;
            long bestRank = Long.MAX_VALUE;
            int bestLoad = 0;
            boolean anyIdle = false;
            boolean anyRoom = false;
            for (int k = 0; k < inFlight.length; k++) {
                int lane = (start + k) % inFlight.length;
                int load = inFlight[lane].get();
                boolean idle = open[lane].get() > load;
                boolean room = load < capacityPerLane;
                anyIdle |= idle;
                anyRoom |= room;
                // rank: an idle connection first, then room for a new one, then the least loaded
                long rank = (idle ? 0L : room ? 1L : 2L) * Integer.MAX_VALUE + load;
                if (rank < bestRank) {
                    best = lane;
                    bestRank = rank;
                    bestLoad = load;
                }
            }
            if (!inFlight[best].compareAndSet(bestLoad, bestLoad + 1)) {
                continue; // another thread took or freed a place meanwhile: choose again on the new counts
            }
            chosen.incrementAndGet();
            boolean bestIdle = open[best].get() > bestLoad;
            if (bestLoad >= capacityPerLane) {
                if (anyRoom) {
                    heldWhileRoom.incrementAndGet();
                } else {
                    heldAtLimit.incrementAndGet();
                }
            } else if (!bestIdle && anyIdle) {
                openedWhileIdle.incrementAndGet();
            }
            return best;
        }
    }

    /** The request on {@code lane} finished: its place is free. */
    void release(int lane) {
        inFlight[lane].decrementAndGet();
    }

    /** A connection of {@code lane} opened (was first used). */
    void connectionOpened(int lane) {
        open[lane].incrementAndGet();
    }

    /** A connection of {@code lane} closed or will carry no other request. */
    void connectionGone(int lane) {
        open[lane].decrementAndGet();
    }

    /** Requests in flight on {@code lane} now. */
    int inFlight(int lane) {
        return inFlight[lane].get();
    }

    /**
     * What the balancer saw, for run.json's {@code connections} block.
     *
     * @param requests            requests placed on a lane
     * @param heldAtLimit         requests held for a connection because every lane was at its limit: the client's
     *                            connection limit (a client cause of lag, never the server's)
     * @param heldWhileRoom       requests held on a full lane while another had room: a lane hold (0 by design)
     * @param openedWhileIdle     requests that opened a connection while another lane had an idle one
     */
    record Accounting(long requests, long heldAtLimit, long heldWhileRoom, long openedWhileIdle) {}

    Accounting accounting() {
        return new Accounting(chosen.get(), heldAtLimit.get(), heldWhileRoom.get(), openedWhileIdle.get());
    }
}
