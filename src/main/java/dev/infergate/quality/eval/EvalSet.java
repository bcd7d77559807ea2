package dev.infergate.quality.eval;

import dev.infergate.analysis.quality.EvalHeader;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A loaded evaluation set.
 *
 * @param name   the bundled set's name, or the file name
 * @param source {@code bundled}, or the file path
 * @param seed   the generator seed (bundled sets; 0 for files)
 * @param items  the items, ids unique
 */
public record EvalSet(String name, String source, long seed, List<EvalItem> items) {

    public EvalSet {
        if (items == null || items.isEmpty()) {
            throw new IllegalArgumentException("eval set " + name + " has no items");
        }
        items = List.copyOf(items);
        Set<String> ids = new HashSet<>();
        for (EvalItem item : items) {
            if (!ids.add(item.id())) {
                throw new IllegalArgumentException("eval set " + name + ": item id '" + item.id() + "' appears twice");
            }
        }
    }

    /**
     * Loads a bundled set by name, or a JSONL file.
     *
     * @param nameOrFile a bundled name ({@link BundledEval#names()}) or a path to a JSONL file
     * @param seed       the generator seed (bundled sets only)
     * @param size       items to take: for a bundled set how many to generate (>= 1); for a file the first
     *                   {@code size}, or all when 0
     */
    public static EvalSet load(String nameOrFile, long seed, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("items (" + size + ") must be >= 0");
        }
        if (BundledEval.isBundled(nameOrFile)) {
            return new EvalSet(nameOrFile, "bundled", seed, BundledEval.parse(nameOrFile).items(seed, size == 0 ? 100 : size));
        }
        Path file = Path.of(nameOrFile);
        List<EvalItem> items = EvalFile.read(file);
        if (size > 0 && size < items.size()) {
            items = items.subList(0, size);
        }
        return new EvalSet(file.getFileName().toString(), file.toString(), 0, items);
    }

    /** For quality.json: what was asked, so two runs can be checked to have used the same items. */
    public EvalHeader header() {
        return new EvalHeader(name, source, seed, items.size());
    }
}
