package dev.infergate.accept;

import dev.infergate.run.RunWatch;
import java.util.function.Consumer;

/**
 * An acceptance's progress: one line per step, and (where the caller can show it) a watch of each run, such as the
 * live view a terminal redraws. A plain {@code Consumer<String>} is progress without a watch.
 */
public interface StepProgress extends Consumer<String> {
    /** The watch of every run of the acceptance. */
    default RunWatch runs() {
        return RunWatch.NONE;
    }

    /** The watch {@code progress} carries, or none. */
    static RunWatch runsOf(Consumer<String> progress) {
        return progress instanceof StepProgress p ? p.runs() : RunWatch.NONE;
    }
}
