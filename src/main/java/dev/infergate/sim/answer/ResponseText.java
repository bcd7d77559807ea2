package dev.infergate.sim.answer;

import dev.infergate.sim.engine.TextGenerator;

/**
 * The text of a simulated answer, token by token: generated words ({@link TextGenerator}), or a scripted
 * answer (one token per word, the first without a leading space) followed by generated words if the
 * request forces more tokens ({@code ignore_eos}/{@code min_tokens}). Any token range renders in O(range)
 * without state.
 */
public final class ResponseText {
    private final long seed;
    private final String[] scripted;

    private ResponseText(long seed, String[] scripted) {
        this.seed = seed;
        this.scripted = scripted;
    }

    /** Generated words seeded by the request seed. */
    public static ResponseText generated(long requestSeed) {
        return new ResponseText(requestSeed, new String[0]);
    }

    /** {@code answer}'s words first. */
    public static ResponseText scripted(String answer, long requestSeed) {
        String trimmed = answer.strip();
        return new ResponseText(requestSeed, trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+"));
    }

    /** Tokens of the scripted answer (where the model would stop), or 0 for generated text. */
    public int scriptedTokens() {
        return scripted.length;
    }

    /** Tokens {@code from} (inclusive) to {@code to} (exclusive) concatenated. */
    public String tokens(int from, int to) {
        StringBuilder sb = new StringBuilder((to - from) * 6);
        for (int i = from; i < to; i++) {
            if (i < scripted.length) {
                sb.append(i == 0 ? "" : " ").append(scripted[i]);
            } else {
                sb.append(TextGenerator.token(seed, i));
            }
        }
        return sb.toString();
    }
}
