package dev.infergate.cli;

import dev.infergate.bench.Phases;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --phases spread|aligned} of the accuracy benchmarks. */
final class PhasesConverter implements ITypeConverter<Phases> {
    @Override
    public Phases convert(String value) {
        for (Phases p : Phases.values()) {
            if (p.label().equals(value.trim().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new TypeConversionException("'" + value + "' is not spread or aligned");
    }
}
