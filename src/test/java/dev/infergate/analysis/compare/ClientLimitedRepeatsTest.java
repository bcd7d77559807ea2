package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.SimulatorLag;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ClientLimitedRepeatsTest {
    private static final Criteria TTFT = new Criteria(List.of(new Criterion(Statistic.parse("ttft.p50"),
            Bound.MAX_REGRESSION, 0.10)), Map.of(), Map.of());

    /** A record carrying the client's marks: its write started {@code lagMs} after its scheduled time. */
    private static RequestRecord lagged(RequestRecord r, double lagMs) {
        long lag = Math.round(lagMs * Synthetic.MS);
        return new RequestRecord(r.id(), r.worker(), r.phase(), r.condition(), r.session(), r.turn(), r.scheduledNanos(),
                r.sentNanos(), r.headersNanos(), r.firstTokenNanos(), r.lastTokenNanos(), r.doneNanos(), r.status(),
                r.error(), r.errorDetail(), r.retryAfterSeconds(), r.inputTokens(), r.outputTokens(),
                r.outputTokensSource(), r.cachedTokens(), r.chunks(), r.maxStallNanos(), r.itlHistogram(),
                r.eventOffsetsNanos(), 0, RequestRecord.ABSENT, -1, -1, r.scheduledNanos(), r.scheduledNanos() + lag,
                RequestRecord.ABSENT);
    }

    /** 200 requests of TTFT about {@code medianMs} (the same ids on every call), the client lagging {@code lagMs} each. */
    private static RepeatSample repeat(long seed, double medianMs, double lagMs) {
        SplittableRandom random = new SplittableRandom(seed);
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            double ttft = medianMs * Math.exp(0.2 * Synthetic.gaussian(random));
            records.add(lagged(Synthetic.ok(i, i * 100.0, ttft, 10, 10), lagMs));
        }
        return RepeatSample.of(records, null);
    }

    @Test
    void aRepeatWhoseClientFellBehind_isMarked() {
        assertThat(repeat(1, 100, 0.5).clientLimited()).isFalse();
        assertThat(repeat(1, 100, 50).clientLimited()).isTrue();
    }

    @Test
    void aLimitedRepeat_isLeftOutOnBothSides_soABusyMachineDoesNotRejectAnEqualCandidate() {
        // The candidate's second repeat ran while the machine was busy: its client lagged and it measured 3x slower.
        Map<String, Comparison.Pair> pairs = new LinkedHashMap<>();
        // 4 repeats, so that 3 are left: with fewer a run-to-run allowance would judge, not the interval alone.
        pairs.put("c", new Comparison.Pair(Sample.of(repeat(1, 100, 0.5), repeat(2, 100, 0.5), repeat(3, 100, 0.5),
                repeat(4, 100, 0.5)), Sample.of(repeat(1, 100, 0.5), repeat(2, 300, 50), repeat(3, 100, 0.5),
                repeat(4, 100, 0.5))));
        Bootstrap bootstrap = new Bootstrap(500, 0.95, 7);
        assertThat(Comparison.run(pairs, TTFT, bootstrap).verdict()).as("without the rule").isNotEqualTo(Verdict.PASS);

        ClientLimitedRepeats clean = ClientLimitedRepeats.of(pairs);
        Comparison.Pair kept = clean.pairs().get("c");
        assertThat(kept.baseline().repeats()).hasSize(3);
        assertThat(kept.candidate().repeats()).hasSize(3);
        assertThat(Pairing.paired(kept.baseline(), kept.candidate())).as("the pairing holds").isTrue();
        assertThat(clean.apply(Comparison.run(clean.pairs(), TTFT, bootstrap)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(clean.note()).contains("2 run(s) left out in 1 of 1 conditions");
    }

    @Test
    void aSideWithNoCleanRepeat_decidesNothing() {
        Map<String, Comparison.Pair> pairs = Map.of("c", new Comparison.Pair(Sample.of(repeat(1, 100, 0.5)),
                Sample.of(repeat(1, 300, 50))));
        ClientLimitedRepeats clean = ClientLimitedRepeats.of(pairs);
        Comparison.Result r = clean.apply(Comparison.run(clean.pairs(), TTFT, new Bootstrap(500, 0.95, 7)));

        assertThat(clean.undecidable()).containsExactly("c");
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.conditions().get(0).judgements()).singleElement()
                .satisfies(j -> assertThat(j.note()).startsWith("most repeats of a side were client-limited"));
        assertThat(clean.note()).contains("fewer than half the repeats of a side clean, so inconclusive: c");
    }

    @Test
    void oneCleanRepeatOfThree_decidesNothing_twoOfThreeDo() {
        // Repeats 2 and 3 of the candidate lagged; the clean first one measured 50 % slower on a starved server.
        Map<String, Comparison.Pair> pairs = Map.of("c", new Comparison.Pair(
                Sample.of(repeat(1, 100, 0.5), repeat(2, 100, 0.5), repeat(3, 100, 0.5)),
                Sample.of(repeat(1, 150, 0.5), repeat(2, 100, 50), repeat(3, 100, 50))));
        ClientLimitedRepeats clean = ClientLimitedRepeats.of(pairs);
        Comparison.Result r = clean.apply(Comparison.run(clean.pairs(), TTFT, new Bootstrap(500, 0.95, 7)));
        assertThat(clean.undecidable()).containsExactly("c");
        assertThat(r.verdict()).as("1 clean repeat of 3 cannot fail it").isEqualTo(Verdict.INCONCLUSIVE);

        assertThat(ClientLimitedRepeats.mostLeftOut(2, 3)).isFalse();
        assertThat(ClientLimitedRepeats.mostLeftOut(2, 4)).isFalse();
        assertThat(ClientLimitedRepeats.mostLeftOut(1, 2)).isFalse();
        assertThat(ClientLimitedRepeats.mostLeftOut(1, 3)).isTrue();
        assertThat(ClientLimitedRepeats.mostLeftOut(0, 1)).isTrue();
    }

    /** The simulator's lag over a run: {@code stalledMs} of its engine lost in 10 s, every token within 1 ms. */
    private static SimulatorLag served(double stalledMs) {
        TreeMap<Double, Double> late = new TreeMap<>(Map.of(0.001, 1000.0, Double.POSITIVE_INFINITY, 1000.0));
        return new SimulatorLag(stalledMs / 1000, 10, late);
    }

    @Test
    void aRepeatServedByASimulatorBehindItsModel_isLeftOutLikeAClientLimitedOne() {
        // The candidate's simulator was starved in repeat 2 (its engine lost 3 % of the run), invisibly to the
        // client, whose lag stayed low: the repeat measured 3x slower.
        Map<String, Comparison.Pair> pairs = new LinkedHashMap<>();
        pairs.put("c", new Comparison.Pair(Sample.of(repeat(1, 100, 0.5), repeat(2, 100, 0.5), repeat(3, 100, 0.5),
                repeat(4, 100, 0.5)), Sample.of(repeat(1, 100, 0.5), repeat(2, 300, 0.5).servedWith(served(300)),
                repeat(3, 100, 0.5).servedWith(served(50)), repeat(4, 100, 0.5))));
        assertThat(pairs.get("c").candidate().repeats().get(1).clientLimited()).isFalse();
        assertThat(pairs.get("c").candidate().repeats().get(1).simulatorBehind()).isTrue();
        assertThat(pairs.get("c").candidate().repeats().get(2).simulatorBehind()).as("0.5 % lost: within 1 %").isFalse();
        assertThat(repeat(1, 100, 0.5).servedWith(SimulatorLag.UNKNOWN).limited()).as("another server: never").isFalse();
        Bootstrap bootstrap = new Bootstrap(500, 0.95, 7);
        assertThat(Comparison.run(pairs, TTFT, bootstrap).verdict()).as("without the rule").isNotEqualTo(Verdict.PASS);

        ClientLimitedRepeats clean = ClientLimitedRepeats.of(pairs);
        assertThat(clean.pairs().get("c").candidate().repeats()).hasSize(3);
        assertThat(clean.apply(Comparison.run(clean.pairs(), TTFT, bootstrap)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(clean.simulatorBehind()).isEqualTo(1);
        assertThat(clean.note()).startsWith("client-limited or simulator behind: 2 run(s) left out in 1 of 1 conditions")
                .contains("in 1 run(s), the simulator serving them fell behind its own model: " + SimulatorLag.LIMITS);
    }

    @Test
    void withoutLimitedRuns_nothingChanges() {
        Map<String, Comparison.Pair> pairs = Map.of("c", new Comparison.Pair(Sample.of(repeat(1, 100, 0.5)),
                Sample.of(repeat(2, 100, 0.5))));
        ClientLimitedRepeats clean = ClientLimitedRepeats.of(pairs);
        assertThat(clean.pairs()).isEqualTo(pairs);
        assertThat(clean.note()).isNull();
    }
}
