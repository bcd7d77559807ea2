package dev.infergate.sim.engine;

/** Why a sequence stopped, as the OpenAI API spells it. */
public enum FinishReason {
    /** The model "emitted EOS" at its natural length. */
    STOP("stop"),
    /** {@code max_tokens} (or the model's context) was reached. */
    LENGTH("length");

    private final String wire;

    FinishReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
