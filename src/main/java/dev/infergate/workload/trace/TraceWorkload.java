package dev.infergate.workload.trace;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.infergate.json.Json;
import dev.infergate.workload.WorkloadDescription;
import dev.infergate.workload.PromptFactory;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Tokenizer;
import dev.infergate.workload.Workload;
import dev.infergate.workload.WorkloadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * The requests of a trace: request {@code id} is the id-th request of the window that {@link TraceSpec#keeps},
 * with the trace's input and output lengths. Prompts are synthetic text of exact length (see
 * {@link PromptFactory}): with {@code hash_ids}, block i of the prompt is the text of id i
 * ({@link PromptFactory#block}), so equal ids are equal {@value TraceEntry#BLOCK_TOKENS}-token blocks and a
 * server's prefix cache sees the sharing the trace had; tokens past the ids, and whole prompts of traces
 * without ids, are unique to the request. A jsonl line's own input ({@link TraceLiteral}) is sent as written,
 * its length the tokenizer's count.
 *
 * <p>Set-up scans the window once ({@link TraceScan}); {@code spec(id)} then reads the request's line again
 * with a positional read, so the trace is never held in memory and specs stay a pure function of the file,
 * the seed and the id. Thread-safe.
 */
public final class TraceWorkload implements Workload {
    private final TraceSpec trace;
    private final TraceScan scan;
    private final PromptFactory factory;
    private final Tokenizer tokenizer;
    private final FileChannel channel;
    private final String name;
    private final Description description;

    /**
     * @param seed the seed of the prompt text
     * @param salt varies every prompt's text (not its length or sharing), so a repeated run finds nothing cached
     */
    public TraceWorkload(TraceSpec trace, Tokenizer tokenizer, long seed, long salt) {
        this.trace = trace;
        this.scan = TraceScan.of(trace);
        if (scan.requests() == 0) {
            throw new WorkloadException(trace.file() + ": no request to send in the window " + trace.window()
                    + " (" + Json.COMPACT.valueToTree(scan.describe(trace)) + ")");
        }
        this.factory = PromptFactory.calibrate(tokenizer, seed).salted(salt);
        this.tokenizer = tokenizer;
        this.name = trace.file().getFileName().toString();
        try {
            this.channel = FileChannel.open(trace.file(), StandardOpenOption.READ);
        } catch (IOException e) {
            throw new WorkloadException(trace.file() + ": cannot read the trace (" + e.getMessage() + ")", e);
        }
        this.description = new Description("trace", trace.describe(), scan.describe(trace), seed, salt, factory.facts());
    }

    /** Requests the run sends (the window's, less those skipped). */
    public int size() {
        return scan.requests();
    }

    /** What the set-up scan found. */
    public TraceScan scan() {
        return scan;
    }

    @Override
    public RequestSpec spec(long id) {
        if (id < 0 || id >= scan.requests()) {
            throw new IllegalArgumentException("id (" + id + ") must be in [0, " + scan.requests() + ")");
        }
        TraceEntry e = entry(id);
        String source = name + " line " + scan.line(id);
        if (e.literal() != null) {
            return literal(id, e, source);
        }
        if (e.hashIds() == null) {
            PromptFactory.Prompt prompt = factory.build(id, e.inputTokens(), null);
            return new RequestSpec(id, prompt.text(), null, prompt.tokens(), e.outputTokens(), null, 0, source);
        }
        // not fixed up when the tokenizer is not additive: the blocks must stay equal (input_lengths_exact says so)
        String text = blocks(id, e, Math.max(1, e.inputTokens() - factory.overheadTokens()));
        return new RequestSpec(id, text, null, e.inputTokens(), e.outputTokens(), null, 0, source);
    }

    /**
     * A jsonl line's own input, sent as written (no salt: the text is the trace's); its length is the tokenizer's
     * count (the contents of all messages, as for datasets; a chat template adds a few tokens on the server).
     */
    private RequestSpec literal(long id, TraceEntry e, String source) {
        TraceLiteral in = e.literal();
        int tokens = 0;
        for (int n : tokenizer.countAll(in.texts())) {
            tokens += n;
        }
        return new RequestSpec(id, in.prompt(), in.messages(), tokens, e.outputTokens(), null, 0, source);
    }

    /** The prompt: block i is the text of hash id i, the words past the ids are the request's own. */
    private String blocks(long id, TraceEntry e, int words) {
        StringBuilder text = new StringBuilder(words * 7);
        int[] ids = e.hashIds();
        int done = 0;
        for (int i = 0; i < ids.length && done < words; i++) {
            int take = Math.min(TraceEntry.BLOCK_TOKENS, words - done);
            text.append(factory.block(ids[i], take));
            done += take;
        }
        if (done < words) {
            text.append(factory.unique(id, words - done));
        }
        return text.toString();
    }

    private TraceEntry entry(long id) {
        long offset = scan.offset(id);
        byte[] line;
        try {
            line = LineSource.readLineAt(channel, offset);
        } catch (IOException e) {
            throw new UncheckedIOException(trace.file() + ": cannot read the trace (" + e.getMessage() + ")", e);
        }
        return scan.parser().parse(line, 0, line.length, -1, offset);
    }

    @Override
    public Description describe() {
        return description;
    }

    /** run.json's workload block of a trace replay: the trace, what its scan found, the prompts' seed and salt. */
    public record Description(@JsonProperty("kind") String kind, @JsonUnwrapped TraceSpec.Described trace,
            @JsonUnwrapped TraceScan.Described scan, @JsonProperty("seed") long seed,
            @JsonProperty("prompt_salt") long promptSalt, @JsonUnwrapped WorkloadDescription.TokenizerFacts tokenizerFacts)
            implements WorkloadDescription {
        @Override
        public Description withTokenizerFacts(WorkloadDescription.TokenizerFacts facts) {
            return new Description(kind, trace, scan, seed, promptSalt, facts);
        }
    }
}
