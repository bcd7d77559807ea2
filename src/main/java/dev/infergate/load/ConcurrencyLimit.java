package dev.infergate.load;

/**
 * The most requests one client may keep in flight: each needs its own connection, and one client address can hold
 * at most about 64k connections to one server address (its ephemeral ports). Beyond it, the load is sharded over
 * several clients ({@code --shard}). The CLI's {@code --concurrency}/{@code --max-concurrency} and an acceptance
 * plan's {@code concurrency:} values are checked against the same number.
 */
public final class ConcurrencyLimit {
    /** Requests in flight from one client, at most. */
    public static final int MAX = 65_536;

    private ConcurrencyLimit() {}
}
