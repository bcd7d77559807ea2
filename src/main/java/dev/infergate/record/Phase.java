package dev.infergate.record;

/**
 * Whether a request counts in the figures. Warm-up requests are recorded but excluded from every figure; so are
 * cool-down requests: arrivals offered after a run's measured window, unmeasured, only so that its last measured
 * requests are served under the load they were measured at ({@link dev.infergate.load.RunLimits#cooldownDuration()}).
 */
public enum Phase {
    WARMUP("warmup"),
    MEASURED("measured"),
    COOLDOWN("cooldown");

    private final String key;

    Phase(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Phase fromKey(String key) {
        return "warmup".equals(key) ? WARMUP : "cooldown".equals(key) ? COOLDOWN : MEASURED;
    }
}
