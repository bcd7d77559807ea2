package dev.infergate.cli;

import dev.infergate.analysis.Slo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --slo}: the targets a request must meet to count as good (goodput, SLO attainment, capacity). One syntax
 * and one default for every command that takes it, the default of an acceptance plan ({@code slo:}).
 */
final class SloOptions {
    /** The default targets, the same as an acceptance plan's (PlanReader.DEFAULT_SLO); docs/acceptance.md names them. */
    static final String DEFAULT = "ttft=2s,tpot=100ms";

    @Option(names = {"--slo", "--goodput"}, arity = "1..*", defaultValue = DEFAULT, converter = SloConverter.class,
            paramLabel = "ttft=DUR,tpot=DUR,e2e=DUR",
            description = "The targets a request must meet to count as good: it completed, and its TTFT and E2E from the "
                    + "scheduled time and its TPOT are within them (any of ttft, tpot, e2e; none: no targets). "
                    + "--goodput is vLLM's name; its spelling 'ttft:500 tpot:50 e2el:3000' (milliseconds) gives the same "
                    + "targets. Default: ${DEFAULT-VALUE}.")
    List<Slo> parts = new ArrayList<>();

    /** The targets given; with several parts (vLLM's space-separated form), each target from the last part naming it. */
    Slo slo() {
        Duration ttft = null;
        Duration tpot = null;
        Duration e2e = null;
        for (Slo s : parts) {
            ttft = s.ttft() != null ? s.ttft() : ttft;
            tpot = s.tpot() != null ? s.tpot() : tpot;
            e2e = s.e2e() != null ? s.e2e() : e2e;
        }
        return new Slo(ttft, tpot, e2e);
    }
}
