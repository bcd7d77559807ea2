package dev.infergate.cli;

import dev.infergate.config.Shares;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a share option into a fraction in [0, 1]: {@code 5%} or {@code 0.05}. */
class ShareConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        try {
            return Shares.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /**
     * A share that must stay below 100 % ({@code --run-to-run-allowance}, {@code --max-drop}): all of it would
     * judge nothing.
     */
    static final class BelowOne extends ShareConverter {
        @Override
        public Double convert(String value) {
            double v = super.convert(value);
            if (v >= 1) {
                throw new TypeConversionException("'" + value + "' must be below 100 %; write e.g. 5% or 0.05");
            }
            return v;
        }
    }
}
