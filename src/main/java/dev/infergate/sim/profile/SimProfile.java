package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything that shapes one simulated server: the engine's limits, its step cost model, how tokens are
 * delivered and which faults are injected. Loaded from YAML ({@link ProfileLoader}); three profiles are
 * bundled under {@code sim-profiles/}. docs/simulator.md explains each parameter.
 *
 * <p>A profile is a model, not a measurement of any real engine.
 *
 * @param name                 short name, shown in the banner and in /metrics labels
 * @param description          what the profile models, in a sentence or two
 * @param model                model id served by /v1/models and expected in requests
 * @param maxModelLen          prompt + output tokens allowed per request
 * @param maxNumSeqs           most sequences running at once; more wait in the queue
 * @param maxNumBatchedTokens  token budget of one step (decode tokens + prefill chunks)
 * @param blockSize            tokens per KV-cache block (also the prefix-cache granularity)
 * @param numGpuBlocks         KV-cache blocks available; when they run out, sequences are preempted
 * @param cost                 step cost model
 * @param streamInterval       output tokens per SSE event
 * @param delivery             how events reach the client when it asked for a stream
 * @param outputLength         natural answer length when the request lets the model stop
 * @param faults               injected failures
 * @param answerAccuracy       probability that a bundled eval question is answered correctly (the answer
 *                             model, docs/quality.md); optional, default {@value #DEFAULT_ANSWER_ACCURACY}
 * @param reasoning            a reasoning model: how long requests think before answering; optional, null for a
 *                             model that answers at once (a request's own {@code reasoning_tokens} still applies)
 * @param xAccelBuffering      the {@code X-Accel-Buffering} header of streamed answers: {@code no} (the default: tells
 *                             an nginx in front not to buffer the stream, as vLLM's and llama.cpp's servers do not
 *                             say but many gateways' upstreams do), {@code yes}, or {@code absent} (no header, so a
 *                             proxy in front applies its own buffering)
 * @param media                what images and audio clips cost in prompt tokens, or that they are refused
 *                             ({@link MediaRules}); optional, default Qwen2-VL's and Qwen2-Audio's rules
 */
public record SimProfile(
        @JsonProperty(value = "name", required = true) String name,
        @JsonProperty("description") String description,
        @JsonProperty(value = "model", required = true) String model,
        @JsonProperty(value = "max_model_len", required = true) int maxModelLen,
        @JsonProperty(value = "max_num_seqs", required = true) int maxNumSeqs,
        @JsonProperty(value = "max_num_batched_tokens", required = true) int maxNumBatchedTokens,
        @JsonProperty(value = "block_size", required = true) int blockSize,
        @JsonProperty(value = "num_gpu_blocks", required = true) int numGpuBlocks,
        @JsonProperty(value = "cost", required = true) CostModel cost,
        @JsonProperty(value = "stream_interval", required = true) int streamInterval,
        @JsonProperty("delivery") Delivery delivery,
        @JsonProperty(value = "output_length", required = true) OutputLength outputLength,
        @JsonProperty("faults") Faults faults,
        @JsonProperty("answer_accuracy") Double answerAccuracy,
        @JsonProperty("reasoning") ReasoningLength reasoning,
        @JsonProperty("x_accel_buffering") String xAccelBuffering,
        @JsonProperty("media") MediaRules media) {

    /** Names of the profiles shipped inside the jar. */
    public static final List<String> BUNDLED = List.of("baseline", "candidate-fp8-kv", "managed-buffered");
    /** The answer model's accuracy when a profile does not set {@code answer_accuracy}. */
    public static final double DEFAULT_ANSWER_ACCURACY = 0.9;

    public SimProfile {
        required("name", name);
        required("model", model);
        description = description == null ? "" : description.strip();
        atLeast("max_model_len", maxModelLen, 2);
        atLeast("max_num_seqs", maxNumSeqs, 1);
        atLeast("max_num_batched_tokens", maxNumBatchedTokens, 1);
        atLeast("block_size", blockSize, 1);
        atLeast("num_gpu_blocks", numGpuBlocks, 1);
        atLeast("stream_interval", streamInterval, 1);
        required("cost", cost);
        required("output_length", outputLength);
        delivery = delivery == null ? new Delivery.Incremental() : delivery;
        faults = faults == null ? Faults.NONE : faults;
        answerAccuracy = answerAccuracy == null ? DEFAULT_ANSWER_ACCURACY : answerAccuracy;
        xAccelBuffering = xAccelBuffering == null ? "no" : xAccelBuffering;
        media = media == null ? MediaRules.DEFAULT : media;
        if (!List.of("no", "yes", "absent").contains(xAccelBuffering)) {
            throw new IllegalArgumentException("x_accel_buffering (" + xAccelBuffering + ") must be no, yes or absent");
        }
        if (!(answerAccuracy >= 0 && answerAccuracy <= 1)) {
            throw new IllegalArgumentException("answer_accuracy (" + answerAccuracy + ") must be between 0 and 1");
        }
        if ((long) numGpuBlocks * blockSize < maxModelLen) {
            throw new IllegalArgumentException("num_gpu_blocks (" + numGpuBlocks + ") * block_size (" + blockSize
                    + ") must hold at least max_model_len (" + maxModelLen + ") tokens, or a long request could never run");
        }
    }

    /** A profile with the default media rules ({@link MediaRules#DEFAULT}). */
    public SimProfile(String name, String description, String model, int maxModelLen, int maxNumSeqs,
            int maxNumBatchedTokens, int blockSize, int numGpuBlocks, CostModel cost, int streamInterval,
            Delivery delivery, OutputLength outputLength, Faults faults, Double answerAccuracy, ReasoningLength reasoning,
            String xAccelBuffering) {
        this(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize, numGpuBlocks, cost,
                streamInterval, delivery, outputLength, faults, answerAccuracy, reasoning, xAccelBuffering, null);
    }

    /** A profile whose streams say {@code X-Accel-Buffering: no} (the default). */
    public SimProfile(String name, String description, String model, int maxModelLen, int maxNumSeqs,
            int maxNumBatchedTokens, int blockSize, int numGpuBlocks, CostModel cost, int streamInterval,
            Delivery delivery, OutputLength outputLength, Faults faults, Double answerAccuracy, ReasoningLength reasoning) {
        this(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize, numGpuBlocks, cost,
                streamInterval, delivery, outputLength, faults, answerAccuracy, reasoning, null);
    }

    /** A profile without a {@code reasoning} block: a model that answers at once. */
    public SimProfile(String name, String description, String model, int maxModelLen, int maxNumSeqs,
            int maxNumBatchedTokens, int blockSize, int numGpuBlocks, CostModel cost, int streamInterval,
            Delivery delivery, OutputLength outputLength, Faults faults, Double answerAccuracy) {
        this(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize, numGpuBlocks, cost,
                streamInterval, delivery, outputLength, faults, answerAccuracy, null);
    }

    /** A profile without {@code answer_accuracy} (the default applies); the form before the answer model. */
    public SimProfile(String name, String description, String model, int maxModelLen, int maxNumSeqs,
            int maxNumBatchedTokens, int blockSize, int numGpuBlocks, CostModel cost, int streamInterval,
            Delivery delivery, OutputLength outputLength, Faults faults) {
        this(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize, numGpuBlocks, cost,
                streamInterval, delivery, outputLength, faults, null);
    }

    /** A bundled profile by name; {@link IllegalArgumentException} listing the names when unknown. */
    public static SimProfile bundled(String name) {
        return ProfileLoader.bundled(name);
    }

    /** A profile from a YAML file; {@link IllegalArgumentException} with one line naming the problem. */
    public static SimProfile load(Path file) {
        return ProfileLoader.load(file);
    }

    /** A bundled name, else a file path (what {@code --profile} accepts). */
    public static SimProfile resolve(String nameOrPath) {
        return BUNDLED.contains(nameOrPath) ? bundled(nameOrPath) : load(Path.of(nameOrPath));
    }

    /** Tokens the KV cache holds when full. */
    public long kvCapacityTokens() {
        return (long) numGpuBlocks * blockSize;
    }

    /** A copy with different faults (tests and demos turn faults on and off). */
    public SimProfile withFaults(Faults newFaults) {
        return new SimProfile(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize,
                numGpuBlocks, cost, streamInterval, delivery, outputLength, newFaults, answerAccuracy, reasoning,
                xAccelBuffering, media);
    }

    /** A copy with a different delivery mode. */
    public SimProfile withDelivery(Delivery newDelivery) {
        return new SimProfile(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize,
                numGpuBlocks, cost, streamInterval, newDelivery, outputLength, faults, answerAccuracy, reasoning,
                xAccelBuffering, media);
    }

    /** A copy with a different answer-model accuracy (tests and demos make a candidate worse). */
    public SimProfile withAnswerAccuracy(double accuracy) {
        return new SimProfile(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize,
                numGpuBlocks, cost, streamInterval, delivery, outputLength, faults, accuracy, reasoning, xAccelBuffering, media);
    }

    /** A copy that reasons ({@code null}: answers at once). */
    public SimProfile withReasoning(ReasoningLength newReasoning) {
        return new SimProfile(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize,
                numGpuBlocks, cost, streamInterval, delivery, outputLength, faults, answerAccuracy, newReasoning, xAccelBuffering,
                media);
    }

    /** A copy charging (or refusing) images and audio by {@code rules}. */
    public SimProfile withMedia(MediaRules rules) {
        return new SimProfile(name, description, model, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize,
                numGpuBlocks, cost, streamInterval, delivery, outputLength, faults, answerAccuracy, reasoning,
                xAccelBuffering, rules);
    }

    private static void required(String field, Object value) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw new IllegalArgumentException(field + " is missing");
        }
    }

    private static void atLeast(String field, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(field + " (" + value + ") must be >= " + min);
        }
    }
}
