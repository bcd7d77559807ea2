package dev.infergate.cli;

/**
 * A problem the user can fix: bad input ({@link ExitCode#USAGE}) or an environment that prevents the
 * command from running ({@link ExitCode#CANNOT_RUN}). Its message is printed as one line on stderr, so it
 * names what is wrong and how to fix it.
 */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ExitCode exitCode;

    public UserError(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public UserError(ExitCode exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static UserError usage(String message) {
        return new UserError(ExitCode.USAGE, message);
    }

    public static UserError cannotRun(String message) {
        return new UserError(ExitCode.CANNOT_RUN, message);
    }

    public static UserError cannotRun(String message, Throwable cause) {
        return new UserError(ExitCode.CANNOT_RUN, message, cause);
    }

    public ExitCode exitCode() {
        return exitCode;
    }
}
