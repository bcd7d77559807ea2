package dev.infergate.cli;

import dev.infergate.client.Cancellations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --cancel-after}: a time since the request was sent ({@code 2s}, {@code 500ms}) or a number of output
 * tokens received ({@code 40tok}); a bad value is one line naming the option (picocli adds it) and the accepted forms.
 */
final class CancelAfterConverter implements ITypeConverter<Cancellations.After> {
    @Override
    public Cancellations.After convert(String value) {
        try {
            return Cancellations.After.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
