package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.run.RunWatch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LiveRunsTest {
    @Test
    void stepLinesAlwaysShow_andEachRunsViewOnlyOnATerminal_unlessTurnedOff() {
        StringWriter err = new StringWriter();
        PrintStream stream = new PrintStream(new ByteArrayOutputStream());
        LiveRuns piped = new LiveRuns(new PrintWriter(err, true), stream, "infergate: ", l -> l + " · 1m left", false, true);
        piped.accept("[1/6] baseline, short-chat");
        assertThat(err.toString()).isEqualTo("infergate: [1/6] baseline, short-chat · 1m left" + System.lineSeparator());
        assertThat(piped.runs()).as("piped: the step lines carry the progress").isSameAs(RunWatch.NONE);
        assertThat(new LiveRuns(new PrintWriter(err), stream, "", l -> l, true, false).runs()).isSameAs(RunWatch.NONE);
        assertThat(new LiveRuns(new PrintWriter(err), stream, "", l -> l, true, true).runs()).isNotSameAs(RunWatch.NONE);
    }
}
