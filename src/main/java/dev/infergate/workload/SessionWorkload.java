package dev.infergate.workload;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Agent sessions (docs/workloads.md, "Agent sessions"): turn k of a session sends the stable system prompt,
 * the whole conversation so far and a new user message:
 * <pre>
 *   system, user_0, assistant_0, tool_0 + user_1, assistant_1, tool_1 + user_2, ...
 * </pre>
 * where {@code assistant_i} is the <b>real</b> output text of turn i as the client received it, and
 * {@code tool_i} is a simulated tool result sent at the start of the next user message. (A message of role
 * {@code tool} would need the {@code tool_call_id} of a real tool call, and strict chat templates require
 * user and assistant to alternate, so the tool result rides in the user message.)
 *
 * <p>The system prompt is the same for every session ({@link SessionShape#sharedSystemPrompt()}: a deployed
 * agent's, sent once before the run by {@link #prefixWarmups()}) or each session's own (then only the
 * session's own earlier turns can be in a prefix cache).
 *
 * <p>Everything but the assistant texts is a pure function of (seed, prompt salt, session, turn): the
 * system prompt, each user message and tool result (built by {@link PromptFactory}, exact lengths under its
 * tokenizer) and each turn's {@code max_tokens}. No tokenizer is called per turn: the spec's
 * {@code inputTokens} adds the known lengths to the server's {@code completion_tokens} of each earlier
 * reply, or an estimate when the server sent no usage; the record keeps the server's
 * {@code usage.prompt_tokens} when it sends it.
 *
 * <p>Because a turn depends on earlier outputs, {@link #spec(long)} is not available: the session load
 * model ({@code load.SessionLoop}) calls {@link #turn} with the replies so far.
 */
public final class SessionWorkload implements Workload {
    /** Text id of the shared system prompt; session texts use non-negative ids. */
    private static final long SYSTEM_TEXT_ID = -1;
    /** Text kind of a session's own system prompt (kinds 0-2: draws, user message, tool result). */
    private static final int OWN_SYSTEM_KIND = 3;
    /** Turns per session are below this (they share a text id with the session). */
    public static final int MAX_TURNS = 1 << 20;
    /** Largest session index (text ids pack session, turn and kind into 63 bits). */
    public static final long MAX_SESSIONS = 1L << 40;

    /**
     * One earlier turn's answer as the client received it.
     *
     * @param text   the output text (may be empty)
     * @param tokens the server's {@code completion_tokens} for it, or -1 when unknown (then estimated)
     */
    public record Reply(String text, int tokens) {
        public Reply {
            if (text == null) {
                throw new IllegalArgumentException("reply text must not be null");
            }
        }
    }

    private final SessionShape shape;
    private final LengthDistribution outputTokens;
    private final long seed;
    private final PromptFactory factory;
    private final boolean localTokenizer;
    private final PromptFactory.Prompt system;
    private final WorkloadDescription.Sessions description;

    SessionWorkload(WorkloadDefinition definition, Tokenizer tokenizer) {
        this.shape = definition.sessions();
        this.outputTokens = definition.outputTokens();
        this.seed = definition.seed();
        this.factory = PromptFactory.calibrate(tokenizer, seed).salted(definition.promptSalt());
        this.localTokenizer = tokenizer instanceof BundledTokenizer;
        this.system = segment(SYSTEM_TEXT_ID, shape.systemTokens());
        this.description = describe(definition, factory);
    }

    /**
     * The request for the next turn of {@code session}: turn {@code earlier.size()}.
     *
     * @param requestId the request's id in the run (the load model's numbering)
     * @param session   the session index, {@code 0 <= session < MAX_SESSIONS}
     * @param earlier   the replies of the session's earlier turns, in order
     */
    public RequestSpec turn(long requestId, long session, List<Reply> earlier) {
        if (session < 0 || session >= MAX_SESSIONS) {
            throw new IllegalArgumentException("session (" + session + ") must be >= 0 and < " + MAX_SESSIONS);
        }
        int turn = earlier.size();
        if (turn >= MAX_TURNS) {
            throw new IllegalArgumentException("turn (" + turn + ") must be < " + MAX_TURNS);
        }
        PromptFactory.Prompt systemPrompt = shape.sharedSystemPrompt() ? system
                : segment(textId(session, 0, OWN_SYSTEM_KIND), shape.systemTokens());
        List<Message> messages = new ArrayList<>(2 * turn + 2);
        messages.add(new Message("system", systemPrompt.text()));
        int tokens = systemPrompt.tokens();
        for (int k = 0; k <= turn; k++) {
            PromptFactory.Prompt user = userMessage(session, k);
            messages.add(Message.user(user.text()));
            tokens += user.tokens();
            if (k < turn) {
                Reply reply = earlier.get(k);
                messages.add(new Message("assistant", reply.text()));
                tokens += reply.tokens() >= 0 ? reply.tokens() : estimate(reply.text());
            }
        }
        int maxTokens = outputTokens.sample(draws(session, turn, 2));
        return shape.sharedSystemPrompt()
                ? new RequestSpec(requestId, null, messages, tokens, maxTokens, 0, system.tokens(), "session")
                : new RequestSpec(requestId, null, messages, tokens, maxTokens, null, 0, "session");
    }

    /** Not available: a turn depends on the earlier turns' outputs; use {@link #turn}. */
    @Override
    public RequestSpec spec(long id) {
        throw new UnsupportedOperationException("an agent-session turn depends on the outputs of earlier turns: "
                + "send it with the session load model (SessionWorkload.turn), not by id");
    }

    /**
     * The shared system prompt and a short unique user message, sent once before the run: a production system
     * prompt is hot. None when each session has its own system prompt.
     */
    @Override
    public List<RequestSpec> prefixWarmups() {
        if (!shape.sharedSystemPrompt()) {
            return List.of();
        }
        PromptFactory.Prompt tail = segment(SYSTEM_TEXT_ID - 1, 8);
        return List.of(new RequestSpec(Long.MAX_VALUE, null,
                List.of(new Message("system", system.text()), Message.user(tail.text())),
                system.tokens() + tail.tokens(), 1, 0, system.tokens(), "prefix-warmup"));
    }

    @Override
    public WorkloadDescription.Sessions describe() {
        return description;
    }

    /** The shared system prompt (with {@link PrefixMode#FRESH} system prompts, no session sends it). */
    public String systemPrompt() {
        return system.text();
    }

    /** Turn k's user message: the tool result of turn k-1 (from the second turn on), then a new message. */
    private PromptFactory.Prompt userMessage(long session, int turn) {
        UniformRandomProvider rng = draws(session, turn, 0);
        int userTokens = shape.userTokens().sample(rng);
        int toolTokens = shape.toolTokens().sample(rng);
        PromptFactory.Prompt user = segment(textId(session, turn, 1), userTokens);
        if (turn == 0) {
            return user;
        }
        PromptFactory.Prompt tool = segment(textId(session, turn, 2), toolTokens);
        return new PromptFactory.Prompt(tool.text() + user.text(), tool.tokens() + user.tokens(), 0);
    }

    /**
     * A text of {@code tokens} tokens unique to {@code textId}. Built with the tokenizer's constant overhead
     * (a server's BOS) added, so the text itself has {@code tokens} tokens and segments add up.
     */
    private PromptFactory.Prompt segment(long textId, int tokens) {
        PromptFactory.Prompt p = factory.build(textId, tokens + factory.overheadTokens(), null);
        return new PromptFactory.Prompt(p.text(), Math.max(0, p.tokens() - factory.overheadTokens()), 0);
    }

    private UniformRandomProvider draws(long session, int turn, int kind) {
        return Seeds.forId(seed, textId(session, turn, kind));
    }

    private static long textId(long session, int turn, int kind) {
        return ((session << 20 | turn) << 2) | kind;
    }

    /**
     * Tokens of a reply the server did not count: counted with a bundled (local) tokenizer, else about four
     * characters per token — never a remote call on the request path.
     */
    private int estimate(String text) {
        return localTokenizer ? factory.tokenizer().count(text) : (int) Math.round(text.length() / 4.0);
    }

    private static WorkloadDescription.Sessions describe(WorkloadDefinition definition, PromptFactory factory) {
        SessionShape shape = definition.sessions();
        return new WorkloadDescription.Sessions("sessions", shape.systemTokens(),
                shape.sharedSystemPrompt() ? "shared" : "per session", shape.userTokens().toString(),
                shape.toolTokens().toString(), definition.outputTokens().toString(), "real outputs as received",
                definition.seed(), definition.promptSalt(), factory.facts());
    }
}
