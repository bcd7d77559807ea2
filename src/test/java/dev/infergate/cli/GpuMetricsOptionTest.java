package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class GpuMetricsOptionTest {
    @Test
    void aGpuMetricsValueThatIsNoUrl_isOneLineAndExit2() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "--base-url", "http://127.0.0.1:9/v1", "--requests", "1",
            "--gpu-metrics", "nope"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(
                "infergate: --gpu-metrics 'nope' is not a URL; write it like http://127.0.0.1:9400/metrics");
    }

    @Test
    void gpuMetricsUrl_acceptsHttpAndHttps() {
        assertThat(RunCommand.gpuMetricsUrl("https://127.0.0.1:9400/metrics")).hasToString("https://127.0.0.1:9400/metrics");
        assertThat(RunCommand.gpuMetricsUrl(null)).isNull();
    }
}
