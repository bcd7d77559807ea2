package dev.infergate.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.quality.ItemLog;
import dev.infergate.analysis.quality.ItemResult;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.analysis.quality.QualityHeader;
import dev.infergate.analysis.quality.QualitySummary;
import dev.infergate.analysis.quality.QualityVerdict;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Preflight;
import dev.infergate.quality.eval.EvalSet;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end against two simulated servers whose answer models have a known accuracy gap. */
class QualityRunTest {
    private static final QualityCriterion ONE_POINT = QualityCriterion.maxDrop("1%");

    @TempDir
    Path dir;

    @Test
    void aLargeAccuracyGap_isDetectedAsAFailedCriterion() throws Exception {
        EvalSet set = EvalSet.load("arithmetic", 3, 40);
        QualityRun.Result base = run(SimProfile.bundled("baseline"), Api.CHAT, set, dir.resolve("base"));
        QualityRun.Result cand = run(SimProfile.bundled("candidate-fp8-kv").withAnswerAccuracy(0.4), Api.CHAT, set,
                dir.resolve("cand"));

        assertThat(base.summary().errors()).isZero();
        assertThat(base.summary().header().model()).isEqualTo("sim-llama-8b");
        assertThat(base.summary().header().sampling()).isEqualTo(QualityHeader.Sampling.greedy(QualityPlan.of(set).seed(), 16, 0));
        assertThat(Files.readString(base.dir().resolve(QualitySummary.FILE))).startsWith("{\n  \"schema\" : \"infergate.quality/1\",")
                .contains("\"accuracy\" : {", "\"by_scorer\" : {");
        assertThat(accuracy(base)).isGreaterThan(0.8);
        assertThat(accuracy(cand)).isLessThan(0.6);
        List<ItemResult> logged = ItemLog.read(base.dir().resolve(ItemLog.FILE));
        assertThat(logged).hasSize(40).allMatch(i -> i.output() != null && i.latencyNanos() > 0 && i.outputTokens() >= 1);

        QualityComparison c = QualityComparison.compare(base.dir(), cand.dir(), ONE_POINT);
        assertThat(c.verdict()).isEqualTo(QualityVerdict.FAIL);
        assertThat(c.onlyCandidate()).isZero();
        assertThat(c.mcnemarP()).isLessThan(0.001);
        assertThat(c.identicalOutputs()).isEqualTo((double) (40 - c.onlyBaseline()) / 40);
    }

    @Test
    void aSmallGapOnFewItems_isInconclusive() throws Exception {
        EvalSet set = EvalSet.load("multiple-choice", 1, 20);
        QualityRun.Result base = run(SimProfile.bundled("baseline"), Api.COMPLETIONS, set, dir.resolve("base"));
        QualityRun.Result cand = run(SimProfile.bundled("candidate-fp8-kv"), Api.COMPLETIONS, set, dir.resolve("cand"));

        QualityComparison c = QualityComparison.compare(base.dir(), cand.dir(), ONE_POINT);
        assertThat(c.verdict()).isEqualTo(QualityVerdict.INCONCLUSIVE);
        assertThat(c.itemsNeeded()).isGreaterThan(20L);
        assertThat(c.logprobDivergence()).isNull();
    }

    @Test
    void anUnknownModel_failsBeforeAnyItemIsAsked() {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Endpoint endpoint = endpoint(server, Api.CHAT).withModel("gpt-unknown");
            assertThatThrownBy(() -> QualityRun.run(endpoint, QualityPlan.of(EvalSet.load("arithmetic", 1, 2)), dir))
                    .isInstanceOf(Preflight.Failure.class).hasMessageContaining("unknown model 'gpt-unknown'");
        }
        assertThat(dir.resolve("quality.json")).doesNotExist();
    }

    @Test
    void aDirectoryWithAQualityRun_isNotOverwritten() throws IOException {
        Files.writeString(dir.resolve("quality.json"), "{}");
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            assertThatThrownBy(() -> QualityRun.run(endpoint(server, Api.CHAT), QualityPlan.of(EvalSet.load("arithmetic", 1, 2)), dir))
                    .hasMessageEndingWith("already holds a quality run; pass another --out or remove it");
        }
    }

    private static QualityRun.Result run(SimProfile profile, Api api, EvalSet set, Path out) throws Preflight.Failure, IOException {
        try (SimServer server = SimServer.start(profile, "127.0.0.1", 0, 42)) {
            return QualityRun.run(endpoint(server, api), QualityPlan.of(set).withConcurrency(10).withMaxTokens(16), out);
        }
    }

    private static Endpoint endpoint(SimServer server, Api api) {
        return new Endpoint(URI.create(server.baseUrl()), api, null, false, Map.of(), null, false, false, Duration.ofSeconds(5));
    }

    private static double accuracy(QualityRun.Result r) {
        return r.summary().accuracy().value();
    }
}
