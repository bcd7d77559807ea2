package dev.infergate.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The cells an acceptance directory offers the page's cell choice: every matrix cell and repeat whose run
 * directories exist for every listed side, laid out as {@code infergate accept} writes them
 * ({@code SIDE/WORKLOAD/PREFIX/LOAD/rK}, found from the {@code runs} list: each listed dir is one side's root
 * followed by a matrix condition and {@code rK}). The option shown first is the cell the decision rests on (the
 * first criterion that did not pass, failures first), else the first cell, at repeat 1.
 *
 * @param labels  each listed side's label ({@code runs[].side}; null when blank), in the order of {@code runs}
 * @param options the cells and repeats, in matrix order then repeat order
 * @param shown   the index of the option drawn when the page opens
 */
record CellRuns(List<String> labels, List<Option> options, int shown) {
    /** The most options offered: a larger plan offers the first repeat of each cell only (docs/report.md). */
    static final int MAX_OPTIONS = 24;
    private static final Pattern REPEAT = Pattern.compile("r[1-9][0-9]{0,5}");

    CellRuns {
        labels = Collections.unmodifiableList(new ArrayList<>(labels)); // a null label stays: the side keeps its run's name
        options = List.copyOf(options);
        if (options.isEmpty() || shown < 0 || shown >= options.size()) {
            throw new IllegalArgumentException("shown (" + shown + ") must index one of " + options.size() + " options");
        }
        for (Option o : options) {
            if (o.dirs().size() != labels.size()) {
                throw new IllegalArgumentException("option " + o.label() + " has " + o.dirs().size() + " run dirs for "
                        + labels.size() + " sides");
            }
        }
    }

    /**
     * One cell and repeat: the matrix condition ({@code workload/prefix/load}), the repeat (from 1), the
     * cell's outcome as acceptance.json gives it, and each side's run directory in side order.
     */
    record Option(String condition, int repeat, String outcome, List<Path> dirs) {
        Option {
            dirs = List.copyOf(dirs);
            if (repeat < 1) {
                throw new IllegalArgumentException("repeat (" + repeat + ") must be >= 1");
            }
        }

        /** What the page's headings say: "short-chat/fresh/typical, repeat 1". */
        String label() {
            return condition + ", repeat " + repeat;
        }
    }

    /** The options of acceptance directory {@code dir}, or null when its runs are not laid out by cell. */
    static CellRuns of(Path dir, JsonNode acceptance, Decision decision) {
        if (acceptance == null) {
            return null;
        }
        Map<String, String> outcomes = new LinkedHashMap<>();
        for (JsonNode cell : ReportInputs.elements(acceptance.path("matrix"))) {
            String condition = String.join("/", Headline.text(cell.get("workload")), Headline.text(cell.get("prefix")),
                    Headline.text(cell.get("load")));
            outcomes.putIfAbsent(condition, Headline.text(cell.get("outcome")));
        }
        List<String> labels = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        for (JsonNode run : ReportInputs.elements(acceptance.path("runs"))) {
            Path root = root(dir, run.path("dir").textValue(), outcomes);
            if (root == null) {
                return null;
            }
            String label = run.path("side").textValue();
            labels.add(label == null || label.isBlank() ? null : label);
            roots.add(root);
        }
        if (roots.isEmpty()) {
            return null;
        }
        List<Option> options = options(roots, outcomes);
        if (options.size() > MAX_OPTIONS) {
            options = options.stream().filter(o -> o.repeat() == 1).limit(MAX_OPTIONS).toList();
        }
        if (options.isEmpty()) {
            return null;
        }
        return new CellRuns(labels, options, shownIndex(options, restsOn(decision)));
    }

    /** The side's root: {@code rel} less its trailing {@code condition/rK}; null when it does not end so. */
    private static Path root(Path dir, String rel, Map<String, String> outcomes) {
        if (rel == null) {
            return null;
        }
        String[] parts = rel.split("/");
        if (parts.length < 4 || !REPEAT.matcher(parts[parts.length - 1]).matches()) {
            return null;
        }
        String condition = String.join("/", parts[parts.length - 4], parts[parts.length - 3], parts[parts.length - 2]);
        if (!outcomes.containsKey(condition)) {
            return null;
        }
        Path root = dir;
        for (int i = 0; i < parts.length - 4; i++) {
            root = root.resolve(parts[i]);
        }
        return root.normalize();
    }

    private static List<Option> options(List<Path> roots, Map<String, String> outcomes) {
        List<Option> out = new ArrayList<>();
        outcomes.forEach((condition, outcome) -> {
            for (int k = 1; k < 1_000; k++) {
                List<Path> dirs = new ArrayList<>();
                for (Path root : roots) {
                    dirs.add(root.resolve(condition).resolve("r" + k));
                }
                if (dirs.stream().noneMatch(d -> Files.exists(d.resolve(RunLog.RUN_FILE)))) {
                    break;
                }
                if (dirs.stream().allMatch(d -> Files.exists(d.resolve(RunLog.RUN_FILE)) && Files.exists(d.resolve(RunLog.REQUESTS_FILE)))) {
                    out.add(new Option(condition, k, outcome, dirs));
                }
            }
        });
        return out;
    }

    /** The condition of the first criterion that did not pass, failures before the rest; null when all passed. */
    static String restsOn(Decision decision) {
        if (decision == null) {
            return null;
        }
        String first = null;
        for (Decision.Audience a : decision.audiences()) {
            for (Decision.Criterion c : a.notPassed() == null ? List.<Decision.Criterion>of() : a.notPassed().shown()) {
                if ("fail".equals(c.verdict()) || "rejected".equals(c.verdict())) {
                    return c.condition();
                }
                first = first == null ? c.condition() : first;
            }
        }
        return first;
    }

    private static int shownIndex(List<Option> options, String condition) {
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).condition().equals(condition) && options.get(i).repeat() == 1) {
                return i;
            }
        }
        return 0;
    }
}
