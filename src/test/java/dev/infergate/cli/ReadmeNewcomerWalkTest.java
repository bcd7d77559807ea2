package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A newcomer's walk through the README, top to bottom: every {@code ./infergate} command of "Try it without a GPU",
 * "Measure your endpoint" and "Compare two servers", run as a process as written, with the JVM options the launcher
 * gives it, against simulators started as the README starts them (the first section's {@code serve-sim} at the
 * README's port 8000, and a candidate at 8001 for the comparison, each on a free port instead). Only what a test must
 * change is changed: the ports, {@code --out} under a temporary folder, and request counts cut to {@value #REQUESTS}
 * so the walk takes seconds. The quick start's two commands are the test suite itself and the full demo
 * (DemoStoryEndToEndTest runs the quick one).
 */
class ReadmeNewcomerWalkTest {
    static final int REQUESTS = 24;

    @TempDir
    Path dir;

    private final List<Process> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(Process::destroy);
    }

    /** The {@code ./infergate} lines of the README's section {@code heading}, comments removed, split into words. */
    static List<List<String>> commands(String heading) throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int at = readme.indexOf("\n## " + heading + "\n");
        assertThat(at).as("README section '%s'", heading).isNotNegative();
        String section = readme.substring(at + 1);
        int next = section.indexOf("\n## ");
        section = next < 0 ? section : section.substring(0, next);
        List<List<String>> commands = new ArrayList<>();
        for (String line : section.split("\n")) {
            if (line.startsWith("./infergate ")) {
                String command = line.replaceAll("\\s+#.*$", "").strip();
                commands.add(new ArrayList<>(Arrays.asList(command.split("\\s+")).subList(1, command.split("\\s+").length)));
            }
        }
        assertThat(commands).as("commands in '%s'", heading).isNotEmpty();
        return commands;
    }

    /**
     * The JVM options the {@code ./infergate} launcher gives {@code command}: its default ({@code -Xmx2g}), and for the
     * measuring commands its C1-only compiler and collector settings, read from the script itself so the walk keeps
     * running what a newcomer runs (class-data sharing left out: the archive belongs to the jar, not the class path).
     */
    static List<String> launcherJavaOptions(String command) throws Exception {
        String script = Files.readString(Path.of("infergate"));
        Matcher defaults = Pattern.compile("\\nopts=\\(\\$\\{INFERGATE_JAVA_OPTS:-([^}]*)\\}\\)").matcher(script);
        Matcher measuring = Pattern.compile("=~ \\^\\(([a-z|]+)\\)\\$ \\]\\]; then\\n\\s*opts\\+=\\(([^)]*)\\)").matcher(script);
        assertThat(defaults.find()).as("the launcher's default JVM options").isTrue();
        assertThat(measuring.find()).as("the launcher's JVM options for measuring commands").isTrue();
        List<String> options = new ArrayList<>(Arrays.asList(defaults.group(1).trim().split("\\s+")));
        if (Arrays.asList(measuring.group(1).split("\\|")).contains(command)) {
            options.addAll(Arrays.asList(measuring.group(2).trim().split("\\s+")));
        }
        return options;
    }

    private Process start(List<String> args, String name) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(launcherJavaOptions(args.get(0)));
        cmd.addAll(List.of("-cp", SecretsEndToEndTest.classPath(), Main.class.getName()));
        cmd.addAll(args);
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile()).start();
    }

    private record Outcome(int code, String output) {}

    private Outcome runToEnd(List<String> args, String name) throws Exception {
        Process p = start(args, name);
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(args + " did not finish in 3 minutes");
        }
        return new Outcome(p.exitValue(), Files.readString(dir.resolve(name + ".out")));
    }

    private void serve(List<String> args, int port, String name) throws Exception {
        servers.add(start(args, name));
        for (int i = 0; i < 300; i++) {
            try {
                HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/v1/models").toURL().openConnection();
                if (c.getResponseCode() == 200) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("serve-sim did not answer on port " + port + ": " + Files.readString(dir.resolve(name + ".out")));
    }

    /** The README's words with the test's ports, folders and counts. */
    private List<String> adapted(List<String> words, Map<String, Integer> ports) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            for (Map.Entry<String, Integer> p : ports.entrySet()) {
                w = w.replace("127.0.0.1:" + p.getKey(), "127.0.0.1:" + p.getValue());
            }
            if (w.startsWith("results/")) {
                w = dir.resolve(w).toString();
            }
            boolean count = i > 0 && words.get(i - 1).equals("--requests");
            boolean port = i > 0 && words.get(i - 1).equals("--port");
            out.add(count ? String.valueOf(REQUESTS) : port ? String.valueOf(ports.get(w)) : w);
        }
        return out;
    }

    @Test
    void theReadmesFirstCommands_workAsWritten_againstTheSimulator() throws Exception {
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put("8000", CliErrorsTest.freePort());
        ports.put("8001", CliErrorsTest.freePort());
        int step = 0;
        for (String heading : List.of("Try it without a GPU", "Measure your endpoint", "Compare two servers")) {
            for (List<String> words : commands(heading)) {
                List<String> args = adapted(words, ports);
                String name = "step-" + ++step + "-" + words.get(0);
                if (words.get(0).equals("serve-sim")) {
                    serve(args, ports.get("8000"), name);
                    // the comparison's second server, at the README's 8001: the candidate profile
                    serve(List.of("serve-sim", "--port", String.valueOf(ports.get("8001")), "--profile", "candidate-fp8-kv"),
                            ports.get("8001"), name + "-candidate");
                    continue;
                }
                Outcome o = runToEnd(args, name);
                String what = heading + ": ./infergate " + String.join(" ", words) + "\n" + o.output();
                if (words.get(0).equals("compare")) {
                    assertThat(o.code()).as(what).isIn(ExitCode.OK.code(), ExitCode.REJECTED.code(), ExitCode.INCONCLUSIVE.code());
                    assertThat(o.output()).as(what).containsPattern("(ACCEPTED|REJECTED|INCONCLUSIVE)");
                } else {
                    assertThat(o.code()).as(what).isZero();
                }
                if (words.get(0).equals("report")) {
                    assertThat(dir.resolve(words.get(1)).resolve("report.html")).as(what).exists();
                }
                assertThat(o.output()).as(what).doesNotContain("Exception", "\tat ");
            }
        }
        assertThat(step).as("the README's walk has its commands").isGreaterThanOrEqualTo(7);
        assertThat(new File(dir.resolve("results/old/summary.json").toString())).exists();
    }
}
