package dev.infergate.workload;

/**
 * The shape of one agent session's prompts (docs/workloads.md, "Agent sessions"): a stable system prompt,
 * then per turn a new user message and, from the second turn on, the simulated result of a tool the previous
 * turn "called". Output lengths come from the workload's output tokens.
 *
 * @param systemTokens tokens of the system prompt, {@code >= 1}
 * @param userTokens   tokens of each turn's new user message
 * @param toolTokens   tokens of each simulated tool result (sent from the second turn on)
 * @param systemPrompt {@link PrefixMode#SHARED}: one system prompt for every session, sent once before the
 *                     run (as a deployed agent's, always in the prefix cache); {@link PrefixMode#FRESH}: each
 *                     session its own, so only a session's own earlier turns can be cached
 */
public record SessionShape(int systemTokens, LengthDistribution userTokens, LengthDistribution toolTokens,
        PrefixMode systemPrompt) {
    /** Default system prompt length. */
    public static final int DEFAULT_SYSTEM_TOKENS = 1000;
    /** Default length of each turn's user message. */
    public static final LengthDistribution DEFAULT_USER_TOKENS = new LengthDistribution.Fixed(200);
    /** Default length of each simulated tool result. */
    public static final LengthDistribution DEFAULT_TOOL_TOKENS = new LengthDistribution.Fixed(300);

    public SessionShape {
        if (systemTokens < 1) {
            throw new WorkloadException("system tokens (" + systemTokens + ") must be >= 1");
        }
        if (userTokens == null || toolTokens == null || systemPrompt == null) {
            throw new IllegalArgumentException("userTokens, toolTokens and systemPrompt must not be null");
        }
    }

    /** A shape whose system prompt every session shares. */
    public SessionShape(int systemTokens, LengthDistribution userTokens, LengthDistribution toolTokens) {
        this(systemTokens, userTokens, toolTokens, PrefixMode.SHARED);
    }

    /** This shape with the system prompt shared by every session, or each session's own. */
    public SessionShape withSystemPrompt(PrefixMode mode) {
        return new SessionShape(systemTokens, userTokens, toolTokens, mode);
    }

    /** Whether every session sends the same system prompt. */
    public boolean sharedSystemPrompt() {
        return systemPrompt == PrefixMode.SHARED;
    }

    /** The defaults: a shared 1,000-token system prompt, 200-token user messages, 300-token tool results. */
    public static SessionShape defaults() {
        return new SessionShape(DEFAULT_SYSTEM_TOKENS, DEFAULT_USER_TOKENS, DEFAULT_TOOL_TOKENS);
    }
}
