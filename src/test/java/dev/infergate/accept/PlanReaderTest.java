package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.config.ConfigException;
import dev.infergate.workload.Preset;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlanReaderTest {
    @Test
    void aMinimalPlanIsTwoUrls_andGetsEighteenConditions() {
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n");

        assertThat(plan.conditions()).hasSize(18).startsWith("short-chat/fresh/low", "short-chat/fresh/typical")
                .contains("long-output/shared/near-limit");
        assertThat(plan.repeats()).isEqualTo(3);
        assertThat(plan.capacity().target()).isEqualTo(0.95);
        assertThat(plan.burst().multiplier()).isEqualTo(4);
        assertThat(plan.slo().ttft()).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.baseline().api()).isEqualTo("chat");
        assertThat(plan.quality()).as("no quality step the plan did not ask for").isNull();
    }

    @Test
    void qualityTrue_runsTheDefaultStep() {
        AcceptPlan plan = PlanReader.read("plan.yaml",
                "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\nquality: true\n");
        assertThat(plan.quality()).isEqualTo(QualityStep.DEFAULT);
    }

    @Test
    void aFullPlan_readsEveryValue() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline:
                  url: http://a:8000/v1
                  model: llama
                  labels: {gpu: H100, engine: vllm-0.8, sampling.temperature: 0}
                candidate: {url: http://b:8000/v1, labels: {gpu: H100, engine: vllm-0.9}}
                matrix:
                  workloads: [long-doc]
                  prefixes: shared
                  loads:
                    low: {rate: 0.5}
                    high: {fraction: 90%}
                repeats: 2
                requests: 50
                slo: {ttft: 1s, e2e: 30s}
                criteria:
                  ttft.p95: {max_regression: 10%}
                capacity: {target: 0.9, duration: 5s}
                burst: {rate: 2, multiplier: 3, during: 5s}
                """);

        assertThat(plan.workloads()).containsExactly(new MatrixWorkload.Requests(Preset.LONG_DOC));
        assertThat(plan.agent()).isNull();
        assertThat(plan.conditions()).containsExactly("long-doc/shared/low", "long-doc/shared/high");
        assertThat(plan.loads().get(1).capacityFraction()).isEqualTo(0.9);
        assertThat(plan.baseline().labels()).containsEntry("sampling.temperature", "0");
        assertThat(plan.criteria().global()).hasSize(1);
        assertThat(plan.capacity().probeDuration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(plan.burst().baseRate()).isEqualTo(2);
    }

    @Test
    void errorsNameTheLineAndTheKey() {
        String plan = "baseline: http://a/v1\ncandidate: http://b/v1\nmatrix:\n  loads:\n    typical: {rate: 2, concurrency: 4}\n";
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", plan)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("plan.yaml line 5, key matrix.loads.typical: give exactly one of concurrency");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\nrepeat: 3\n"))
                .hasMessageStartingWith("plan.yaml line 3, key repeat: unknown key (did you mean repeats?); expected one of repeats, agent, ");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "matrix: {workloads: [short-chat, tiny-chat]}\n"))
                .hasMessageStartingWith("plan.yaml line 3, key matrix.workloads[1]: unknown preset 'tiny-chat'");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\n"))
                .hasMessageContaining("needs a 'candidate' endpoint");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "capacity: false\nburst: {multiplier: 3}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key burst: needs a rate when capacity is disabled");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "criteria:\n  ttft.p95: {max_regression: 10}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key criteria.ttft.p95.max_regression:");
    }

    @Test
    void anAgentRow_withoutABlock_getsTheDefaults_andMapsRequestsToSessions() {
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "matrix: {workloads: [short-chat, agent], prefixes: [shared], loads: {low: {concurrency: 2}}}\n");

        assertThat(plan.conditions()).containsExactly("short-chat/shared/low", "agent/shared/low");
        assertThat(plan.agent()).isEqualTo(MatrixWorkload.Agent.DEFAULT);
        assertThat(plan.agent().turns()).isEqualTo(4);
        assertThat(plan.agent().thinkTime()).isEqualTo(Duration.ofSeconds(1));
        // 200 requests and 10 warm-up requests by default: ceil(200 / 4) and ceil(10 / 4) sessions
        assertThat(plan.agent().sessionsFor(plan.requests())).isEqualTo(50);
        assertThat(plan.agent().sessionsFor(plan.warmupRequests())).isEqualTo(3);
        assertThat(plan.agent().load(plan.requests(), plan.warmupRequests(),
                new dev.infergate.load.SessionStarts.Concurrent(2)).limits(null, Duration.ZERO).requests()).isEqualTo(200);
    }

    @Test
    void theAgentBlock_setsEveryValue() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline: http://a/v1
                candidate: http://b/v1
                matrix: {workloads: [agent]}
                requests: 10
                agent: {turns: 3, think_time: 250ms, system_tokens: 64, user_tokens: 16, tool_tokens: 'uniform:8-24', output_tokens: 8}
                """);

        MatrixWorkload.Agent agent = plan.agent();
        assertThat(agent.turns()).isEqualTo(3);
        assertThat(agent.thinkTime()).isEqualTo(Duration.ofMillis(250));
        assertThat(agent.systemTokens()).isEqualTo(64);
        assertThat(agent.userTokens()).hasToString("16");
        assertThat(agent.toolTokens()).hasToString("uniform:8-24");
        assertThat(agent.outputTokens()).hasToString("8");
        assertThat(agent.sessionsFor(plan.requests())).isEqualTo(4);
        assertThat(plan.conditions()).hasSize(6).allMatch(c -> c.startsWith("agent/"));
    }

    @Test
    void agentMistakes_nameTheLineAndTheKey() {
        String head = "baseline: http://a/v1\ncandidate: http://b/v1\n";
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [agent]}\nagent: {turns: 0}\n"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("plan.yaml line 4, key agent.turns: (0) must be >= 1");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [agent]}\nagent:\n  think: 1s\n"))
                .hasMessageStartingWith("plan.yaml line 5, key agent.think: unknown key; expected one of");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [agent]}\nagent: {user_tokens: lots}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key agent.user_tokens:");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [agent]}\nagent: {think_time: soon}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key agent.think_time:");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [short-chat]}\nagent: {turns: 3}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key agent: shapes the agent workload, which the matrix does not run");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "matrix: {workloads: [agents]}\n"))
                .hasMessageStartingWith("plan.yaml line 3, key matrix.workloads[0]: unknown preset 'agents'")
                .hasMessageEndingWith("or agent (agent sessions)");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", head + "capacity: {workload: agent}\n"))
                .hasMessageStartingWith("plan.yaml line 3, key capacity.workload: agent sessions run in the matrix only");
    }

    private static final String SIDES = "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n";

    private static void refused(String extra, String... fragments) {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + extra))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> {
                    assertThat(e.getMessage()).doesNotContain("\n").startsWith("plan.yaml");
                    for (String f : fragments) {
                        assertThat(e.getMessage()).contains(f);
                    }
                });
    }

    @Test
    void theRunToRunAllowance_defaultsToCompares_andIsReadAsAShare() {
        assertThat(PlanReader.read("plan.yaml", SIDES).runToRunAllowance()).isEqualTo(0.15);
        assertThat(PlanReader.read("plan.yaml", SIDES + "run_to_run_allowance: 5%\n").runToRunAllowance()).isEqualTo(0.05);
        assertThat(PlanReader.read("plan.yaml", SIDES + "run_to_run_allowance: 0.2\n").runToRunAllowance()).isEqualTo(0.2);
        assertThat(PlanReader.read("plan.yaml", SIDES + "run_to_run_allowance: 0\n").runToRunAllowance()).isZero();
        refused("run_to_run_allowance: 100%\n", "line 3", "key run_to_run_allowance", "below 100%");
        refused("run_to_run_allowance: lots\n", "line 3", "key run_to_run_allowance", "'lots' is not a share");
    }

    @Test
    void capacityRatesOutOfOrder_areRefusedAtTheirKey() {
        refused("capacity: {start_rate: 100, max_rate: 1}\n", "line 3", "key capacity.max_rate", "start_rate (100.0)");
    }

    @Test
    void capacityRepeats_isRefused_sayingWhatReplacedIt() {
        refused("capacity: {start_rate: 4, repeats: 3}\n", "line 3", "key capacity.repeats", "is gone", "max_probes", "tolerance");
    }

    @Test
    void aCapacityTargetOfOneOrMore_isRefusedAtItsKey() {
        refused("capacity: {target: 1.5}\n", "line 3", "key capacity.target", "below 1");
    }

    @Test
    void capacityValuesOutOfRange_areRefusedAtTheirKey_withTheCapacityRecordsOwnSentence() {
        refused("capacity: {max_probes: 1}\n", "line 3", "key capacity.max_probes: (1) must be >= 2");
        refused("capacity: {duration: 0s}\n", "line 3", "key capacity.duration: (0us) must be more than 0, e.g. 20s");
        refused("capacity: {ramp_duration: 0s}\n", "line 3", "key capacity.ramp_duration: (0us) must be more than 0");
        refused("capacity: {trials: some}\n", "line 3", "key capacity.trials: 'some' is not requests or effective");
        refused("capacity: {time_budget: 0s}\n", "line 3", "key capacity.time_budget: (0us) must be more than 0, e.g. 10m");
        refused("capacity: {start_rate: 2000}\n", "line 3", "key capacity: max_rate (1000.0) must be >= start_rate (2000.0)");
    }

    @Test
    void capacityTrials_areEffectiveUnlessThePlanAsksForEachRequest() {
        assertThat(PlanReader.read("plan.yaml", SIDES + "capacity: {start_rate: 2}\n").capacity().effectiveTrials()).isTrue();
        assertThat(PlanReader.read("plan.yaml", SIDES + "capacity: {trials: effective}\n").capacity().effectiveTrials()).isTrue();
        assertThat(PlanReader.read("plan.yaml", SIDES + "capacity: {trials: requests}\n").capacity().effectiveTrials()).isFalse();
    }

    @Test
    void aCapacityTimeBudget_isReadWhenGiven_andAbsentOtherwise() {
        assertThat(PlanReader.read("plan.yaml", SIDES + "capacity: {time_budget: 130s}\n").capacity().timeBudget())
                .isEqualTo(Duration.ofSeconds(130));
        assertThat(PlanReader.read("plan.yaml", SIDES + "capacity: {start_rate: 2}\n").capacity().timeBudget()).isNull();
    }

    @Test
    void aCapacityBuiltFromTypedValues_isCheckedLikeAPlansBlock() {
        assertThatThrownBy(() -> new AcceptPlan.Capacity(Preset.SHORT_CHAT, dev.infergate.workload.PrefixMode.FRESH, 0.95, 1,
                1000, Duration.ofSeconds(20), Duration.ofSeconds(3), 0, 10, null))
                .isInstanceOf(AcceptPlan.Capacity.Invalid.class)
                .hasMessage("tolerance (0.0) must be a share above 0, e.g. 5% or 0.05")
                .satisfies(e -> assertThat(((AcceptPlan.Capacity.Invalid) e).key()).isEqualTo("tolerance"));
    }

    @Test
    void anUnknownTokenizer_isRefusedWhenThePlanIsRead() {
        refused("tokenizer: gpt9\n", "line 3", "key tokenizer", "gpt9", "cl100k_base");
        assertThat(PlanReader.read("plan.yaml", SIDES + "tokenizer: o200k_base\n").tokenizer()).isEqualTo("o200k_base");
    }

    @Test
    void aSecondDocument_isAnError() {
        refused("---\nrepeats: 2\n", "line 4", "second YAML document");
    }

    @Test
    void anAlias_readsAsTheAnchoredValue() {
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: &u http://127.0.0.1:8000/v1\ncandidate: *u\n");
        assertThat(plan.candidate().url()).isEqualTo("http://127.0.0.1:8000/v1");
        AcceptPlan mapped = PlanReader.read("plan.yaml", "baseline: &side {url: http://a:8000/v1, model: m}\ncandidate: *side\n");
        assertThat(mapped.candidate().model()).isEqualTo("m");
    }

    @Test
    void aNegativeWarmupAndAnEmptyWorkloadList_nameTheirKey() {
        refused("warmup: -5\n", "line 3", "key warmup", "(-5) must be >= 0");
        refused("matrix:\n  workloads: []\n", "line 4", "key matrix.workloads", "at least one workload");
        refused("matrix:\n  loads: {}\n", "line 4", "key matrix.loads", "at least one load");
    }

    @Test
    void tabsAndSyntaxErrors_giveOneLineWithLineAndColumn() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\n\tcandidate: http://b/v1\n"))
                .hasMessage("plan.yaml:2:1: not valid YAML: a tab character; YAML indents with spaces only");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "matrix: [a\n"))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith("plan.yaml:4:1: not valid YAML: ").doesNotContain("\n"));
    }

    @Test
    void audiences_eachGetTheirOwnCriteria_andThePlanJudgesTheirUnion() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline: http://127.0.0.1:8000/v1
                candidate: http://127.0.0.1:8001/v1
                audiences:
                  chat: {label: chat users, criteria: {ttft.p95: {max_regression: 10%}}}
                  batch:
                    throughput.output_tokens_per_s: {max_regression: 5%}
                    capacity.requests_per_hour: {min_improvement: 0%}
                """);
        assertThat(plan.audiences()).extracting(a -> a.name()).containsExactly("chat", "batch");
        assertThat(plan.audiences().get(0).label()).isEqualTo("chat users");
        assertThat(plan.audiences().get(1).capacity()).hasSize(1);
        assertThat(plan.criteria().forCondition("short-chat/fresh/low")).extracting(c -> c.describe())
                .containsExactly("ttft.p95 max_regression 10%", "throughput.output_tokens_per_s max_regression 5%");
    }

    @Test
    void aPlanWithoutAudiences_hasOneAudienceAll_withThePlansCriteria() {
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: http://a:1/v1\ncandidate: http://b:1/v1\n"
                + "criteria: {ttft.p50: {max_regression: 20%}}\n");
        assertThat(plan.audiences()).hasSize(1);
        assertThat(plan.audiences().get(0).name()).isEqualTo("all");
        assertThat(plan.audiences().get(0).criteria()).isEqualTo(plan.criteria());
    }

    @Test
    void audiencesBesideCriteria_orACapacityCriterionWithoutTheCapacityStep_areRefused() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a:1/v1\ncandidate: http://b:1/v1\n"
                + "criteria: {ttft.p50: {max_regression: 20%}}\naudiences: {chat: {ttft.p95: {max_regression: 10%}}}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("line 3").hasMessageContaining("beside audiences");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a:1/v1\ncandidate: http://b:1/v1\n"
                + "capacity: false\nburst: false\naudiences:\n  batch: {capacity.requests_per_hour: {min_improvement: 0%}}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("line 6").hasMessageContaining("audiences.batch")
                .hasMessageContaining("needs the capacity step");
    }

    @Test
    void theDemoPlans_declareAChatAndABatchAudience() throws java.io.IOException {
        for (String name : new String[] {"demo/plan.yaml", "demo/plan-quick.yaml"}) {
            String yaml;
            try (java.io.InputStream in = PlanReaderTest.class.getClassLoader().getResourceAsStream(name)) {
                yaml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                        .replace("${BASE}", "http://127.0.0.1:1/v1").replace("${CAND}", "http://127.0.0.1:2/v1");
            }
            AcceptPlan plan = PlanReader.read(name, yaml);
            assertThat(plan.audiences()).as(name).extracting(a -> a.label()).containsExactly("chat users", "batch");
            assertThat(plan.audiences().get(0).criteria().global()).extracting(c -> c.statistic().key()).contains("ttft.p50");
            assertThat(plan.audiences().get(1).capacity()).as(name).hasSize(plan.capacity() == null ? 0 : 1);
        }
    }

    @Test
    void concurrencyAboveWhatOneClientCanHold_isRefused_likeTheCli() {
        String base = "baseline: http://127.0.0.1:1/v1\ncandidate: http://127.0.0.1:2/v1\n";
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", base
                + "matrix: {loads: {huge: {concurrency: 70000}}}\n"))
                .hasMessage("plan.yaml line 3, key matrix.loads.huge.concurrency: 70000 is more than one client can keep"
                        + " in flight (at most 65536, one connection each); run several shards (infergate run --shard I/N,"
                        + " docs/scale-out.md)");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", base + "quality: {concurrency: 65537}\n"))
                .hasMessageStartingWith("plan.yaml line 3, key quality.concurrency: 65537 is more than one client");
        assertThat(PlanReader.read("plan.yaml", base + "matrix: {loads: {max: {concurrency: 65536}}}\n").loads().get(0)
                .concurrency()).isEqualTo(65536);
    }
}
