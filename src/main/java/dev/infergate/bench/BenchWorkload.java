package dev.infergate.bench;

import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "bench");
        m.put("output_tokens", tokens);
        m.put("ttft_ms", ttftNanos / 1e6);
        m.put("itl_ms", itlNanos / 1e6);
        m.put("phases", phases.label());
        return m;
    }
}
