package dev.infergate.cli;

import dev.infergate.client.Redactor;
import dev.infergate.record.UrlCredentials;
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
            K8sCommand.class,
            ServeSimCommand.class,
            DemoCommand.class,
            CompareCommand.class,
            AcceptCommand.class,
            CapacityCommand.class,
            SweepCommand.class,
            BenchCommand.class,
            ReportCommand.class,
            ExportCommand.class,
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
        Reports.forgetCreated();
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = Converters.registered(new CommandLine(new Main()));
        cli.setExecutionExceptionHandler(Main::handleExecutionException);
        cli.setParameterExceptionHandler(Main::handleParameterException);
        cli.setExitCodeExceptionMapper(t -> t instanceof UserError u ? u.exitCode().code() : ExitCode.CANNOT_RUN.code());
        versionEverywhere(cli);
        return cli;
    }

    /**
     * Every command inherits the top command's version: {@code mixinStandardHelpOptions} gives each subcommand a
     * {@code --version} option but no provider, so without this {@code infergate run --version} printed nothing.
     */
    private static void versionEverywhere(CommandLine cli) {
        for (CommandLine sub : cli.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new Version());
            versionEverywhere(sub);
        }
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
        Reports.removeEmptyCreated(); // a command that failed before writing leaves no empty results folder
        if (ex instanceof UserError user) {
            err.println("infergate: " + TerminalText.sanitize(withoutHeaderValues(user.getMessage(), parsed.originalArgs())));
            if (verbose(cli)) {
                user.printStackTrace(err);
            }
            return user.exitCode().code();
        }
        err.println("infergate: unexpected error: " + TerminalText.sanitize(withoutHeaderValues(ex.toString(),
                parsed.originalArgs())) + (verbose(cli) ? "" : " (run with --verbose for the stack trace)"));
        if (verbose(cli)) {
            ex.printStackTrace(err);
        }
        return ExitCode.CANNOT_RUN.code();
    }

    private static int handleParameterException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        String message = ex instanceof CommandLine.UnmatchedArgumentException unmatched
                ? Unmatched.withSuggestion(unmatched).orElse(ex.getMessage())
                : ex instanceof CommandLine.MissingParameterException missing
                ? Unmatched.typoOfMissing(missing, java.util.Arrays.asList(args)).orElse(ex.getMessage())
                : ex.getMessage();
        message = OptionNames.asTyped(message, cli.getCommandSpec(), java.util.Arrays.asList(args));
        err.println("infergate: " + TerminalText.sanitize(withoutHeaderValues(message, java.util.Arrays.asList(args)))
                + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')");
        return ExitCode.USAGE.code();
    }

    /**
     * {@code message} without the credential values of any {@code --header} in {@code args}: picocli quotes the
     * argument it could not place ("Unmatched argument ... 'x-api-key: sk-...'"), which must not print a key.
     * Also removed, whatever printed them: the credentials of any URL among the arguments
     * ({@link UrlCredentials}) and the API key (the variable named by {@code --api-key-env}, or
     * {@code OPENAI_API_KEY}).
     */
    static String withoutHeaderValues(String message, java.util.List<String> args) {
        return withoutSecrets(message, args, System.getenv());
    }

    static String withoutSecrets(String message, java.util.List<String> args, java.util.Map<String, String> env) {
        if (message == null) {
            return null;
        }
        java.util.List<String> urlSecrets = new java.util.ArrayList<>();
        String keyVar = "OPENAI_API_KEY";
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--api-key-env=")) {
                keyVar = a.substring("--api-key-env=".length());
            } else if (a.equals("--api-key-env") && i + 1 < args.size()) {
                keyVar = args.get(i + 1);
            }
            int scheme = a.indexOf("://");
            if (scheme > 0) {
                try {
                    urlSecrets.addAll(UrlCredentials.secrets(java.net.URI.create(a.substring(a.lastIndexOf('=', scheme) + 1))));
                } catch (IllegalArgumentException e) {
                    // not a URL: nothing to take from it
                }
            }
        }
        java.util.Map<String, String> headers = new java.util.LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String h = a.startsWith("--header=") ? a.substring("--header=".length())
                    : a.equals("--header") && i + 1 < args.size() ? args.get(i + 1) : null;
            int colon = h == null ? -1 : h.indexOf(':');
            if (colon > 0) {
                headers.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
            }
        }
        return Redactor.of(headers, env.get(keyVar), urlSecrets).redact(message);
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
