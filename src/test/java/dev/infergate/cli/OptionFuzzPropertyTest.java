package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any value of any option of {@code run}: the command either starts (and, against a closed port, cannot reach
 * the server: exit 3) or refuses the value in one line with exit 2; never an unexpected error or a stack trace.
 */
class OptionFuzzPropertyTest {
    static final List<String> OPTIONS = List.of("--rate", "--concurrency", "--max-concurrency", "--max-queued",
            "--duration", "--requests", "--warmup", "--drain-timeout", "--ramp-up", "--start-at", "--shard", "--arrival",
            "--burstiness", "--seed", "--think-time", "--sessions", "--turns", "--cancel-rate", "--cancel-after", "--preset",
            "--isl", "--output-tokens", "--prefix", "--cache-mix", "--tokenizer", "--prompt-salt", "--system-tokens",
            "--turn-tokens", "--tool-tokens", "--time-scale", "--max-context", "--extra-body", "--tools", "--max-body-size",
            "--max-event-size", "--slo", "--label", "--event-loops", "--record-events", "--server-metrics", "--api",
            "--model", "--header", "--connect-timeout", "--idle-connection-timeout", "--ttft-timeout", "--idle-timeout",
            "--timeout", "--http", "--base-url");

    @Provide
    Arbitrary<String> values() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("0123456789.-+eE/:=,smhu% ").ofMaxLength(14),
                Arbitraries.strings().ascii().ofMaxLength(20),
                Arbitraries.strings().all().ofMaxLength(8),
                Arbitraries.of("0", "-1", "1e12", "NaN", "Infinity", "99999999999999999999", "1e-300", "", " ",
                        "99999999999999h", "0s", "-5s", "1.5", "2026-01-01T00:00:00Z", "3/2", "0/0", "{", "[1]", "a=b=c",
                        "ttft=", "x: y", "http://127.0.0.1:99999/v1", "http://u:p@h/v1?key=S", "\u0000", "\u202e"));
    }

    @Property(tries = 200)
    void anyValueOfAnyOption_startsOrIsRefusedInOneLine(@ForAll("values") String value,
            @ForAll("option") String option) throws Exception {
        Path out = Files.createTempDirectory("infergate-option-fuzz").resolve("out");
        String url = option.equals("--base-url") ? value : "http://127.0.0.1:9/v1";
        String[] args = option.equals("--base-url")
                ? new String[] {"run", "--base-url", url, "--no-progress", "--no-client-warmup", "--out", out.toString()}
                : new String[] {"run", "--base-url", url, "--no-progress", "--no-client-warmup", "--out", out.toString(),
                    option, value};
        CliErrorsTest.Outcome o = CliErrorsTest.run(args);
        assertThat(o.code()).as("%s %s: %s", option, value, o.err()).isIn(2, 3);
        assertThat(o.err().strip().lines().count()).as("%s %s: one line: %s", option, value, o.err()).isEqualTo(1);
        assertThat(o.err()).startsWith("infergate: ").doesNotContain("unexpected error").doesNotContain("\tat ");
        Files.deleteIfExists(out.getParent());
    }

    @Provide
    Arbitrary<String> option() {
        return Arbitraries.of(OPTIONS);
    }
}
