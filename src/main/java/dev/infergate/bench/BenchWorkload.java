package dev.infergate.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.infergate.workload.WorkloadDescription;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.time.Duration;
import java.util.List;

/**
 * The benchmark's workload: request {@code id} asks the metronome server for {@code tokens} output events,
 * the first {@code ttft} (plus the {@link Phases} offset of the request) after receipt and then one every
 * {@code itl} (see {@link BenchPrompt}).
 */
public final class BenchWorkload implements Workload {
    private final int tokens;
    private final long ttftNanos;
    private final long itlNanos;
    private final Phases phases;

    public BenchWorkload(int tokens, Duration ttft, Duration itl, Phases phases) {
        if (tokens < 1) {
            throw new IllegalArgumentException("tokens (" + tokens + ") must be >= 1");
        }
        this.tokens = tokens;
        this.ttftNanos = ttft.toNanos();
        this.itlNanos = itl.toNanos();
        this.phases = phases;
    }

    @Override
    public RequestSpec spec(long id) {
        String prompt = new BenchPrompt(id, ttftNanos + phases.offsetNanos(id, itlNanos), itlNanos).text();
        return new RequestSpec(id, null, List.of(Message.user(prompt)), 8, phases.tokens(id, tokens), null, 0, "bench");
    }

    @Override
    public Description describe() {
        return new Description("bench", tokens, ttftNanos / 1e6, itlNanos / 1e6, phases.label());
    }

    /** run.json's workload block of a bench run: the metronome's pace; no tokenizer counted anything. */
    public record Description(String kind, @JsonProperty("output_tokens") int outputTokens,
            @JsonProperty("ttft_ms") double ttftMs, @JsonProperty("itl_ms") double itlMs, String phases)
            implements WorkloadDescription.Uncounted {
    }
}
