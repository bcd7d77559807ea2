package dev.infergate.analysis.capacity;

import dev.infergate.analysis.Slo;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import java.util.Locale;

/**
 * Whether a capacity probe's miss of its SLO target is already decided while requests are still in flight after its
 * arrivals ended, so that its drain can stop there (docs/acceptance.md, "Where to probe, and when to stop"): a probe
 * above capacity otherwise waits seconds for a backlog whose outcome can no longer change anything.
 *
 * <p>Decided means: even if every measured request still outstanding met the SLO (and any of them a user cancelled
 * left the count, which can only raise the share), and so did every miss by less than {@link #clearMarginNanos} (half
 * the TTFT target, or of the E2E target without one, else 1 s: a late client or simulator may explain a small miss,
 * and the probe's lateness is known only once it ended), the 95 % Wilson interval of the attainment would lie wholly
 * below the target. The requests then cancelled count as misses in the probe's attainment (they are recorded as cancelled,
 * with the reason, never lost); since the probe is below the target by the interval's whole margin with them counted
 * either way, its posterior draws in the fit ({@link CapacityFit}) fall below the target whichever way they are
 * counted, and it is the side of the target each probe's draws fall on that places the crossing. A late machine's
 * bound counts them as possibly good ({@link Measurement#goodAtMost()}).
 *
 * <p>Fed by the run's record writer thread ({@link #recorded}), read by the drain loop ({@link #decided()}).
 */
public final class DecidedMiss {
    private final Slo slo;
    private final double target;
    private final long measuredArrivals;
    private final double clearMarginNanos;
    private long good;
    private long unclear;
    private long misses;
    private long left;

    /**
     * @param slo              what a request must meet
     * @param target           the attainment to hold, e.g. 0.95
     * @param measuredArrivals the probe's measured arrivals (its schedule offers exactly this many)
     */
    public DecidedMiss(Slo slo, double target, long measuredArrivals) {
        if (!(target > 0 && target < 1)) {
            throw new IllegalArgumentException("target (" + target + ") must be between 0 and 1");
        }
        if (measuredArrivals < 0) {
            throw new IllegalArgumentException("measuredArrivals (" + measuredArrivals + ") must be >= 0");
        }
        this.slo = slo;
        this.target = target;
        this.measuredArrivals = measuredArrivals;
        this.clearMarginNanos = clearMarginNanos(slo);
    }

    /** A miss by more than this is the server's however late the machine was within reason: half the TTFT target, else of the E2E one, else 1 s. */
    static double clearMarginNanos(Slo slo) {
        java.time.Duration basis = slo.ttft() != null ? slo.ttft() : slo.e2e() != null ? slo.e2e() : java.time.Duration.ofSeconds(2);
        return basis.toNanos() / 2.0;
    }

    /** Counts one final record (warm-up ones are not measured and do not count). */
    public synchronized void recorded(RequestRecord r) {
        if (r.phase() != Phase.MEASURED) {
            return;
        }
        if (r.cancelled()) {
            left++; // a user's cancellation (or a request the client never sent): out of the count
        } else if (r.outcome().error() == ErrorClass.CANCELLED) {
            return; // cancelled by this very decision, or at the drain's end: its outcome is what was decided
        } else if (slo.met(r)) {
            good++;
        } else if (slo.missedByNanos(r) > clearMarginNanos) {
            misses++;
        } else {
            unclear++; // may have been good on a prompt machine: counted as such until the run's lateness is known
        }
    }

    /** Whether the miss is decided whatever the outstanding requests do. */
    public synchronized boolean decided() {
        long outstanding = Math.max(0, measuredArrivals - good - unclear - misses - left);
        long best = good + unclear + outstanding;
        long counted = best + misses;
        return misses > 0 && counted > 0 && CapacitySearch.wilson(best, counted)[1] < target;
    }

    /** Why the drain ended, for the cancelled requests' records: "the probe's miss was decided (12 of 80 met the SLO, ...)". */
    public synchronized String reason() {
        long outstanding = Math.max(0, measuredArrivals - good - unclear - misses - left);
        return String.format(Locale.ROOT, "the probe's miss of the %.0f %% target was decided (%d met the SLO, %d missed it by"
                + " more than %.0f ms, %d by less, %d still out: at most %.1f %% even if those met it)", target * 100, good, misses,
                clearMarginNanos / 1e6, unclear, outstanding, 100.0 * (good + unclear + outstanding) / Math.max(1, good + unclear + outstanding + misses));
    }
}
