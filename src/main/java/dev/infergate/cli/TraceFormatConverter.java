package dev.infergate.cli;

import dev.infergate.workload.trace.TraceFormat;

/** Reads {@code --trace-format}; an unknown name is one line naming the option and the known ones. */
final class TraceFormatConverter extends ParsingConverter<TraceFormat> {
    @Override
    TraceFormat parse(String text) {
        return TraceFormat.parse(text);
    }
}
