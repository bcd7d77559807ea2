package dev.infergate.accept;

import dev.infergate.load.SessionLoop;
import dev.infergate.load.SessionStarts;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import dev.infergate.workload.SessionShape;
import dev.infergate.workload.SessionWorkload;
import dev.infergate.workload.trace.TraceSpec;
import java.time.Duration;

/**
 * A row of the acceptance matrix (docs/acceptance.md): independent requests of a preset shape, agent
 * sessions whose turns carry the conversation so far, or a replayed trace.
 */
public sealed interface MatrixWorkload permits MatrixWorkload.Requests, MatrixWorkload.Agent, MatrixWorkload.Trace {
    /** The name in plans and condition names: {@code short-chat}, {@code agent}. */
    String label();

    /**
     * Independent requests of a preset shape.
     *
     * @param preset the shape
     */
    record Requests(Preset preset) implements MatrixWorkload {
        public Requests {
            if (preset == null) {
                throw new IllegalArgumentException("preset must not be null");
            }
        }

        @Override
        public String label() {
            return preset.label();
        }
    }

    /**
     * Agent sessions (docs/workloads.md, "Agent sessions"), shaped by the plan's {@code agent} block. A matrix
     * run of {@code requests} measured requests after {@code warmup} warm-up requests runs
     * {@code ceil(requests / turns)} measured sessions after {@code ceil(warmup / turns)} warm-up sessions.
     *
     * @param turns        turns per session, {@code >= 1}
     * @param thinkTime    pause between a turn's answer and the next turn, {@code >= 0}
     * @param systemTokens tokens of the system prompt, {@code >= 1}
     * @param userTokens   tokens of each turn's new user message
     * @param toolTokens   tokens of each simulated tool result (from the second turn on)
     * @param outputTokens output tokens asked for per turn
     */
    record Agent(int turns, Duration thinkTime, int systemTokens, LengthDistribution userTokens,
            LengthDistribution toolTokens, LengthDistribution outputTokens) implements MatrixWorkload {
        /** The workload's name in plans. */
        public static final String LABEL = "agent";
        /** The defaults of the {@code agent} block: 4 turns, 1 s think time, run's session shape, 128 output tokens. */
        public static final Agent DEFAULT = new Agent(4, Duration.ofSeconds(1), SessionShape.DEFAULT_SYSTEM_TOKENS,
                SessionShape.DEFAULT_USER_TOKENS, SessionShape.DEFAULT_TOOL_TOKENS, Preset.SHORT_CHAT.outputTokens());

        public Agent {
            if (turns < 1 || turns >= SessionWorkload.MAX_TURNS) {
                throw new IllegalArgumentException("turns (" + turns + ") must be >= 1");
            }
            if (thinkTime == null || thinkTime.isNegative()) {
                throw new IllegalArgumentException("think_time (" + thinkTime + ") must be >= 0");
            }
            if (systemTokens < 1) {
                throw new IllegalArgumentException("system_tokens (" + systemTokens + ") must be >= 1");
            }
            if (userTokens == null || toolTokens == null || outputTokens == null) {
                throw new IllegalArgumentException("user_tokens, tool_tokens and output_tokens must be set");
            }
        }

        @Override
        public String label() {
            return LABEL;
        }

        /** Sessions that carry about {@code requests} turns: {@code ceil(requests / turns)}. */
        public int sessionsFor(int requests) {
            return (int) ((requests + (long) turns - 1) / turns);
        }

        /** The prompt shape: {@code prefix} fresh gives each session its own system prompt, shared one for all. */
        public SessionShape shape(PrefixMode prefix) {
            return new SessionShape(systemTokens, userTokens, toolTokens, prefix);
        }

        /**
         * The load of one matrix run: {@link #sessionsFor} the plan's requests, and its warm-up, started as
         * {@code starts} says.
         */
        public SessionLoop load(int requests, int warmupRequests, SessionStarts starts) {
            return new SessionLoop(sessionsFor(requests), turns, thinkTime, sessionsFor(warmupRequests), starts);
        }
    }

    /**
     * A replayed trace (docs/workloads.md, "Trace replay"), declared by the plan's {@code trace} block. Both
     * sides replay the same slice with the same prompts; a load level sets its pace ({@link TraceRows}).
     *
     * @param trace the trace, its window and scale
     */
    record Trace(TraceSpec trace) implements MatrixWorkload {
        /** The workload's name in plans. */
        public static final String LABEL = "trace";

        public Trace {
            if (trace == null) {
                throw new IllegalArgumentException("trace must not be null");
            }
        }

        @Override
        public String label() {
            return LABEL;
        }
    }
}
