package dev.infergate.cli;

import dev.infergate.client.Cancellations;

/**
 * Reads {@code --cancel-after}: a time since the request was sent ({@code 2s}, {@code 500ms}) or a number of output
 * tokens received ({@code 40tok}).
 */
final class CancelAfterConverter extends ParsingConverter<Cancellations.After> {
    @Override
    Cancellations.After parse(String text) {
        return Cancellations.After.parse(text);
    }
}
