package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A probe's effective trials are counted on what decides the SLO: under a TPOT target the decode batch, whose waves
 * show in TPOT while the first-token waits stay flat (the demo's candidate, Dec 6); and on how far from the target it
 * was.
 */
class MeasurementTrialsTest {
    private static final long MS = 1_000_000L;

    /**
     * 72 requests, 12 a second, 128 tokens each; first-token waits of 40-80 ms at random (no queue); TPOT rising from
     * 16 to 24 ms over the probe and back (one wave), all under a 25 ms target: every request good.
     */
    private static List<RequestRecord> oneTpotWave() {
        return oneTpotWave(16, 8);
    }

    /** As above, TPOT rising from {@code fromMs} by {@code riseMs} and back. */
    private static List<RequestRecord> oneTpotWave(double fromMs, double riseMs) {
        SplittableRandom random = new SplittableRandom(5);
        List<RequestRecord> out = new ArrayList<>();
        for (int i = 0; i < 72; i++) {
            long scheduled = i * 1000 * MS / 12;
            long firstToken = scheduled + (40 + random.nextInt(40)) * MS;
            double tpotMs = fromMs + riseMs * Math.sin(Math.PI * i / 71.0);
            long lastToken = firstToken + Math.round(tpotMs * 127 * MS);
            out.add(RequestRecord.builder(i).scheduledNanos(scheduled).sentNanos(scheduled).headersNanos(firstToken)
                    .firstTokenNanos(firstToken).lastTokenNanos(lastToken).doneNanos(lastToken).status(200).inputTokens(100)
                    .outputTokens(128).outputTokensSource(TokenSource.USAGE).chunks(128).build());
        }
        return out;
    }

    @Test
    void underATpotTarget_aWaveOfTpot_countsAsFewTrials_whereTheFlatWaitsWouldCountNearlyAll() {
        List<RequestRecord> records = oneTpotWave();
        double tpotBound = Measurement.effectiveTrials(records, new Slo(Duration.ofSeconds(2), Duration.ofMillis(25), null));
        double waitsOnly = Measurement.effectiveTrials(records, new Slo(Duration.ofSeconds(2), null, null));

        assertThat(tpotBound).as("one wave peaking at 24 ms of 25: a handful of looks at the batch").isLessThan(12);
        assertThat(waitsOnly).as("the random first-token waits alone").isGreaterThan(50);
    }

    @Test
    void underATpotTarget_theSameWaveFarBelowTheTarget_countsAsItsWaits() {
        List<RequestRecord> records = oneTpotWave(8, 4); // 8-12 ms of a 25 ms target: the batch never came near it
        double waits = Measurement.effectiveTrials(records, new Slo(Duration.ofSeconds(2), null, null));

        assertThat(waits).as("random first-token waits").isGreaterThan(50);
        assertThat(Measurement.effectiveTrials(records, new Slo(Duration.ofSeconds(2), Duration.ofMillis(25), null))).isEqualTo(waits);
    }

    /**
     * A probe whose TPOT climbs past the target for its last arrivals (a swelling batch: 14 to 29 ms of 25, the
     * identical-sides run of Dec 7) has caught a wave, not fallen behind: it counts as the looks its margins give, far
     * fewer than its requests. The same last arrivals missing their first token's target have fallen behind: a backlog
     * does not drain at that rate, and the probe counts all its requests.
     */
    @Test
    void lastArrivalsMissingOnlyTpot_areAWave_countedOnTheMargins_butMissingTtft_fellBehind() {
        List<RequestRecord> tpotClimb = new ArrayList<>();
        List<RequestRecord> queueClimb = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 72; i++) {
            long scheduled = i * 1000 * MS / 12;
            long wait = (40 + random.nextInt(40)) * MS;
            double tpotMs = i < 36 ? 14 + random.nextDouble() : 14 + 15 * (i - 36) / 33.0;
            tpotClimb.add(record(i, scheduled, wait, tpotMs));
            queueClimb.add(record(i, scheduled, i < 60 ? wait : 2100 * MS + i * MS, 14));
        }
        Slo slo = new Slo(Duration.ofSeconds(2), Duration.ofMillis(25), null);
        assertThat(tpotClimb.subList(62, 72)).as("the last arrivals all miss their TPOT").noneMatch(slo::met);
        assertThat(queueClimb.subList(62, 72)).as("the last arrivals all miss their TTFT").noneMatch(slo::met);

        assertThat(Measurement.effectiveTrials(tpotClimb, slo)).as("a wave of TPOT: the looks its margins give").isLessThan(12);
        assertThat(Measurement.effectiveTrials(queueClimb, slo)).as("a backlog at the end: every request").isEqualTo(72);
    }

    private static RequestRecord record(int i, long scheduled, long waitNanos, double tpotMs) {
        long firstToken = scheduled + waitNanos;
        long lastToken = firstToken + Math.round(tpotMs * 127 * MS);
        return RequestRecord.builder(i).scheduledNanos(scheduled).sentNanos(scheduled).headersNanos(firstToken)
                .firstTokenNanos(firstToken).lastTokenNanos(lastToken).doneNanos(lastToken).status(200).inputTokens(100)
                .outputTokens(128).outputTokensSource(TokenSource.USAGE).chunks(128).build();
    }

    /**
     * A queue building through the probe (waits rising from 40 to 400 ms) sits far from a 2 s TTFT target, and would
     * miss it in a long run: its margins alone would count its requests; its waits' trend keeps it to a few looks.
     */
    @Test
    void aQueueBuildingFarFromItsTtftTarget_countsAsTheFewLooksOfItsWaits() {
        List<RequestRecord> records = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 72; i++) {
            long scheduled = i * 1000 * MS / 12;
            long firstToken = scheduled + (40 + 5 * i + random.nextInt(10)) * MS;
            long lastToken = firstToken + 127 * 10 * MS;
            records.add(RequestRecord.builder(i).scheduledNanos(scheduled).sentNanos(scheduled).headersNanos(firstToken)
                    .firstTokenNanos(firstToken).lastTokenNanos(lastToken).doneNanos(lastToken).status(200).inputTokens(100)
                    .outputTokens(128).outputTokensSource(TokenSource.USAGE).chunks(128).build());
        }

        assertThat(Measurement.effectiveTrials(records, new Slo(Duration.ofSeconds(2), null, null))).isLessThan(10);
    }
}
