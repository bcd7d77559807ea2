package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.PrimitiveIterator;

/**
 * Gamma-distributed gaps with mean {@code 1 / rate} and shape {@code burstiness} (scale
 * {@code 1 / (rate * burstiness)}), as vLLM's {@code --burstiness}. The gaps' coefficient of variation is
 * {@code 1 / sqrt(burstiness)}: 1 is Poisson, 0.25 clusters arrivals into bursts (CV 2), 4 is smoother (CV
 * 0.5). The mean rate is the same for every shape, so only the burstiness changes between runs.
 *
 * @param ratePerSecond mean arrivals per second, {@code > 0}
 * @param burstiness    gamma shape, {@code > 0}
 * @param seed          seed of the gap draws
 */
public record GammaSchedule(double ratePerSecond, double burstiness, long seed) implements ArrivalSchedule {

    public GammaSchedule {
        Gaps.checkRate("ratePerSecond", ratePerSecond);
        Gaps.checkShape(burstiness);
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return new RenewalIterator(
                Gaps.sampler(ArrivalKind.GAMMA, ratePerSecond, burstiness, Gaps.rng(seed, 0)),
                0,
                Double.POSITIVE_INFINITY);
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.Steady(ArrivalKind.GAMMA.label(), ratePerSecond, burstiness, seed, null);
    }
}
