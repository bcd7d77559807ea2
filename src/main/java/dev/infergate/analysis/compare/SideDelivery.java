package dev.infergate.analysis.compare;

import dev.infergate.analysis.delivery.DeliveryKind;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import java.util.Locale;

/**
 * One side's streaming delivery in a comparison (docs/metrics.md, "Streaming delivery"): how many of its answers were
 * classified, and how many of them were not incremental (bursty or buffered) and buffered. The mode follows the
 * endpoint verdict's rule ({@link DeliveryVerdict}); with no classified answer (a run that did not stream, only short
 * answers, an import without stream timing) it is unknown, and a delivery criterion is not judged.
 *
 * @param classified     answers whose delivery was classified
 * @param notIncremental of them, bursty or buffered
 * @param buffered       of them, buffered
 */
public record SideDelivery(long classified, long notIncremental, long buffered) {
    public SideDelivery {
        if (classified < 0 || notIncremental < buffered || notIncremental > classified || buffered < 0) {
            throw new IllegalArgumentException("delivery counts must satisfy 0 <= buffered (" + buffered
                    + ") <= not incremental (" + notIncremental + ") <= classified (" + classified + ")");
        }
    }

    /** The side's delivery over its repeats. */
    static SideDelivery of(Sample side) {
        long c = 0;
        long n = 0;
        long b = 0;
        for (RepeatSample r : side.repeats()) {
            long[] counts = r.deliveryCounts();
            c += counts[0];
            n += counts[1];
            b += counts[2];
        }
        return new SideDelivery(c, n, b);
    }

    public boolean known() {
        return classified > 0;
    }

    /** {@code incremental}, {@code bursty}, {@code buffered}, or {@code unknown}. */
    public String mode() {
        if (!known()) {
            return "unknown";
        }
        if ((double) buffered / classified >= DeliveryVerdict.BUFFERED_SHARE) {
            return DeliveryKind.BUFFERED.label();
        }
        return (double) notIncremental / classified >= DeliveryVerdict.BURSTY_SHARE ? DeliveryKind.BURSTY.label()
                : DeliveryKind.INCREMENTAL.label();
    }

    /** {@code buffered (incremental 0 %, bursty 0 %, buffered 100 % of 24 answers)}, or {@code unknown (...)}. */
    public String describe() {
        if (!known()) {
            return "unknown (no streamed answer long enough to classify)";
        }
        return String.format(Locale.ROOT, "%s (incremental %.0f %%, bursty %.0f %%, buffered %.0f %% of %d answers)", mode(),
                100.0 * (classified - notIncremental) / classified, 100.0 * (notIncremental - buffered) / classified,
                100.0 * buffered / classified, classified);
    }
}
