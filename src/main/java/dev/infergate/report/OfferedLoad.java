package dev.infergate.report;

import static dev.infergate.report.ConsoleSummary.format;

import dev.infergate.analysis.FigureSet;
import dev.infergate.analysis.Summary;
import dev.infergate.record.RunDocument;
import java.util.Locale;

/**
 * The console line that puts an open-loop run's offered rate beside the rate it achieved. The achieved
 * rate is completed requests over the measured window, which runs from the first scheduled send to the
 * last answer: it includes the drain after the last send, so a server that keeps up still shows a little
 * less than offered, and one that falls behind shows what it finished, not what it was sent. The line
 * says so, rather than leaving the gap unexplained.
 */
final class OfferedLoad {
    private OfferedLoad() {}

    /** The line, or "" when the run was not open-loop at one fixed rate (closed loop, sessions, a piecewise shape). */
    static String line(Summary summary) {
        RunDocument.Load load = summary.run().document().load();
        if (load == null || !"open".equals(load.mode()) || load.ratePerSecond() == null
                || !Double.isFinite(load.ratePerSecond())) {
            return "";
        }
        double offeredPerSecond = load.ratePerSecond();
        FigureSet.Requests requests = summary.figures().requests();
        FigureSet.Throughput tp = summary.figures().throughput();
        double scheduleSeconds = load.durationS() == null ? Double.NaN : load.durationS();
        boolean noWarmup = load.warmupRequests() != null && load.warmupRequests() == 0 && load.warmupS() == null;
        // sent over the schedule only when the schedule held measured requests alone: a warm-up shares its time
        String sent = Double.isFinite(scheduleSeconds) && scheduleSeconds > 0 && noWarmup
                ? String.format(Locale.ROOT, " · sent %s req/s over the %.1f s schedule",
                        format(requests.sent() / scheduleSeconds), scheduleSeconds)
                : "";
        return String.format(Locale.ROOT,
                "load: offered %s req/s (%s)%s · achieved %s req/s completed over the %.1f s window"
                        + " (first scheduled send to last answer, so it includes the drain after the last send)%n",
                format(offeredPerSecond), load.arrival(), sent, format(tp.requestsPerS() == null ? Double.NaN : tp.requestsPerS()),
                tp.windowS());
    }
}
