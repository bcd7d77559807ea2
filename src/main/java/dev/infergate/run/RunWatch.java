package dev.infergate.run;

import dev.infergate.load.RunContext;

/**
 * Something that watches each run a command makes through {@link RunService} (the live view of {@code accept} and
 * {@code capacity}, which run many): opened before a run, told when its load starts, closed when it ended.
 */
public interface RunWatch {
    /** Watches nothing. */
    RunWatch NONE = plan -> Session.NONE;

    /** One run about to start. */
    Session open(RunPlan plan);

    /** The watch of one run. */
    interface Session extends AutoCloseable {
        Session NONE = new Session() {
            @Override
            public void started(RunContext run) {}

            @Override
            public void close() {}
        };

        /** The load started: its live counters are {@code run}'s. */
        void started(RunContext run);

        @Override
        void close();
    }
}
