package dev.infergate.probe;

import dev.infergate.analysis.Quantiles;
import dev.infergate.analysis.delivery.DeliveryKind;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Turns a probe's records and protocol findings into its verdict table (a pure function). Figures are
 * p50 over the requests of each case. Only buffered streaming fails the probe.
 */
public final class ProbeReport {
    /** Warm TTFT below this share of cold TTFT counts as a prefix-cache speed-up. */
    public static final double WARM_SPEEDUP = 0.8;

    private final List<Check> checks;
    private final DeliveryKind delivery;
    private final Map<String, Long> failuresIfAll;

    private ProbeReport(List<Check> checks, DeliveryKind delivery, Map<String, Long> failuresIfAll) {
        this.checks = List.copyOf(checks);
        this.delivery = delivery;
        this.failuresIfAll = Map.copyOf(failuresIfAll);
    }

    /**
     * Whether no request of the main rounds completed: then no check says anything about the endpoint (a delivery
     * that "cannot be told" is not a finding), and the command answers as every command does when nothing
     * completed (exit 3), not with a passing probe.
     */
    public boolean everyRequestFailed() {
        return !failuresIfAll.isEmpty();
    }

    /** When {@link #everyRequestFailed()}: how many failed, by error class ("http_500: 15"); empty otherwise. */
    public String failureCounts() {
        StringBuilder s = new StringBuilder();
        failuresIfAll.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> s.append(s.isEmpty() ? "" : ", ").append(e.getKey()).append(": ").append(e.getValue()));
        return s.toString();
    }

    /** This report with {@code extra} appended (a check made apart from the rounds, e.g. {@link ImageProbe}). */
    ProbeReport with(Check extra) {
        List<Check> all = new ArrayList<>(checks);
        all.add(extra);
        return new ProbeReport(all, delivery, failuresIfAll);
    }

    public List<Check> checks() {
        return checks;
    }

    /** The endpoint's delivery verdict. */
    public DeliveryKind delivery() {
        return delivery;
    }

    /** Whether the probe fails (buffered streaming). */
    public boolean failed() {
        return checks.stream().anyMatch(c -> c.status() == Check.Status.FAIL);
    }

    /**
     * What the same requests met when they asked the other way about compression: the main rounds ask as the run
     * would ({@code Accept-Encoding: gzip, deflate} by default), a few more ask the opposite.
     *
     * @param mainAsksCompression whether the main rounds asked for compression
     * @param otherRecords        the records of the requests that asked the other way
     */
    public record CompressionCheck(boolean mainAsksCompression, List<RequestRecord> otherRecords) {}

    public static ProbeReport of(List<RequestRecord> records, ProtocolFindings protocol) {
        return of(records, protocol, null);
    }

    /** As {@link #of(List, ProtocolFindings)}, with the delivery met by requests asking the other way about compression. */
    public static ProbeReport of(List<RequestRecord> records, ProtocolFindings protocol, CompressionCheck compression) {
        Map<ProbeCase, List<RequestRecord>> byCase = new EnumMap<>(ProbeCase.class);
        for (ProbeCase c : ProbeCase.values()) {
            byCase.put(c, new ArrayList<>());
        }
        DeliveryVerdict verdict = new DeliveryVerdict();
        for (RequestRecord r : records) {
            verdict.add(r);
            for (ProbeCase c : ProbeCase.values()) {
                if (c.label().equals(r.condition())) {
                    byCase.get(c).add(r);
                }
            }
        }
        List<Check> checks = new ArrayList<>();
        checks.add(deliveryCheck(verdict, records));
        if (compression != null) {
            checks.add(compressionCheck(verdict.verdict(), compression));
        }
        checks.add(cacheSpeedCheck(byCase, verdict.verdict()));
        checks.add(cachedTokensCheck(records));
        checks.add(failuresCheck(records));
        checks.add(yesNo("usage_chunk", protocol.usageChunk(), Check.Status.WARN,
                "sent", "not sent: output tokens are then counted by the client", Evidence.NONE));
        checks.add(yesNo("done_marker", protocol.doneMarker(), Check.Status.WARN,
                "data: [DONE] sent", "missing: done is the end of the body", Evidence.NONE));
        checks.add(yesNo("continuous_usage_stats", protocol.continuousUsage(), Check.Status.INFO,
                "honoured", "not honoured", new Evidence.UsageEvents(protocol.usageEvents())));
        checks.add(yesNo("tokenize_endpoint", protocol.tokenizeEndpoint(), Check.Status.INFO,
                "present (" + protocol.tokenizeDialect() + " form): " + tokenizeExactness(protocol.tokenizeExact()),
                "absent: no /tokenize form (vllm/sglang, llama.cpp, tgi) answered with a count; a bundled tokenizer approximates",
                protocol.tokenizeEndpoint() ? new Evidence.Tokenize(protocol.tokenizeDialect(), protocol.tokenizeExact())
                        : Evidence.NONE));
        checks.add(yesNo("reasoning_deltas", protocol.reasoningEvents() > 0, Check.Status.INFO,
                "parsed", "none seen (the model may not reason)", new Evidence.Events(protocol.reasoningEvents())));
        checks.add(yesNo("tool_call_deltas", protocol.toolCallEvents() > 0, Check.Status.INFO,
                "parsed", "none seen", new Evidence.ToolCalls(protocol.toolCallEvents(), protocol.toolCallStatus())));
        return new ProbeReport(checks, verdict.verdict(), failuresIfAll(records));
    }

    private static Map<String, Long> failuresIfAll(List<RequestRecord> records) {
        Map<String, Long> errors = new LinkedHashMap<>();
        if (records.isEmpty() || records.stream().anyMatch(RequestRecord::succeeded)) {
            return errors;
        }
        records.forEach(r -> errors.merge(r.outcome().error() == null ? "unknown" : r.outcome().error().key(), 1L, Long::sum));
        return errors;
    }

    /**
     * Whether a gateway delivers differently to clients that compress: the main rounds' delivery against that of the
     * requests that asked the other way. A difference is a warning naming both: the users' clients (the OpenAI SDKs,
     * browsers) ask for gzip, so theirs is the delivery that counts.
     */
    static Check compressionCheck(DeliveryKind main, CompressionCheck compression) {
        DeliveryVerdict other = new DeliveryVerdict();
        compression.otherRecords().forEach(other::add);
        DeliveryKind otherKind = other.verdict();
        DeliveryKind withGzip = compression.mainAsksCompression() ? main : otherKind;
        DeliveryKind without = compression.mainAsksCompression() ? otherKind : main;
        Evidence evidence = new Evidence.Compression(withGzip.label(), without.label(), compression.otherRecords().size());
        if (withGzip == DeliveryKind.UNDETERMINED || without == DeliveryKind.UNDETERMINED) {
            return new Check("compression", Check.Status.INFO, "not compared: a delivery could not be told ("
                    + withGzip.label() + " with Accept-Encoding gzip, " + without.label() + " without)", evidence);
        }
        if (withGzip == without) {
            return new Check("compression", Check.Status.OK, "the same delivery with and without Accept-Encoding gzip ("
                    + withGzip.label() + ")", evidence);
        }
        return new Check("compression", Check.Status.WARN, "delivered differently to clients that compress: " + withGzip.label()
                + " with Accept-Encoding gzip (what the OpenAI SDKs and browsers send), " + without.label() + " without;"
                + " a gateway compresses (and holds back) the stream for them", evidence);
    }

    private static Check deliveryCheck(DeliveryVerdict verdict, List<RequestRecord> records) {
        DeliveryVerdict.Figures figures = verdict.figures();
        DeliveryVerdict.Evidence more = figures.evidence();
        Evidence evidence = new Evidence.Delivery(figures.shareBuffered(), figures.shareBursty(), more);
        Check.Status status = switch (verdict.verdict()) {
            case BUFFERED -> Check.Status.FAIL;
            case BURSTY, UNDETERMINED -> Check.Status.WARN;
            case INCREMENTAL -> Check.Status.OK;
        };
        // the verdict's own medians (ttft_ms_p50, e2e_ms_p50), so the line and probe.json's evidence agree
        String whose = verdict.verdict() == DeliveryKind.BURSTY ? whoseGaps(records) : "";
        return new Check("delivery", status, verdict.verdict().label() + deliveryReading(verdict.verdict(),
                more.ttftMsP50(), more.e2eMsP50(), more.ttftShareOfE2eP50()) + whose, evidence);
    }

    /**
     * Whose the lumps of a bursty stream are: every read is stamped where its bytes are read, before any decoding, so
     * with the client's own lag under its limit the gaps are in what reached the socket (the server's decode stalls, or
     * the network's), not the client's; past the limit the client may have added them.
     */
    static String whoseGaps(List<RequestRecord> records) {
        long maxLagNanos = records.stream().mapToLong(RequestRecord::clientLagNanos)
                .filter(l -> l != RequestRecord.ABSENT).max().orElse(RequestRecord.ABSENT);
        if (maxLagNanos == RequestRecord.ABSENT) {
            return "";
        }
        double limitMs = dev.infergate.analysis.ClientLag.LIMIT_P99_MILLIS;
        return maxLagNanos / 1e6 <= limitMs
                ? String.format(Locale.ROOT, "; the gaps are the server's (or the network's): each read was timed as it"
                        + " reached the socket and the client's own lag stayed under %.0f ms", limitMs)
                : String.format(Locale.ROOT, "; the client fell behind (lag up to %.1f ms, limit %.0f ms): some gaps may be"
                        + " the client's", maxLagNanos / 1e6, limitMs);
    }

    /** The delivery verdict's evidence in one clause: when the first token came against the whole answer. */
    private static String deliveryReading(DeliveryKind kind, Double ttftMedianMs, Double e2eMedianMs, Double ttftShareMedian) {
        if (ttftMedianMs == null || e2eMedianMs == null || e2eMedianMs <= 0) {
            return "";
        }
        double ttftMs = ttftMedianMs;
        double e2eMs = e2eMedianMs;
        String share = ttftShareMedian != null && Double.isFinite(ttftShareMedian)
                ? ", TTFT " + Math.round(ttftShareMedian * 100) + " % of E2E" : "";
        String figures = ": TTFT " + ms(ttftMs) + ", E2E " + ms(e2eMs) + " (p50" + share + ")";
        return kind == DeliveryKind.BUFFERED ? figures + ": the answer arrives whole" : figures;
    }

    /** Milliseconds as a reader wants them: whole above 100 ms, one decimal below. */
    static String ms(double millis) {
        return String.format(Locale.ROOT, millis >= 100 ? "%.0f ms" : "%.1f ms", millis);
    }

    private static Check cacheSpeedCheck(Map<ProbeCase, List<RequestRecord>> byCase, DeliveryKind delivery) {
        Map<ProbeCase, Evidence.CaseFigures> cases = new EnumMap<>(ProbeCase.class);
        byCase.forEach((c, records) -> cases.put(c, new Evidence.CaseFigures(records.stream().filter(RequestRecord::succeeded).count(),
                p50(records, r -> r.ttftNanos() / 1e6), p50(records, RequestRecord::effectiveTokensPerSecond),
                p50(records, r -> r.tokens().cached() < 0 ? Double.NaN : r.tokens().cached()))));
        Double cold = cases.get(ProbeCase.COLD).ttftMsP50();
        Double warm = cases.get(ProbeCase.WARM_REPEAT).ttftMsP50();
        Double prefix = cases.get(ProbeCase.WARM_PREFIX).ttftMsP50();
        if (cold == null || warm == null || cold <= 0) {
            return new Check("cold_vs_warm", Check.Status.WARN, "not measured (requests failed)", new Evidence.CacheSpeed(
                    cases.get(ProbeCase.COLD), cases.get(ProbeCase.WARM_REPEAT), cases.get(ProbeCase.WARM_PREFIX), null, null));
        }
        double ratio = Math.round(warm / cold * 1000) / 1000.0;
        Evidence evidence = new Evidence.CacheSpeed(cases.get(ProbeCase.COLD), cases.get(ProbeCase.WARM_REPEAT),
                cases.get(ProbeCase.WARM_PREFIX), ratio, prefix == null ? null : Math.round(prefix / cold * 1000) / 1000.0);
        Double warmCached = cases.get(ProbeCase.WARM_REPEAT).cachedTokensP50();
        String figures = "TTFT p50 cold " + ms(cold) + " · warm repeat " + ms(warm) + " (" + ratio + "x)"
                + (prefix == null ? "" : " · warm prefix " + ms(prefix)) + ": ";
        return ratio < WARM_SPEEDUP
                ? new Check("cold_vs_warm", Check.Status.OK, figures + "a prefix cache helps (" + sooner(ratio) + ")", evidence)
                : new Check("cold_vs_warm", Check.Status.INFO, figures + cacheReading(ratio, warmCached, delivery), evidence);
    }

    /** Why a warm TTFT above the bar is not read as a speed-up, naming cached tokens and buffering when they explain it. */
    private static String cacheReading(double ratio, Double warmCachedTokens, DeliveryKind delivery) {
        double cached = warmCachedTokens == null ? 0 : warmCachedTokens;
        if (cached <= 0) {
            return "no prefix-cache speed-up seen (" + sooner(ratio) + ", no cached tokens reported)";
        }
        return String.format(Locale.ROOT, "%.0f prompt tokens from cache, %s: under the %.0f %% bar for a clear speed-up",
                cached, sooner(ratio), (1 - WARM_SPEEDUP) * 100)
                + (delivery == DeliveryKind.BUFFERED ? "; buffered, so TTFT holds the whole generation" : "");
    }

    private static String sooner(double warmOverCold) {
        long percent = Math.round((1 - warmOverCold) * 100);
        return percent >= 0 ? percent + " % sooner" : -percent + " % later";
    }

    private static Check cachedTokensCheck(List<RequestRecord> records) {
        long reported = records.stream().filter(r -> r.succeeded() && r.tokens().cached() >= 0).count();
        long hits = records.stream().filter(RequestRecord::warmCache).count();
        Evidence evidence = new Evidence.CachedTokens(reported, hits);
        return reported > 0
                ? new Check("cached_tokens", Check.Status.OK, "reported (" + hits + " requests hit the cache)", evidence)
                : new Check("cached_tokens", Check.Status.WARN,
                        "not reported: cold and warm are told apart by the workload's prefix groups only", evidence);
    }

    private static Check failuresCheck(List<RequestRecord> records) {
        Map<String, Long> errors = new LinkedHashMap<>();
        records.stream().filter(r -> !r.succeeded()).forEach(r -> errors.merge(r.outcome().error().key(), 1L, Long::sum));
        return errors.isEmpty()
                ? new Check("requests", Check.Status.OK, records.size() + " sent, all completed", Evidence.NONE)
                : new Check("requests", Check.Status.WARN, errors.values().stream().mapToLong(Long::longValue).sum()
                        + " of " + records.size() + " failed", new Evidence.Counts(errors));
    }

    private static Check yesNo(String name, boolean yes, Check.Status whenNo, String yesText, String noText,
            Evidence evidence) {
        return new Check(name, yes ? Check.Status.OK : whenNo, yes ? yesText : noText, evidence);
    }

    /** The lower median of {@code f} over the successful records where it is defined; null when none. */
    static Double p50(List<RequestRecord> records, ToDoubleFunction<RequestRecord> f) {
        double[] v = records.stream().filter(RequestRecord::succeeded).mapToDouble(f)
                .filter(d -> !Double.isNaN(d) && !Double.isInfinite(d)).sorted().toArray();
        return v.length == 0 ? null : Math.round(Quantiles.ofSorted(v, 50) * 1000) / 1000.0;
    }

    /** The verdict table for the console: check, status, result. */
    public String render() {
        int width = checks.stream().mapToInt(c -> c.name().length()).max().orElse(5);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-" + width + "s  %-6s %s%n", "check", "status", "result"));
        for (Check c : checks) {
            sb.append(String.format("%-" + width + "s  %-6s %s%n", c.name(), c.status().label(), c.result()));
        }
        return sb.toString();
    }


    /** What a run gets from the server's tokenizer, as the probe's calibration found it. */
    static String tokenizeExactness(Boolean exact) {
        if (exact == null) {
            return "prompt lengths not checked";
        }
        return exact ? "prompt lengths are exact (calibrated on the built-in words and checked on two built prompts)"
                : "but a run of words does not count as the sum of its words: prompt lengths cannot be exact; a bundled"
                        + " tokenizer approximates (--tokenizer server refuses to run)";
    }
}
