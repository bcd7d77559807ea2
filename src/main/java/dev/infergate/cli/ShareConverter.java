package dev.infergate.cli;

import dev.infergate.config.Shares;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a share option into a fraction: {@code 5%} or {@code 0.05}. */
final class ShareConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        try {
            return Shares.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
