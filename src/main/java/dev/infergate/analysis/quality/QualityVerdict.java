package dev.infergate.analysis.quality;

/** What the evidence says about a quality criterion. */
public enum QualityVerdict {
    /** The whole interval of the accuracy drop is within the allowed drop. */
    PASS("pass"),
    /** The whole interval of the accuracy drop is beyond the allowed drop: reject whatever the speed. */
    FAIL("fail"),
    /** The interval straddles the allowed drop: too few items to tell. */
    INCONCLUSIVE("inconclusive");

    private final String key;

    QualityVerdict(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
