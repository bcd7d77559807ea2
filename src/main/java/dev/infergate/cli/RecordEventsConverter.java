package dev.infergate.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --record-events N|all}: {@code all} is every request (1), without the 500-request limit of N > 1. */
final class RecordEventsConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
        if (value.trim().equalsIgnoreCase("all")) {
            return 1;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a number of requests or 'all'");
        }
    }
}
