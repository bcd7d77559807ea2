package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.Burst;
import dev.infergate.accept.AcceptPlan.Capacity;
import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.audience.Audience;
import dev.infergate.analysis.audience.AudienceCriteria;
import dev.infergate.analysis.audience.Audiences;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.client.Api;
import dev.infergate.client.Timeouts;
import dev.infergate.config.Durations;
import dev.infergate.config.YamlNode;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import dev.infergate.workload.SessionWorkload;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads an acceptance plan from YAML, filling every default (docs/acceptance.md) and naming the file,
 * line and key of any mistake: {@code plan.yaml line 7, key matrix.loads.typical.rate: ...}.
 */
public final class PlanReader {
    static final Set<String> TOP = Set.of("baseline", "candidate", "matrix", "repeats", "requests", "warmup", "seed",
            "slo", "criteria", "capacity", "burst", "timeouts", "drain_timeout", "tokenizer", "quality", "agent", "audiences",
            "trace", "cancel", "run_to_run_allowance", "sweep", "images");
    /** The default load levels: closed-loop users, independent of any capacity measurement. */
    public static final List<LoadLevel> DEFAULT_LOADS = List.of(new LoadLevel("low", 1, 0, 0),
            new LoadLevel("typical", 8, 0, 0), new LoadLevel("near-limit", 32, 0, 0));
    public static final Slo DEFAULT_SLO = new Slo(Duration.ofSeconds(2), Duration.ofMillis(100), null);
    /** The default matrix rows: every preset of independent requests. */
    static final List<MatrixWorkload> DEFAULT_WORKLOADS = java.util.Arrays.stream(Preset.values())
            .<MatrixWorkload>map(MatrixWorkload.Requests::new).toList();
    /** The plan's defaults of {@code repeats}, {@code requests}, {@code warmup} and {@code drain_timeout}. */
    static final int DEFAULT_REPEATS = 3;
    static final int DEFAULT_REQUESTS = 200;
    static final int DEFAULT_WARMUP = 10;
    static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(60);

    private PlanReader() {}

    /** Parses {@code yaml}; {@code source} names the file in messages. */
    public static AcceptPlan read(String source, String yaml) {
        return read(source, yaml, null);
    }

    /**
     * Parses {@code yaml} with the baseline imported from {@code baselineImport} ({@code accept --baseline-import};
     * null: as the plan says). The flag is enough: the plan then needs no {@code baseline:} entry; one with a url
     * keeps only its labels; one with {@code import:} must name the same file, else the plan is refused.
     */
    public static AcceptPlan read(String source, String yaml, Path baselineImport) {
        YamlNode root = YamlNode.parse(source, yaml);
        root.allowOnly(TOP);
        Side baseline = baselineImport == null ? side(root, "baseline") : importedBaseline(root, baselineImport);
        Side candidate = side(root, "candidate");
        YamlNode matrix = root.get("matrix");
        MatrixWorkload.Agent agent = agent(root.get("agent"));
        MatrixWorkload.Trace trace = root.get("trace") == null ? null : new MatrixWorkload.Trace(TraceRows.parse(root.get("trace")));
        List<MatrixWorkload> workloads = DEFAULT_WORKLOADS;
        List<PrefixMode> prefixes = List.of(PrefixMode.values());
        List<LoadLevel> loads = DEFAULT_LOADS;
        if (matrix != null) {
            matrix.allowOnly(Set.of("workloads", "prefixes", "loads"));
            if (matrix.get("workloads") != null) {
                workloads = PlanValues.nonEmpty(matrix.get("workloads"), "workload, e.g. [short-chat]").stream()
                        .map(n -> TraceRows.isTrace(n) ? TraceRows.row(n, trace) : workload(n, agent)).toList();
            }
            if (matrix.get("prefixes") != null) {
                prefixes = PlanValues.nonEmpty(matrix.get("prefixes"), "prefix mode, e.g. [fresh]").stream()
                        .map(n -> n.as(PrefixMode::parse)).toList();
            }
            if (matrix.get("loads") != null) {
                loads = loads(matrix.get("loads"));
                if (loads.isEmpty()) {
                    throw matrix.get("loads").error("needs at least one load, e.g. loads: {typical: {concurrency: 8}}");
                }
            }
        }
        if (root.get("agent") != null && workloads.stream().noneMatch(w -> w instanceof MatrixWorkload.Agent)) {
            throw root.get("agent").error("shapes the agent workload, which the matrix does not run; "
                    + "add it: matrix: {workloads: [short-chat, agent]}");
        }
        Slo slo = root.get("slo") == null ? DEFAULT_SLO : slo(root.get("slo"));
        List<Audience> audiences = root.get("audiences") == null ? List.of()
                : AudienceCriteria.of(root.get("audiences"), root.get("criteria"));
        Criteria criteria = !audiences.isEmpty() ? Audiences.union(audiences)
                : root.get("criteria") == null ? Criteria.DEFAULT : Criteria.parse(root.get("criteria"));
        Capacity capacity = capacity(root.get("capacity"), trace);
        PlanValues.capacityCriteria(root.get("audiences"), audiences, capacity != null);
        TraceRows.check(root, workloads, prefixes, capacity);
        Burst burst = burst(root.get("burst"));
        if (burst != null && burst.baseRate() == 0 && capacity == null) {
            throw root.get("burst") != null ? root.get("burst").error("needs a rate when capacity is disabled")
                    : root.error("the burst scenario needs burst.rate when capacity is disabled (or burst: {enabled: false})");
        }
        if (capacity == null && loads.stream().anyMatch(l -> l.capacityFraction() > 0)) {
            throw matrix.get("loads").error("a load given as a fraction needs the capacity step; enable capacity or give a rate");
        }
        SweepStep sweep = SweepPlan.parse(root.get("sweep"));
        if (sweep != null && baseline.importFile() != null) {
            throw root.get("sweep").error("measures both sides at every level, and the baseline is imported (not measured);"
                    + " remove sweep:, or measure the baseline");
        }
        long seed = root.get("seed") == null ? 0 : root.get("seed").as(Long::parseLong);
        return EmbeddingsPlan.adapt(root, new AcceptPlan(baseline, candidate, workloads, prefixes, loads, PlanValues.positive(root, "repeats", DEFAULT_REPEATS),
                PlanValues.positive(root, "requests", DEFAULT_REQUESTS), PlanValues.atLeastZero(root, "warmup", DEFAULT_WARMUP),
                seed, slo, criteria, capacity, burst,
                timeouts(root.get("timeouts")).withCancellations(PlanCancel.parse(root.get("cancel"), seed)),
                PlanValues.duration(root.get("drain_timeout"), DEFAULT_DRAIN_TIMEOUT),
                PlanValues.tokenizer(root.get("tokenizer")), quality(root.get("quality")), audiences,
                PlanValues.runToRunAllowance(root.get("run_to_run_allowance")), sweep,
                PlanImages.parse(root.get("images"), baseline, candidate)));
    }

    /** A matrix row: {@code agent} (shaped by the agent block), or a preset of independent requests. */
    private static MatrixWorkload workload(YamlNode n, MatrixWorkload.Agent agent) {
        if (n.text().trim().equalsIgnoreCase(MatrixWorkload.Agent.LABEL)) {
            return agent;
        }
        try {
            return new MatrixWorkload.Requests(Preset.parse(n.text()));
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage() + ", or agent (agent sessions)");
        }
    }

    /**
     * The {@code agent} block (docs/acceptance.md, "Agent sessions"); every key has the default of
     * {@link MatrixWorkload.Agent#DEFAULT}.
     */
    private static MatrixWorkload.Agent agent(YamlNode n) {
        MatrixWorkload.Agent d = MatrixWorkload.Agent.DEFAULT;
        if (n == null) {
            return d;
        }
        if (!n.isMap()) {
            throw n.error("must be a mapping, e.g. agent: {turns: 4, think_time: 1s}");
        }
        n.allowOnly(Set.of("turns", "think_time", "system_tokens", "user_tokens", "tool_tokens", "output_tokens"));
        int turns = n.get("turns") == null ? d.turns() : n.get("turns").asInt();
        if (turns < 1 || turns >= SessionWorkload.MAX_TURNS) {
            throw n.get("turns").error("(" + turns + ") must be >= 1 and < " + SessionWorkload.MAX_TURNS);
        }
        Duration think = PlanValues.duration(n.get("think_time"), d.thinkTime());
        if (think.isNegative()) {
            throw n.get("think_time").error("must be >= 0");
        }
        int system = n.get("system_tokens") == null ? d.systemTokens() : n.get("system_tokens").asInt();
        if (system < 1) {
            throw n.get("system_tokens").error("(" + system + ") must be >= 1");
        }
        return new MatrixWorkload.Agent(turns, think, system, length(n.get("user_tokens"), d.userTokens()),
                length(n.get("tool_tokens"), d.toolTokens()), length(n.get("output_tokens"), d.outputTokens()));
    }

    private static LengthDistribution length(YamlNode n, LengthDistribution fallback) {
        return n == null ? fallback : n.as(LengthDistribution::parse);
    }

    /** The capacity and burst steps run independent requests: a preset, never agent sessions. */
    private static Preset preset(YamlNode n) {
        if (n.text().trim().equalsIgnoreCase(MatrixWorkload.Agent.LABEL)) {
            throw n.error("agent sessions run in the matrix only; this step needs independent requests "
                    + "(short-chat, long-doc or long-output)");
        }
        return n.as(Preset::parse);
    }

    /**
     * No {@code quality} key or {@code quality: false}: no check (the acceptance says speed alone was judged);
     * {@code quality: true} runs {@link QualityStep#DEFAULT}; a mapping overrides its values. A check the plan did
     * not ask for costs time and can judge on an eval set the model cannot answer.
     */
    private static QualityStep quality(YamlNode n) {
        if (n == null) {
            return null;
        }
        if (!n.isMap()) {
            return n.as(Boolean::parseBoolean) ? QualityStep.DEFAULT : null;
        }
        n.allowOnly(Set.of("eval", "items", "seed", "max_drop", "max_tokens", "concurrency"));
        QualityStep d = QualityStep.DEFAULT;
        int concurrency = PlanValues.concurrency(n.get("concurrency"), d.concurrency()); // its own line, not re-wrapped
        try {
            return new QualityStep(n.get("eval") == null ? d.eval() : n.get("eval").text(),
                    n.get("items") == null ? d.items() : n.get("items").asInt(),
                    n.get("seed") == null ? d.seed() : n.get("seed").as(Long::parseLong),
                    n.get("max_drop") == null ? d.maxDrop() : n.get("max_drop").text(),
                    n.get("max_tokens") == null ? d.maxTokens() : n.get("max_tokens").asInt(),
                    concurrency);
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage());
        }
    }

    private static Side importedBaseline(YamlNode root, Path file) {
        if (root.get("baseline") == null) {
            return new Side(null, null, "chat", Map.of(), null, file);
        }
        Side planned = side(root, "baseline");
        if (planned.importFile() != null && !same(planned.importFile(), file)) {
            throw root.get("baseline").get("import").error("imports " + planned.importFile() + " but --baseline-import says "
                    + file + "; drop one of them, or make them name the same file");
        }
        return planned.withImport(file); // a url in the plan is not reached; its labels are kept
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static Side side(YamlNode root, String name) {
        YamlNode n = root.get(name);
        if (n == null) {
            throw root.error("needs a '" + name + "' endpoint, e.g. " + name + ": {url: http://127.0.0.1:8000/v1}");
        }
        if (!n.isMap()) {
            return new Side(url(n), null, "chat", Map.of());
        }
        boolean imported = n.get("import") != null;
        if (imported && !name.equals("baseline")) {
            throw n.get("import").error("only the baseline can be imported: the candidate is what accept measures");
        }
        n.allowOnly(imported ? Set.of("import", "labels") : Set.of("url", "model", "api", "labels", "extra_body"));
        if (imported) {
            return ImportedBaseline.side(n);
        }
        if (n.get("url") == null) {
            throw n.error("needs a url, e.g. url: http://127.0.0.1:8000/v1 (or, for the baseline, import: FILE)");
        }
        String api = n.get("api") == null ? "chat" : n.get("api").as(t -> Api.parse(t).key());
        Map<String, String> labels = new LinkedHashMap<>();
        if (n.get("labels") != null) {
            n.get("labels").fields().forEach((k, v) -> labels.put(k, v.text()));
        }
        return new Side(url(n.get("url")), n.get("model") == null ? null : n.get("model").text(), api, labels,
                n.get("extra_body") == null ? null : PlanJson.extraBody(n.get("extra_body")));
    }

    private static String url(YamlNode n) {
        return n.as(t -> {
            URI uri = URI.create(t.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
                throw new IllegalArgumentException("'" + dev.infergate.record.UrlCredentials.redacted(t)
                        + "' is not an http(s) URL, e.g. http://127.0.0.1:8000/v1");
            }
            if (uri.getPort() == 0 || uri.getPort() > 65_535) {
                throw new IllegalArgumentException("the port (" + uri.getPort() + ") must be 1-65535, e.g. http://127.0.0.1:8000/v1");
            }
            return t.trim();
        });
    }

    private static List<LoadLevel> loads(YamlNode n) {
        List<LoadLevel> out = new ArrayList<>();
        for (Map.Entry<String, YamlNode> e : n.fields().entrySet()) {
            YamlNode v = e.getValue();
            v.allowOnly(Set.of("concurrency", "rate", "fraction"));
            int c = PlanValues.concurrency(v.get("concurrency"), 0);
            double r = v.get("rate") == null ? 0 : v.get("rate").asDouble();
            double f = v.get("fraction") == null ? 0 : v.get("fraction").as(PlanValues::share);
            if (c < 0 || r < 0) {
                throw v.error("concurrency and rate must be > 0");
            }
            try {
                out.add(new LoadLevel(e.getKey(), c, r, f));
            } catch (IllegalArgumentException ex) {
                throw v.error("give exactly one of concurrency (closed loop), rate (req/s, open loop) or fraction"
                        + " (of the baseline's capacity at the SLO)");
            }
        }
        return out;
    }

    private static Slo slo(YamlNode n) {
        if (!n.isMap()) {
            return n.as(Slo::parse);
        }
        String ttft = Metric.TTFT.key();
        String tpot = Metric.TPOT.key();
        String e2e = Metric.E2E.key();
        n.allowOnly(Set.of(ttft, tpot, e2e));
        return new Slo(PlanValues.duration(n.get(ttft), null), PlanValues.duration(n.get(tpot), null), PlanValues.duration(n.get(e2e), null));
    }

    private static Capacity capacity(YamlNode n, MatrixWorkload.Trace trace) {
        if (n != null && !enabled(n)) {
            return null;
        }
        YamlNode c = n == null ? YamlNode.parse("", "{}") : n;
        if (c.get("repeats") != null) {
            throw c.get("repeats").error("is gone: every probe now counts toward one fit of attainment against rate, so no rate"
                    + " is repeated; remove it, and set max_probes (the budget) and tolerance (the precision) instead");
        }
        c.allowOnly(Set.of("enabled", "workload", "prefix", "target", "start_rate", "max_rate", "duration", "warmup",
                "tolerance", "max_probes", "from", "ramp_duration", "trials", "time_budget"));
        double target = c.get("target") == null ? 0.95 : c.get("target").as(PlanValues::share);
        double startRate = c.get("start_rate") == null ? 1 : c.get("start_rate").asDouble();
        double maxRate = c.get("max_rate") == null ? Capacity.DEFAULT_MAX_RATE : c.get("max_rate").asDouble();
        int maxProbes = c.get("max_probes") == null ? 10 : c.get("max_probes").asInt();
        boolean replay = c.get("workload") != null && TraceRows.isTrace(c.get("workload"));
        Preset workload = c.get("workload") == null || replay ? Preset.SHORT_CHAT : preset(c.get("workload"));
        PrefixMode prefix = c.get("prefix") == null ? PrefixMode.FRESH : c.get("prefix").as(PrefixMode::parse);
        Duration duration = PlanValues.duration(c.get("duration"), Duration.ofSeconds(20));
        Duration warmup = PlanValues.duration(c.get("warmup"), Capacity.DEFAULT_WARMUP);
        double tolerance = c.get("tolerance") == null ? 0.05 : c.get("tolerance").as(PlanValues::share);
        MatrixWorkload.Trace replayed = replay ? TraceRows.row(c.get("workload"), trace) : null;
        Capacity.From from = from(c.get("from"));
        Duration ramp = c.get("ramp_duration") == null ? null : PlanValues.duration(c.get("ramp_duration"), null);
        boolean effective = c.get("trials") == null || c.get("trials").as(Capacity::parseTrials); // effective by default
        Duration timeBudget = c.get("time_budget") == null ? null : PlanValues.duration(c.get("time_budget"), null);
        try {
            return new Capacity(workload, prefix, target, startRate, maxRate, duration, warmup, tolerance, maxProbes,
                    replayed, from, ramp, effective, timeBudget);
        } catch (Capacity.Invalid e) { // the record's check, at the key it names (the block when the key is a default)
            throw c.get(e.key()) != null ? c.get(e.key()).error(e.problem()) : c.error(e.getMessage());
        }
    }

    /** {@code from: DIR} or {@code from: {baseline: DIR, candidate: DIR}}: reuse an earlier capacity result. */
    private static Capacity.From from(YamlNode n) {
        if (n == null) {
            return null;
        }
        if (!n.isMap()) {
            Path dir = n.as(Path::of);
            return new Capacity.From(dir, dir);
        }
        n.allowOnly(Set.of("baseline", "candidate"));
        if (n.get("baseline") == null || n.get("candidate") == null) {
            throw n.error("needs both sides' folders, e.g. from: {baseline: cap-a, candidate: cap-b}, or one folder holding both");
        }
        return new Capacity.From(n.get("baseline").as(Path::of), n.get("candidate").as(Path::of));
    }

    private static Burst burst(YamlNode n) {
        if (n != null && !enabled(n)) {
            return null;
        }
        YamlNode b = n == null ? YamlNode.parse("", "{}") : n;
        b.allowOnly(Set.of("enabled", "workload", "rate", "multiplier", "before", "during", "after"));
        double multiplier = b.get("multiplier") == null ? 4 : b.get("multiplier").asDouble();
        if (!(multiplier > 1)) {
            throw b.get("multiplier").error("must be > 1 (the step is multiplier times the typical rate)");
        }
        return new Burst(b.get("workload") == null ? Preset.SHORT_CHAT : preset(b.get("workload")),
                b.get("rate") == null ? 0 : b.get("rate").asDouble(), multiplier,
                PlanValues.duration(b.get("before"), Duration.ofSeconds(20)), PlanValues.duration(b.get("during"), Duration.ofSeconds(10)),
                PlanValues.duration(b.get("after"), Duration.ofSeconds(20)));
    }

    private static Timeouts timeouts(YamlNode n) {
        if (n == null) {
            return Timeouts.DEFAULT;
        }
        n.allowOnly(Set.of("ttft", "idle", "total"));
        Timeouts d = Timeouts.DEFAULT;
        return new Timeouts(PlanValues.duration(n.get("ttft"), d.firstToken()), PlanValues.duration(n.get("idle"), d.idle()),
                PlanValues.duration(n.get("total"), d.total()));
    }

    private static boolean enabled(YamlNode n) {
        if (!n.isMap()) {
            return n.asBoolean();
        }
        return n.get("enabled") == null || n.get("enabled").asBoolean();
    }


}
