package dev.infergate.load;

/**
 * One worker's share of a run: request {@code id} belongs to shard {@code id % count}. Every worker walks
 * the same schedule from the same origin and sends only the ids it owns, so N workers on N machines
 * together send the whole schedule exactly once.
 *
 * @param index this worker's shard, {@code 0 <= index < count}
 * @param count how many workers share the schedule, {@code >= 1}
 */
public record Shard(int index, int count) {

    /** The whole schedule on one worker. */
    public static final Shard ALL = new Shard(0, 1);

    public Shard {
        if (count < 1) {
            throw new IllegalArgumentException("shard count (" + count + ") must be >= 1");
        }
        if (index < 0) {
            throw new IllegalArgumentException("shard index (" + index + ") must be >= 0");
        }
        if (index >= count) {
            throw new IllegalArgumentException("shard index (" + index + ") must be < count (" + count + ")");
        }
    }

    /**
     * Parses {@code INDEX/COUNT}, e.g. {@code 0/4}.
     *
     * @throws IllegalArgumentException naming the bad text and the accepted form
     */
    public static Shard parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("bad shard '" + text + "'; expected INDEX/COUNT, e.g. 0/4");
        }
        try {
            return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad shard '" + text + "'; expected INDEX/COUNT, e.g. 0/4", e);
        }
    }

    /** Whether this shard sends request {@code requestId} ({@code >= 0}). */
    public boolean owns(long requestId) {
        if (requestId < 0) {
            throw new IllegalArgumentException("requestId (" + requestId + ") must be >= 0");
        }
        return requestId % count == index;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
