package dev.infergate.cli;

import dev.infergate.config.Rates;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a rate option into requests per second: {@code 6}, {@code 6/s}, {@code 360/m}, {@code 21600/h}. */
final class RateConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        try {
            return Rates.perSecond(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
