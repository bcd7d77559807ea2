package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionFiguresTest {
    private static final long MS = 1_000_000L;

    /** A turn scheduled at {@code startMs}, sent 1 ms later, first token after {@code ttftMs}, done after {@code e2eMs}. */
    private static RequestRecord turn(String session, int turn, long startMs, long ttftMs, long e2eMs, int input, int cached) {
        long sent = (startMs + 1) * MS;
        return RequestRecord.builder(Math.max(0, turn)).session(session).turn(turn).scheduledNanos(startMs * MS)
                .sentNanos(sent).headersNanos(sent + MS).firstTokenNanos(sent + ttftMs * MS)
                .lastTokenNanos(sent + (e2eMs - 1) * MS).doneNanos(sent + e2eMs * MS).status(200).inputTokens(input)
                .outputTokens(8).outputTokensSource(TokenSource.USAGE).cachedTokens(cached).chunks(8)
                .maxStallNanos(MS).build();
    }

    private static RequestRecord failed(String session, int turn, long startMs) {
        return RequestRecord.builder(turn).session(session).turn(turn).scheduledNanos(startMs * MS)
                .sentNanos((startMs + 1) * MS).doneNanos((startMs + 2) * MS).status(500).error(ErrorClass.HTTP_5XX)
                .errorDetail("boom").build();
    }

    @Test
    void completedSessions_giveTheTotal_fromFirstScheduledToLastDone_andEarlyStopsAreCountedApart() {
        SessionFigures f = new SessionFigures();
        // session a: turns at 0 ms (done 101) and 1,101 ms (done 1,302): total 1,302 ms
        f.add(turn("a", 0, 0, 50, 100, 300, 0));
        f.add(turn("a", 1, 1101, 20, 200, 500, 288));
        // session b: its second turn failed, so it did not complete and has no total
        f.add(turn("b", 0, 0, 60, 100, 300, 0));
        f.add(failed("b", 1, 1101));
        SessionFigures.Figures m = f.figures(2);
        assertThat(m.count()).isEqualTo(2);
        assertThat(m.completed()).isEqualTo(1L);
        assertThat(m.turnsPerSession()).isEqualTo(2);
        assertThat(m.sessionTotalMs().count()).isEqualTo(1L);
        assertThat(m.sessionTotalMs().max()).isBetween(1301.0, 1303.0);
        List<SessionFigures.TurnFigures> byTurn = m.byTurn();
        assertThat(byTurn).hasSize(2);
        assertThat(byTurn.get(0)).isEqualTo(new SessionFigures.TurnFigures(0, 2, 0, byTurn.get(0).ttftMs(),
                byTurn.get(0).e2eMs(), 300.0, 0.0));
        assertThat(byTurn.get(1)).isEqualTo(new SessionFigures.TurnFigures(1, 2, 1, byTurn.get(1).ttftMs(),
                byTurn.get(1).e2eMs(), 500.0, 288.0));
        assertThat(byTurn.get(1).e2eMs().count()).isEqualTo(1L);
    }

    @Test
    void withoutKnownTurnsPerSession_theMostTurnsSeenCount_andUnreportedCacheIsNull() {
        SessionFigures f = new SessionFigures();
        f.add(turn("a", 0, 0, 50, 100, 300, -1));
        f.add(turn("a", 1, 200, 50, 100, 400, -1));
        f.add(turn("b", 0, 0, 50, 100, 300, -1));
        SessionFigures.Figures m = f.figures(0);
        assertThat(m.turnsPerSession()).isEqualTo(2);
        assertThat(m.completed()).isEqualTo(1L);
        assertThat(m.byTurn().get(0).cachedTokensMean()).isNull();
    }

    @Test
    void recordsWithoutASession_areIgnored() {
        SessionFigures f = new SessionFigures();
        f.add(turn(null, -1, 0, 50, 100, 300, 0));
        assertThat(f.isEmpty()).isTrue();
    }
}
