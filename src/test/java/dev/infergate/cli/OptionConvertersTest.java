package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Cancellations;
import dev.infergate.workload.trace.TraceFormat;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/** The typed converters read each option's forms into one value, and refuse anything else naming the form. */
class OptionConvertersTest {

    @Test
    void durations_readEveryUnit() {
        DurationConverter c = new DurationConverter();
        assertThat(c.convert("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(c.convert("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> c.convert("10")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("'10' is not a duration").hasMessageContaining("250ms, 10s, 2m");
    }

    @Test
    void slo_vllmGoodputSpelling_isTheSameTargetsAsOurs() {
        SloConverter c = new SloConverter();
        assertThat(c.convert("ttft:500")).isEqualTo(c.convert("ttft=500ms"));
        assertThat(c.convert("ttft:500,tpot:50,e2el:3000")).isEqualTo(new Slo(Duration.ofMillis(500), Duration.ofMillis(50),
                Duration.ofSeconds(3)));
        assertThat(c.convert("ttft=2s,tpot=100ms")).isEqualTo(new Slo(Duration.ofSeconds(2), Duration.ofMillis(100), null));
        assertThat(c.convert("none")).isEqualTo(Slo.NONE);
        assertThatThrownBy(() -> c.convert("latency=1s")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("unknown SLO 'latency'").hasMessageContaining("ttft:2000");
    }

    @Test
    void slo_spaceSeparatedGoodputParts_combineIntoOneSlo() {
        SloOptions options = new SloOptions();
        Converters.registered(new CommandLine(options)).parseArgs("--goodput", "ttft:500", "tpot:50");
        assertThat(options.slo()).isEqualTo(new Slo(Duration.ofMillis(500), Duration.ofMillis(50), null));
    }

    @Test
    void slo_default_isThePlansDefault() {
        SloOptions options = new SloOptions();
        Converters.registered(new CommandLine(options)).parseArgs();
        assertThat(options.slo()).isEqualTo(dev.infergate.accept.PlanReader.DEFAULT_SLO);
    }

    @Test
    void cancelAfter_readsATimeOrATokenCount() {
        CancelAfterConverter c = new CancelAfterConverter();
        assertThat(c.convert("1.5s")).isEqualTo(new Cancellations.AfterTime(Duration.ofMillis(1500)));
        assertThat(c.convert("40tok")).isEqualTo(new Cancellations.AfterTokens(40));
        assertThatThrownBy(() -> c.convert("soon")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("'soon' is neither a duration nor a token count");
    }

    @Test
    void traceFormat_readsAKnownName_andListsThemOtherwise() {
        TraceFormatConverter c = new TraceFormatConverter();
        assertThat(c.convert("JSONL")).isEqualTo(TraceFormat.JSONL);
        assertThatThrownBy(() -> c.convert("csv")).isInstanceOf(TypeConversionException.class)
                .hasMessage("unknown trace format 'csv'; expected one of mooncake, azure, burstgpt, jsonl");
    }

    @Test
    void rates_readPerSecondMinuteAndHour() {
        RateConverter c = new RateConverter();
        assertThat(c.convert("6")).isEqualTo(6.0);
        assertThat(c.convert("6/s")).isEqualTo(6.0);
        assertThat(c.convert("360/m")).isEqualTo(6.0);
        assertThat(c.convert("21600/h")).isEqualTo(6.0);
        for (String bad : List.of("fast", "0", "-1", "NaN", "Infinity", "6/d")) {
            assertThatThrownBy(() -> c.convert(bad)).as(bad).isInstanceOf(TypeConversionException.class)
                    .hasMessageContaining("'" + bad + "' is not a rate above 0").hasMessageContaining("360/m");
        }
    }

    @Test
    void shares_readPercentagesAndFractions() {
        ShareConverter c = new ShareConverter();
        assertThat(c.convert("5%")).isEqualTo(0.05, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(c.convert("0.05")).isEqualTo(0.05);
        assertThat(c.convert("100%")).isEqualTo(1.0);
        for (String bad : List.of("five", "150%", "-0.1")) {
            assertThatThrownBy(() -> c.convert(bad)).as(bad).isInstanceOf(TypeConversionException.class)
                    .hasMessageContaining("'" + bad + "'").hasMessageContaining("5% or 0.05");
        }
    }
}
