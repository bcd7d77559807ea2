package dev.infergate.analysis.compare;

/** What the evidence says about one criterion, or about the whole comparison. */
public enum Verdict {
    /** The whole confidence interval is on the passing side of the threshold. */
    PASS("pass"),
    /** The whole confidence interval is on the failing side. */
    FAIL("fail"),
    /** The interval straddles the threshold (or could not be computed): more samples are needed. */
    INCONCLUSIVE("inconclusive");

    private final String key;

    Verdict(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** Any fail rejects; otherwise any inconclusive leaves the whole inconclusive; otherwise it passes. */
    public static Verdict combine(Iterable<Verdict> verdicts) {
        boolean inconclusive = false;
        for (Verdict v : verdicts) {
            if (v == FAIL) {
                return FAIL;
            }
            inconclusive |= v == INCONCLUSIVE;
        }
        return inconclusive ? INCONCLUSIVE : PASS;
    }
}
