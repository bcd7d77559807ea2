package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
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
import picocli.CommandLine;

class ServeSimCommandTest {

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

    private static String awaitBanner(StringWriter out) throws InterruptedException {
        for (int i = 0; i < 300 && out.toString().isEmpty(); i++) {
            Thread.sleep(50);
        }
        return out.toString();
    }
}
