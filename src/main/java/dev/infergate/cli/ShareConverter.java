package dev.infergate.cli;

import dev.infergate.config.Shares;

/** Reads a share option into a fraction in [0, 1]: {@code 5%} or {@code 0.05}. */
class ShareConverter extends ParsingConverter<Double> {
    @Override
    Double parse(String text) {
        return Shares.parse(text);
    }

    /**
     * A share that must stay below 100 % ({@code --run-to-run-allowance}, {@code --max-drop}): all of it would
     * judge nothing.
     */
    static final class BelowOne extends ShareConverter {
        @Override
        Double parse(String text) {
            double v = super.parse(text);
            if (v >= 1) {
                throw new IllegalArgumentException("'" + text + "' must be below 100 %; write e.g. 5% or 0.05");
            }
            return v;
        }
    }
}
