package dev.infergate.workload;

/**
 * Bad workload input the user can fix: an unreadable or malformed dataset, a bad length or preset name, or
 * options that contradict each other. The message is one line naming the file and line (or the option) and
 * what is wrong; the CLI prints it and exits with the usage code (2). A wrapped cause is kept for
 * {@code --verbose}.
 */
public final class WorkloadException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
