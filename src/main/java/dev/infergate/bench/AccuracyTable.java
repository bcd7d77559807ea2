package dev.infergate.bench;

import java.util.List;
import java.util.Locale;

/**
 * Prints accuracy results as a fixed-width table, one row per point; times in milliseconds. Columns: the
 * point (streams, ITL, offered events/s), what was achieved (events/s, CPU cores used by the process), the
 * client's error (per event, TTFT, ITL) and the server's lateness, and a verdict against the 1 ms target.
 */
public final class AccuracyTable {
    public static final String HEADER = String.format(Locale.ROOT,
            "%7s %7s %9s %9s %5s | %8s %8s %8s | %8s %8s | %8s %8s %8s | %s",
            "streams", "itl_ms", "offered/s", "events/s", "cpu",
            "ev_p50", "ev_p99", "ev_max", "ttft_p99", "itl_p99", "late_p50", "late_p99", "trip_p99", "verdict");

    private AccuracyTable() {}

    public static String render(List<AccuracyBench.Result> results) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (AccuracyBench.Result r : results) {
            b.append(row(r)).append('\n');
        }
        b.append("ev_* = client arrival - server write per event; ttft/itl_p99 = |client - truth| at p99; "
                + "late_* = server write - intended; trip = server read the request - client sent it; ms\n");
        return b.toString();
    }

    static String row(AccuracyBench.Result r) {
        ErrorSummary e = r.errors();
        return String.format(Locale.ROOT, "%7d %7s %9.0f %9.0f %5.2f | %8s %8s %8s | %8s %8s | %8s %8s %8s | %s",
                r.point().streams(), ms(r.point().itl().toNanos()), r.point().offeredEventsPerSecond(),
                e.eventsPerSecond(), r.cpuCores(), ms(e.eventError().medianNanos()), ms(e.eventError().p99AbsNanos()),
                ms(e.eventError().maxAbsNanos()), ms(e.ttftError().p99AbsNanos()), ms(e.itlError().p99AbsNanos()),
                ms(e.serverLateness().medianNanos()), ms(e.serverLateness().p99AbsNanos()),
                ms(e.requestTrip().p99AbsNanos()), verdict(e));
    }

    /**
     * "ok", "over 1 ms", or what kept requests from being compared. When the server itself was more than
     * 1 ms late at p99, the client's error is likely the machine's too (threads waiting for a core), and
     * the verdict says so.
     */
    static String verdict(ErrorSummary e) {
        if (e.compared() == 0) {
            return "nothing compared";
        }
        StringBuilder v = new StringBuilder(e.accurate() ? "ok" : "");
        if (e.failed() + e.withoutTruth() + e.mismatched() > 0) {
            v.append(String.format(Locale.ROOT, "failed %d, no truth %d, mismatched %d", e.failed(), e.withoutTruth(), e.mismatched()));
        } else if (!e.accurate()) {
            v.append(e.serverLateness().p99AbsNanos() > ErrorSummary.TARGET_NANOS
                    ? "over 1 ms, server late too: CPU-starved?" : "over 1 ms");
        }
        return v.toString();
    }

    /** {@code server 0.31, client-io 0.52, ...}: cores per thread group. */
    public static String cpu(java.util.Map<String, Double> byGroup) {
        StringBuilder b = new StringBuilder();
        byGroup.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(String.format(Locale.ROOT, " %.2f", v)));
        return b.toString();
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
