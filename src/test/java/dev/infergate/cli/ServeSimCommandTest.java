package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.attest.SimulatorAttestation;
import dev.infergate.attest.SimulatorKey;
import dev.infergate.attest.SimulatorKeys;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ServeSimCommandTest {
    @TempDir
    Path tmp;

    @Test
    void unknownProfile_isOneLineOnStderr_andExitCode2() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Main.execute(new String[] {"serve-sim", "--profile", "no-such-profile"}, new PrintWriter(out),
                new PrintWriter(err));

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).hasLineCount(1).startsWith("infergate: --profile: profile no-such-profile does not exist");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void badPort_isAUsageError() {
        StringWriter err = new StringWriter();

        int code = Main.execute(new String[] {"serve-sim", "--port", "70000"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err));

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).isEqualTo("infergate: --port (70000) must be between 0 and 65535" + System.lineSeparator());
    }

    @Test
    void serves_andPrintsOneBannerLineSayingItIsASimulation() throws Exception {
        ServeSimCommand command = new ServeSimCommand();
        command.keyDir = tmp;
        StringWriter out = new StringWriter();
        CommandLine cli = Converters.registered(new CommandLine(command));
        cli.setOut(new PrintWriter(out, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute("--port", "0", "--profile", "managed-buffered"));
        try {
            String banner = awaitBanner(out);
            assertThat(banner).contains("profile managed-buffered").contains("not a measurement");
            Matcher url = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/v1)").matcher(banner);
            assertThat(url.find()).isTrue();
            HttpResponse<String> models = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url.group(1) + "/models"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(models.statusCode()).isEqualTo(200);
        } finally {
            command.stop.countDown();
        }
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(out.toString()).hasLineCount(1);
    }

    @Test
    void aServeSimOnThisMachine_leavesItsKeyForThisUsersClientsAlone_andTakesItAwayWhenItStops() throws Exception {
        Path keyFile = tmp.resolve("given.key");
        SimulatorKey given = SimulatorKey.random();
        SimulatorKeys.writeFile(tmp, 1, given); // a key made elsewhere, e.g. for clients on another machine
        Files.move(SimulatorKeys.file(tmp, 1), keyFile);
        ServeSimCommand command = new ServeSimCommand();
        command.keyDir = tmp.resolve("sim-keys");
        StringWriter out = new StringWriter();
        CommandLine cli = Converters.registered(new CommandLine(command));
        cli.setOut(new PrintWriter(out, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute("--port", "0",
                "--attest-key-file", keyFile.toString()));
        Path written;
        try {
            Matcher port = Pattern.compile("127\\.0\\.0\\.1:(\\d+)/v1").matcher(awaitBanner(out));
            assertThat(port.find()).isTrue();
            written = SimulatorKeys.file(command.keyDir, Integer.parseInt(port.group(1)));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(written))).isEqualTo("rw-------");
            URI metrics = URI.create("http://127.0.0.1:" + port.group(1) + "/metrics");
            assertThat(SimulatorAttestation.proves(HttpClient.newHttpClient(), metrics, Map.of(),
                    Optional.of(SimulatorKeys.readFile(written)))).isTrue();
            assertThat(SimulatorAttestation.proves(HttpClient.newHttpClient(), metrics, Map.of(), Optional.of(given))).isTrue();
        } finally {
            command.stop.countDown();
        }
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(written).doesNotExist();
        assertThat(out.toString()).doesNotContain(Files.readString(keyFile).strip());
    }

    @Test
    void anAttestKeyFileThatHoldsNoKey_isAUsageError_thatDoesNotRepeatIt() throws Exception {
        Path keyFile = tmp.resolve("bad.key");
        Files.writeString(keyFile, "hunter2");
        StringWriter err = new StringWriter();

        int code = Main.execute(new String[] {"serve-sim", "--port", "0", "--attest-key-file", keyFile.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).hasLineCount(1).contains("--attest-key-file").contains("64 hex digits").doesNotContain("hunter2");
    }

    private static String awaitBanner(StringWriter out) throws InterruptedException {
        for (int i = 0; i < 300 && out.toString().isEmpty(); i++) {
            Thread.sleep(50);
        }
        return out.toString();
    }
}
