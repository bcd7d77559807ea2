package dev.infergate.report;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.accept.UntilDecided;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * acceptance.json's {@code until_decided} block: the looks taken, their error control, what they cost, what is
 * left. Written in component order, snake_case.
 *
 * @param confidencePerLook the confidence level of each look's intervals (Bonferroni: 1 - alpha / max looks)
 * @param stoppedBecause    why the looks stopped ({@link UntilDecided.Stop}, lower case)
 * @param repeats           repeats per side at the end
 * @param elapsedS          time the looks took, s
 * @param timeLeftS         time left of the budget, s; null without a budget
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record UntilDecidedJson(int looks, int maxLooks, double alpha, String spending, Double confidencePerLook,
        String stoppedBecause, Map<String, Integer> repeats, int addedRepeatsPerSide, long addedRequestsPerSide,
        Double elapsedS, Double timeLeftS, List<Undecided> undecided) {

    /**
     * A criterion still undecided: further requests and repeats per side that would settle it (null when no number
     * would, or unknown), the time they would take, s, and whether it sits on its limit beyond what the budget
     * could settle ({@code futile}: docs/acceptance.md, "Until decided").
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Undecided(String condition, String criterion, Long moreRequestsPerSide, Integer moreRepeats, Double timeLeftS,
            boolean futile) {}

    static UntilDecidedJson of(UntilDecided.Outcome o) {
        List<Undecided> undecided = o.undecided().stream().map(u -> new Undecided(u.condition(), u.criterion(),
                u.moreRequests() < 0 ? null : u.moreRequests(), u.moreRepeats() < 0 ? null : u.moreRepeats(),
                seconds(u.nanosLeft()), u.futile())).toList();
        return new UntilDecidedJson(o.looks(), o.spending().maxLooks(), o.spending().alpha(), "bonferroni",
                ComparisonFormat.round(o.spending().confidenceAt(1)), o.stop().name().toLowerCase(Locale.ROOT), o.repeats(),
                o.addedRepeats(), o.addedRequests(), ComparisonFormat.round(o.elapsedNanos() / 1e9), seconds(o.nanosLeft()),
                undecided);
    }

    /** Nanoseconds left as seconds; null when negative (no budget). */
    private static Double seconds(long nanosLeft) {
        return nanosLeft < 0 ? null : ComparisonFormat.round(nanosLeft / 1e9);
    }
}
