package dev.infergate.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.sweep.SweepAnalysis;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepErrorRule;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.json.Json;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A folder of another tool's results at several loads, read as a sweep (docs/coming-from.md, "Sweeps from vLLM and
 * AIPerf"): each level's runs are imported as they are one by one ({@link Imports#read}) and laid out as an
 * {@code infergate sweep} side, {@code SIDE/LEVEL/rK/}, so {@code compare} judges every level as a condition and
 * {@code report} draws the frontier from the sweep.json written beside it. Two layouts are recognised, by content:
 * <ul>
 *   <li>vLLM {@code vllm bench sweep serve --output-dir DIR} (vllm/benchmarks/sweep/serve.py): one folder per
 *       combination holding {@code run=N.json}, each a {@code vllm bench serve --save-result} file that names its own
 *       load ({@code max_concurrency}, or {@code request_rate} when no concurrency caps it); {@code warmup.json},
 *       {@code summary.json} (the runs again, as a list) and {@code *.failure.json} are left out. Any folder of such
 *       files works the same way;</li>
 *   <li>AIPerf with {@code --concurrency 10,20,30} or {@code --request-rate ...} (docs/api/sweep-aggregates.md):
 *       {@code concurrency_10/} (or {@code request_rate_5.0/}) per level, its {@code profile_export.jsonl} directly
 *       inside or under {@code profile_runs/trial_NNNN/} (repeats), in either nesting order.</li>
 * </ul>
 * Levels are ordered by value; a folder whose files vary both the concurrency and the rate is refused, as is one whose
 * results hold aggregates only (a sweep's changes are measured per request: vLLM needs {@code --save-detailed}).
 */
public final class ImportedSweep {
    /** AIPerf's level folder: {@code concurrency_10}, {@code request_rate_5.0}. */
    private static final Pattern AIPERF_LEVEL = Pattern.compile("(concurrency|request_rate)_([0-9]+(?:\\.[0-9]+)?)");
    /** vLLM sweep files that are not measured runs. */
    private static final Set<String> VLLM_NOT_RUNS = Set.of("summary.json", "warmup.json");
    /** Files of infergate's own results: a folder holding one is never taken for another tool's sweep. */
    private static final Set<String> INFERGATE_FILES = Set.of(RunLog.RUN_FILE, RunLog.REQUESTS_FILE, SweepDocument.FILE,
            "acceptance.json", "capacity.json");
    private static final int MAX_DEPTH = 4;
    private static final int MAX_FILES = 2_000;

    /**
     * One run of one level.
     *
     * @param level  its load
     * @param source the vLLM result file or the AIPerf run folder
     */
    public record LevelRun(SweepLevels.Level level, Path source) {}

    /**
     * A sweep read into the cache.
     *
     * @param root  the folder holding the side's runs and sweep.json ({@code report} reads it)
     * @param side  the side's folder name under {@code root} ({@code compare} reads {@code root/side})
     * @param runs  the runs, levels in order
     */
    public record Materialized(Path root, String side, List<LevelRun> runs) {
        public Path sideDir() {
            return root.resolve(side);
        }
    }

    private ImportedSweep() {}

    /** Whether {@code path} is a folder of another tool's results at one or more loads. */
    public static boolean isSweep(Path path) {
        return Files.isDirectory(path) && !Imports.isForeign(path) && !scan(path).isEmpty();
    }

    /**
     * The runs of the sweep in {@code dir}, levels in rising order, repeats in path order; empty when it holds none (or
     * is infergate's own result).
     *
     * @throws IllegalArgumentException when its files vary more than one kind of load, or a run names no load
     */
    public static List<LevelRun> scan(Path dir) {
        List<Path> files = files(dir);
        if (files.stream().anyMatch(f -> INFERGATE_FILES.contains(f.getFileName().toString()))) {
            return List.of();
        }
        List<LevelRun> out = new ArrayList<>(aiperf(dir, files));
        if (out.isEmpty()) {
            out.addAll(vllm(files));
        }
        out.sort(Comparator.comparingDouble((LevelRun r) -> r.level().value()).thenComparing(r -> r.source().toString()));
        return out;
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH)) {
            return walk.filter(Files::isRegularFile).limit(MAX_FILES).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** AIPerf: every folder holding profile_export.jsonl under a level folder. */
    private static List<LevelRun> aiperf(Path dir, List<Path> files) {
        List<LevelRun> out = new ArrayList<>();
        for (Path f : files) {
            if (!f.getFileName().toString().equals(Imports.AIPERF_RECORDS)) {
                continue;
            }
            SweepLevels.Level level = null;
            for (Path part : dir.relativize(f.getParent())) {
                Matcher m = AIPERF_LEVEL.matcher(part.toString());
                if (m.matches()) {
                    level = new SweepLevels.Level(m.group(1).equals("concurrency") ? SweepLevels.Kind.CONCURRENCY
                            : SweepLevels.Kind.RATE, Double.parseDouble(m.group(2)));
                }
            }
            if (level != null) {
                out.add(new LevelRun(level, f.getParent()));
            }
        }
        oneKind(out, dir);
        return out;
    }

    /** vLLM: every result file that names its load; the kind is the one that varies. */
    private static List<LevelRun> vllm(List<Path> files) {
        List<Path> runs = new ArrayList<>();
        List<Double> users = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (!name.endsWith(".json") || VLLM_NOT_RUNS.contains(name) || name.endsWith(".failure.json")) {
                continue;
            }
            JsonNode json = parse(f);
            if (json == null || !VllmImport.matches(json) || json.path("run_number").asInt(0) < 0) {
                continue;
            }
            runs.add(f);
            users.add(json.path("max_concurrency").isNumber() ? json.path("max_concurrency").asDouble() : null);
            rates.add(json.path("request_rate").isNumber() ? json.path("request_rate").asDouble() : null);
        }
        if (runs.isEmpty()) {
            return List.of();
        }
        boolean byUsers = new LinkedHashSet<>(users).size() > 1 || !users.contains(null) && new LinkedHashSet<>(rates).size() <= 1;
        if (byUsers && new LinkedHashSet<>(rates).size() > 1) {
            throw new IllegalArgumentException(runs.get(0).getParent() + " holds vLLM results that vary both max_concurrency"
                    + " and request_rate; a sweep varies one: pass the folders of one kind of load");
        }
        List<LevelRun> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Double v = byUsers ? users.get(i) : rates.get(i);
            if (v == null || !(v > 0)) {
                throw new IllegalArgumentException(runs.get(i) + " names no " + (byUsers ? "max_concurrency" : "request_rate")
                        + " (its load), unlike the other vLLM results beside it; leave it out of the folder");
            }
            out.add(new LevelRun(new SweepLevels.Level(byUsers ? SweepLevels.Kind.CONCURRENCY : SweepLevels.Kind.RATE, v),
                    runs.get(i)));
        }
        return out;
    }

    private static void oneKind(List<LevelRun> runs, Path dir) {
        if (runs.stream().map(r -> r.level().kind()).distinct().count() > 1) {
            throw new IllegalArgumentException(dir + " holds AIPerf levels of both concurrency and request_rate; a sweep"
                    + " varies one: pass the folder of one kind of load");
        }
    }

    /**
     * Imports the sweep in {@code dir} into the cache (once per version of its files) as one side named after the
     * folder, with a one-sided sweep.json beside it.
     *
     * @throws IllegalArgumentException when it holds no levels, or a run holds aggregates only
     */
    public static Materialized materialize(Path dir) {
        List<LevelRun> runs = scan(dir);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no vLLM or AIPerf results at a load (max_concurrency or"
                    + " request_rate; concurrency_N or request_rate_R folders)");
        }
        String side = dir.toAbsolutePath().normalize().getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
        Path root = cached(key(runs), tmp -> {
            writeSide(runs, tmp.resolve(side));
            document(tmp, List.of(side), runs).write(tmp);
        });
        return new Materialized(root, side, runs);
    }

    /**
     * Two sweeps side by side, {@code baseline} and {@code candidate}, with a two-sided sweep.json (each level's change
     * with its interval, Bonferroni over the levels, as {@code infergate sweep}): for {@code report A B}.
     */
    public static Path pair(Path baseline, Path candidate) {
        Materialized b = materialize(baseline);
        Materialized c = materialize(candidate);
        if (b.runs().get(0).level().kind() != c.runs().get(0).level().kind()) {
            throw new IllegalArgumentException(baseline + " and " + candidate + " sweep different kinds of load (concurrency"
                    + " and rate); their levels cannot be compared");
        }
        List<LevelRun> both = new ArrayList<>(b.runs());
        both.addAll(c.runs());
        return cached("pair|" + b.root() + "|" + c.root(), tmp -> {
            copy(b.sideDir(), tmp.resolve("baseline"));
            copy(c.sideDir(), tmp.resolve("candidate"));
            document(tmp, List.of("baseline", "candidate"), both).write(tmp);
        });
    }

    private static void writeSide(List<LevelRun> runs, Path side) throws IOException {
        TreeMap<String, Integer> repeats = new TreeMap<>();
        for (LevelRun r : runs) {
            ImportedRun run = Imports.read(r.source());
            if (run.aggregateOnly()) {
                throw new IllegalArgumentException(r.source() + " holds aggregates only (no per-request values); a sweep is"
                        + " compared per request (vLLM: add --save-detailed to the --bench-cmd; AIPerf: keep profile_export.jsonl)");
            }
            int k = repeats.merge(r.level().name(), 1, Integer::sum);
            Imports.write(new ImportedRun(run.run().withCondition(r.level().name()), run.records(), run.imported()),
                    side.resolve(r.level().name()).resolve("r" + k));
        }
    }

    /** The sweep document of the runs under {@code root}: the levels both sides hold, the error held over them. */
    private static SweepDocument document(Path root, List<String> sides, List<LevelRun> runs) {
        List<SweepLevels.Level> levels = runs.stream().map(LevelRun::level).distinct()
                .sorted(Comparator.comparingDouble(SweepLevels.Level::value)).toList();
        SweepAnalysis analysis = new SweepAnalysis(sides, 1, "the default: the imported files do not say", "none (the"
                + " imported files carry no SLO)", 0.95, new SweepErrorRule(levels.size(), SweepErrorRule.DEFAULT_FAMILY_ERROR),
                0, false);
        return analysis.document(root, levels.get(0).kind(), levels, "every level the imported folders hold");
    }

    /** Builds {@code fill} into a temporary folder and moves it to the cache under {@code key}'s hash, once. */
    private static Path cached(String key, Fill fill) {
        try {
            Path root = Imports.cacheRoot().resolve("sweep-" + hash(key));
            if (Files.isRegularFile(root.resolve(SweepDocument.FILE))) { // moved in whole: the import is complete
                return root;
            }
            Path tmp = Files.createTempDirectory(root.getParent(), "sweep-tmp-");
            fill.into(tmp);
            try {
                Files.move(tmp, root, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                // another process imported the same files first: its copy is the same
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import the sweep into the cache: " + e.getMessage(), e);
        }
    }

    private interface Fill {
        void into(Path tmp) throws IOException;
    }

    private static String key(List<LevelRun> runs) {
        StringBuilder sb = new StringBuilder("sweep|" + Imports.IMPORT_VERSION);
        for (LevelRun r : runs) {
            Path f = Files.isDirectory(r.source()) ? r.source().resolve(Imports.AIPERF_RECORDS) : r.source();
            try {
                sb.append('|').append(f.toAbsolutePath().normalize()).append('|').append(r.level().name()).append('|')
                        .append(Files.size(f)).append('|').append(Files.getLastModifiedTime(f).toMillis());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + f + ": " + e.getMessage(), e);
            }
        }
        return sb.toString();
    }

    private static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static JsonNode parse(Path f) {
        try {
            return Json.COMPACT.readTree(f.toFile());
        } catch (IOException e) {
            return null; // not JSON: not a vLLM result
        }
    }
}
