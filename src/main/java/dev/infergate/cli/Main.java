package dev.infergate.cli;

import dev.infergate.report.TerminalText;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code infergate} command: one subcommand class per verb, exit codes from {@link ExitCode}. */
@Command(
        name = "infergate",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Measures LLM inference endpoints as their users feel them, and decides whether a change helps.",
        subcommands = {
            CommandLine.HelpCommand.class,
            RunCommand.class,
            ProbeCommand.class,
            SummarizeCommand.class,
            MergeCommand.class,
            K8sJobCommand.class,
            ServeSimCommand.class,
            DemoCommand.class,
            CompareCommand.class,
            AcceptCommand.class,
            CapacityCommand.class,
            BenchCommand.class,
            ReportCommand.class,
            QualityCommand.class,
            QualityCompareCommand.class,
        })
public final class Main implements Runnable {

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors, in addition to the one-line message.")
    boolean verbose;

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams and returns the exit code; used by tests. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        Logging.quietExpectedConnectionErrors();
        Logging.verbose = java.util.Arrays.asList(args).contains("--verbose");
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(Main::handleExecutionException);
        cli.setParameterExceptionHandler(Main::handleParameterException);
        cli.setExitCodeExceptionMapper(t -> t instanceof UserError u ? u.exitCode().code() : ExitCode.CANNOT_RUN.code());
        return cli;
    }

    private static boolean verbose(CommandLine cli) {
        CommandLine root = cli;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        return ((Main) root.getCommand()).verbose;
    }

    private static int handleExecutionException(Exception ex, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (ex instanceof UserError user) {
            err.println("infergate: " + TerminalText.sanitize(user.getMessage()));
            if (verbose(cli)) {
                user.printStackTrace(err);
            }
            return user.exitCode().code();
        }
        err.println("infergate: unexpected error: " + TerminalText.sanitize(ex.toString()) + (verbose(cli) ? "" : " (run with --verbose for the stack trace)"));
        if (verbose(cli)) {
            ex.printStackTrace(err);
        }
        return ExitCode.CANNOT_RUN.code();
    }

    private static int handleParameterException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println("infergate: " + TerminalText.sanitize(ex.getMessage()) + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')");
        return ExitCode.USAGE.code();
    }

    /** Reads the version from the jar manifest, falling back to "dev" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"infergate " + (v == null ? "dev" : v)};
        }
    }
}
