package dev.infergate.cli;

import org.junit.jupiter.api.Test;

/** probe and quality speak chat and completions only: the other APIs are refused with one line. */
class ChatOnlyCommandsTest {
    @Test
    void probeAndQuality_refuseResponsesAndEmbeddings_namingWhereToMeasureThem() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("probe", "--base-url", "http://127.0.0.1:9/v1", "--api", "responses"), 2,
                "probe speaks --api chat or completions only, not responses", "infergate run");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("quality", "--base-url", "http://127.0.0.1:9/v1", "--api", "embeddings"), 2,
                "quality speaks --api chat or completions only, not embeddings");
    }
}
