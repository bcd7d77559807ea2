package dev.infergate.cli;

import dev.infergate.config.Rates;

/** Reads a rate option into requests per second: {@code 6}, {@code 6/s}, {@code 360/m}, {@code 21600/h}. */
final class RateConverter extends ParsingConverter<Double> {
    @Override
    Double parse(String text) {
        return Rates.perSecond(text);
    }
}
