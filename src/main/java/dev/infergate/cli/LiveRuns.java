package dev.infergate.cli;

import dev.infergate.accept.StepProgress;
import dev.infergate.load.RunContext;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunWatch;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.function.UnaryOperator;

/**
 * The progress of a command that makes many runs ({@code accept}, {@code capacity}, {@code demo}): its step lines,
 * and on a terminal each run's live view ({@link ProgressDisplay}) under the step that started it. Piped, the step
 * lines alone: each says what runs and how long is left, and a log line every few seconds per run would bury them.
 */
final class LiveRuns implements StepProgress {
    private final PrintWriter err;
    private final String prefix;
    private final UnaryOperator<String> line;
    private final RunWatch watch;

    /**
     * @param prefix   what each step line starts with ("infergate: ", "demo: ")
     * @param line     what is done to a step line before it is printed (time left added, sanitised)
     * @param terminal whether stderr is a terminal, where each run's view is redrawn in place
     */
    LiveRuns(PrintWriter err, PrintStream errStream, String prefix, UnaryOperator<String> line, boolean terminal,
            boolean enabled) {
        this.err = err;
        this.prefix = prefix;
        this.line = line;
        this.watch = terminal && enabled ? plan -> session(errStream, plan) : RunWatch.NONE;
    }

    /** On stderr, with the terminal told by {@code System.console()}. */
    static LiveRuns onStderr(PrintWriter err, String prefix, UnaryOperator<String> line, boolean enabled) {
        return new LiveRuns(err, System.err, prefix, line, System.console() != null, enabled);
    }

    @Override
    public void accept(String step) {
        err.println(prefix + line.apply(step));
        err.flush();
    }

    @Override
    public RunWatch runs() {
        return watch;
    }

    private static RunWatch.Session session(PrintStream errStream, RunPlan plan) {
        ProgressDisplay display = ProgressDisplay.of(errStream, plan.limits());
        return new RunWatch.Session() {
            @Override
            public void started(RunContext run) {
                display.start(run, true, true);
            }

            @Override
            public void close() {
                display.close();
            }
        };
    }
}
