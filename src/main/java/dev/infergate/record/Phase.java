package dev.infergate.record;

/** Whether a request counts in the figures. Warm-up requests are recorded but excluded from every figure. */
public enum Phase {
    WARMUP("warmup"),
    MEASURED("measured");

    private final String key;

    Phase(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Phase fromKey(String key) {
        return "warmup".equals(key) ? WARMUP : MEASURED;
    }
}
