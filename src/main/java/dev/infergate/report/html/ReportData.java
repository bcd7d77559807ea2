package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * The data behind the HTML page (schema {@value ReportModel#SCHEMA}, documented in docs/report.md), as
 * {@link ReportModel} builds it: written by the page's one mapper in component order, so the same runs give the
 * same bytes. {@code reasoning} is left out unless a side is a reasoning run; {@code acceptance} (acceptance.json as written) and {@code decision} are left out without an
 * acceptance; {@code cells} without an acceptance directory whose runs are laid out by cell; {@code sweep} (sweep.json as
 * written) without a sweep folder.
 */
public record ReportData(String schema, String title, Headline.View headline, List<SideView> sides,
        @JsonInclude(JsonInclude.Include.NON_NULL) ReasoningView reasoning,
        @JsonProperty("time_axis") TimeAxis timeAxis, EnvironmentView environment,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode acceptance,
        @JsonInclude(JsonInclude.Include.NON_NULL) Decision decision,
        @JsonInclude(JsonInclude.Include.NON_NULL) Cells cells,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode sweep) {

    /**
     * The page's choice of cell, on acceptance pages whose runs are laid out by cell: the index of the option
     * the page's {@code sides} show, and every option.
     */
    record Cells(int shown, List<CellView> options) {}

    /**
     * One cell and repeat the page can draw: its label ("short-chat/fresh/typical, repeat 1"), its condition,
     * repeat and outcome, and one view per side, in the order of the page's {@code sides}; {@code sides} is
     * left out for the option shown, whose views are the page's own.
     */
    record CellView(String label, String condition, int repeat, String outcome,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<SideView> sides) {}

    /** The buckets every series shares: their width and each bucket's start, seconds since the origin. */
    record TimeAxis(@JsonProperty("bucket_s") long bucketS, @JsonProperty("t_s") List<Long> tS) {}

    /** Each side's run.json flattened to dotted keys, and the keys whose values differ between sides. */
    record EnvironmentView(List<Map<String, String>> sides, List<Environment.Difference> diff) {}
}
