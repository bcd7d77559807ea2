package dev.infergate.report;

import dev.infergate.accept.UntilDecided;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** acceptance.json's {@code until_decided} block: the looks taken, their error control, what they cost, what is left. */
final class UntilDecidedJson {
    private UntilDecidedJson() {}

    static Map<String, Object> of(UntilDecided.Outcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("looks", o.looks());
        m.put("max_looks", o.spending().maxLooks());
        m.put("alpha", o.spending().alpha());
        m.put("spending", "bonferroni");
        m.put("confidence_per_look", ComparisonFormat.round(o.spending().confidenceAt(1)));
        m.put("stopped_because", o.stop().name().toLowerCase(java.util.Locale.ROOT));
        m.put("repeats", o.repeats());
        m.put("added_repeats_per_side", o.addedRepeats());
        m.put("added_requests_per_side", o.addedRequests());
        m.put("elapsed_s", ComparisonFormat.round(o.elapsedNanos() / 1e9));
        m.put("time_left_s", o.nanosLeft() < 0 ? null : ComparisonFormat.round(o.nanosLeft() / 1e9));
        List<Map<String, Object>> undecided = new ArrayList<>();
        for (UntilDecided.Undecided u : o.undecided()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("condition", u.condition());
            e.put("criterion", u.criterion());
            e.put("more_requests_per_side", u.moreRequests() < 0 ? null : u.moreRequests());
            e.put("more_repeats", u.moreRepeats() < 0 ? null : u.moreRepeats());
            e.put("time_left_s", u.nanosLeft() < 0 ? null : ComparisonFormat.round(u.nanosLeft() / 1e9));
            undecided.add(e);
        }
        m.put("undecided", undecided);
        return m;
    }
}
