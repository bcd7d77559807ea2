package dev.infergate.cli;

/**
 * Every exit code infergate returns, in one place. The README documents this table.
 *
 * <p>Comparisons use 0/1/4 so scripts can gate a deployment: accepted, rejected, inconclusive.
 */
public enum ExitCode {
    /** The command did what was asked; for {@code compare}/{@code accept}: the candidate is accepted. */
    OK(0),
    /** {@code compare}/{@code accept}: the candidate is rejected; {@code probe}: streaming is buffered. */
    REJECTED(1),
    /** Bad command-line input or plan file: fix the named option or key. */
    USAGE(2),
    /** The command could not run: endpoint unreachable, unknown model, missing API key, I/O failure. */
    CANNOT_RUN(3),
    /** {@code compare}/{@code accept}: the evidence does not settle at least one criterion. */
    INCONCLUSIVE(4),
    /**
     * {@code compare}: no verdict, because baseline and candidate did not do the same work (their loads, work
     * shapes or sampling differ); {@code --allow-different-workloads} judges anyway.
     */
    NOT_SAME_WORK(5),
    /** The run was interrupted (Ctrl-C); a partial summary was written. */
    INTERRUPTED(130);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
