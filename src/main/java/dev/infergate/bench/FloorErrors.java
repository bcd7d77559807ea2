package dev.infergate.bench;

import dev.infergate.analysis.Quantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A client's timing error against the truth server's own send times ({@code sse_truth_fast}'s log), request by
 * request, matched by {@code X-Request-Id}: TTFT error = the client's TTFT (first output event's arrival minus
 * its send mark) minus the server's (first event's send minus its read of the request); ITL error = each of the
 * client's gaps minus the server's gap between the same two events. Positive: the client saw it later.
 */
public final class FloorErrors {

    /** One request as a client saw it: when each output event arrived, in ms after the client's send mark. */
    public record Seen(String requestId, double[] eventsMs) {}

    /**
     * Errors of one client run, in ms.
     *
     * @param matched requests found in the server's log
     * @param events  output events those requests carried (as the client counted them)
     */
    public record Errors(double[] ttftMs, double[] itlMs, int matched, long events) {
        public double ttftAt(double percentile) {
            return percentile(ttftMs, percentile);
        }

        public double itlAt(double percentile) {
            return percentile(itlMs, percentile);
        }
    }

    private FloorErrors() {}

    /** @param serverSendsMs the server's send times per X-Request-Id, ms after it read the request */
    public static Errors of(List<Seen> seen, Map<String, double[]> serverSendsMs) {
        List<Double> ttft = new ArrayList<>();
        List<Double> itl = new ArrayList<>();
        int matched = 0;
        long events = 0;
        for (Seen s : seen) {
            double[] server = serverSendsMs.get(s.requestId());
            if (server == null || server.length == 0 || s.eventsMs().length == 0) {
                continue;
            }
            matched++;
            events += s.eventsMs().length;
            ttft.add(s.eventsMs()[0] - server[0]);
            int gaps = Math.min(s.eventsMs().length, server.length) - 1;
            for (int i = 1; i <= gaps; i++) {
                itl.add((s.eventsMs()[i] - s.eventsMs()[i - 1]) - (server[i] - server[i - 1]));
            }
        }
        return new Errors(ttft.stream().mapToDouble(Double::doubleValue).toArray(),
                itl.stream().mapToDouble(Double::doubleValue).toArray(), matched, events);
    }

    /** The percentile ({@code p} in 0-100) as every figure takes it ({@link Quantiles}); NaN when empty. */
    static double percentile(double[] values, double p) {
        return Quantiles.of(values, p);
    }
}
