package dev.infergate.analysis.audience;

import dev.infergate.analysis.compare.Criteria;
import java.util.List;

/**
 * Who a verdict is for, and what they care about: an interactive assistant's users care about first output and
 * stalls, a batch job about work completed. Each audience is judged on its own criteria
 * (docs/acceptance.md, "Audiences").
 *
 * @param name     its key in the plan, e.g. {@code chat}; {@value #ALL} when the plan declares none
 * @param label    how the console names it, e.g. {@code chat users} (the name when not given)
 * @param criteria its criteria on the matrix conditions
 * @param capacity its criteria on the capacity step (empty for most)
 */
public record Audience(String name, String label, Criteria criteria, List<CapacityCriterion> capacity) {
    /** The one audience of a plan that declares none: every criterion of the plan. */
    public static final String ALL = "all";

    public Audience {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an audience needs a name");
        }
        if (criteria == null) {
            throw new IllegalArgumentException("audience '" + name + "' needs criteria");
        }
        label = label == null || label.isBlank() ? name : label.trim();
        capacity = List.copyOf(capacity);
    }

    /** The single audience {@value #ALL} holding {@code criteria}. */
    public static Audience all(Criteria criteria) {
        return new Audience(ALL, ALL, criteria, List.of());
    }
}
