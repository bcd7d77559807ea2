package dev.infergate.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A converter that hands an option's text to one of infergate's parsers: the parser's IllegalArgumentException becomes
 * picocli's conversion error, so a bad value is one line naming the option (picocli adds it), the value and the
 * accepted form, exit 2.
 */
abstract class ParsingConverter<T> implements ITypeConverter<T> {
    /** The value of {@code text}; IllegalArgumentException with a message naming the accepted form. */
    abstract T parse(String text);

    @Override
    public final T convert(String value) {
        try {
            return parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
