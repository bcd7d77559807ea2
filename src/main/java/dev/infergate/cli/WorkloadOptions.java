package dev.infergate.cli;

import dev.infergate.client.Api;
import dev.infergate.workload.DatasetFormat;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import dev.infergate.workload.SessionShape;
import dev.infergate.workload.WorkloadDefinition;
import dev.infergate.workload.trace.TraceSpec;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Options that say what each request sends (docs/workloads.md). */
public final class WorkloadOptions {
    @Option(names = "--preset", paramLabel = "short-chat|long-doc|long-output",
            description = "A named work shape from the acceptance plan (token counts in docs/workloads.md); --input-tokens and --output-tokens override its lengths. Default: short-chat.")
    String preset;

    @Option(names = {"--input-tokens", "--isl"}, paramLabel = "N|MEAN:SD|uniform:A-B",
            description = "Prompt length in tokens: fixed (512), normal (512:128) or uniform (uniform:256-1024). --isl is AIPerf's name for it.")
    String inputTokens;

    @Option(names = {"--output-tokens", "--osl"}, paramLabel = "N|MEAN:SD|uniform:A-B",
            description = "Output length in tokens, sent as max_tokens (with ignore_eos/min_tokens where the server accepts them).")
    String outputTokens;

    @Option(names = "--prefix", paramLabel = "fresh|shared",
            description = "fresh: every prompt starts with unique text, so no prefix cache can help; shared: prompts start with one of a few long common prefixes. Default: fresh.")
    String prefix;

    @Option(names = "--cache-mix", paramLabel = "SHARE",
            description = "Share of requests (0..1) that start with a prefix from the shared pool, the rest fresh, to match the cache-hit mix of real traffic.")
    Double cacheMix;

    @Option(names = "--dataset", paramLabel = "FILE",
            description = "Send prompts from a file instead of synthetic ones: JSONL ({\"prompt\"} or {\"messages\"}, optional max_tokens) or ShareGPT JSON.")
    Path dataset;

    @Option(names = "--dataset-format", paramLabel = "jsonl|sharegpt",
            description = "The format of --dataset. Default: sharegpt for a .json file, jsonl otherwise.")
    String datasetFormat;

    @Option(names = "--tokenizer", defaultValue = "auto", paramLabel = "auto|server|cl100k_base|o200k_base",
            description = "Which tokenizer makes prompt lengths exact: the server's own (/tokenize), a bundled one, or auto (the server's when it has one). Default: ${DEFAULT-VALUE}.")
    String tokenizer;

    @Option(names = "--prompt-salt", paramLabel = "N",
            description = "Salt of the unique text that starts each fresh prompt; lengths do not change with it. Default: random per run "
                    + "(recorded in run.json), so a repeated run finds no prompt of an earlier one in the prefix cache. Give the same salt to every shard of one run.")
    Long promptSalt;

    @Option(names = "--system-tokens", paramLabel = "N",
            description = "With --sessions: tokens of the system prompt every session shares (what a prefix cache serves). Default: 1000.")
    Integer systemTokens;

    @Option(names = "--turn-tokens", paramLabel = "N|MEAN:SD|uniform:A-B",
            description = "With --sessions: tokens of each turn's new user message. Default: 200.")
    String turnTokens;

    @Option(names = "--tool-tokens", paramLabel = "N|MEAN:SD|uniform:A-B",
            description = "With --sessions: tokens of the simulated tool result sent with each turn after the first. Default: 300.")
    String toolTokens;

    @Option(names = "--images", paramLabel = "N",
            description = "Images per chat request (default 0): synthetic pictures drawn from --seed and the request's id, sent as OpenAI image_url parts with data URLs (docs/workloads.md). The server's prompt tokens then include what it charges for them.")
    Integer images;

    @Option(names = "--image-size", paramLabel = "WxH[,WxH...]",
            description = "With --images: the size of each image in pixels, or a list to draw each image's size from. Default: 1024x768.")
    String imageSize;

    @Option(names = "--image-format", paramLabel = "jpeg|png",
            description = "With --images: how the images are encoded. jpeg (default) encodes a 1024x768 image in about 10 ms of the client's time, png in about 50 ms.")
    String imageFormat;

    @Option(names = "--audio", paramLabel = "N",
            description = "Audio clips per chat request (default 0): synthetic 16 kHz WAV, sent as OpenAI input_audio parts.")
    Integer audio;

    @Option(names = "--audio-seconds", paramLabel = "S",
            description = "With --audio: the length of each clip in seconds. Default: 5.")
    Double audioSeconds;

    /**
     * The images and clips every request carries; {@link MediaShape#NONE} when neither {@code --images} nor
     * {@code --audio} was given (their shaping options alone are a mistake, said in one line).
     */
    MediaShape media() {
        int n = images == null ? 0 : images;
        int clips = audio == null ? 0 : audio;
        if (n == 0 && (imageSize != null || imageFormat != null)) {
            throw UserError.usage("--image-size and --image-format shape the images of --images N; give --images too");
        }
        if (clips == 0 && audioSeconds != null) {
            throw UserError.usage("--audio-seconds sets the length of the clips of --audio N; give --audio too");
        }
        try {
            return new MediaShape(n, n == 0 ? List.of() : MediaShape.ImageSize.parseList(imageSize == null ? "1024x768" : imageSize),
                    imageFormat == null ? MediaShape.ImageFormat.JPEG : MediaShape.ImageFormat.parse(imageFormat), clips,
                    clips == 0 ? 0 : audioSeconds == null ? 5.0 : audioSeconds);
        } catch (IllegalArgumentException e) {
            throw UserError.usage((images != null && e.getMessage().startsWith("image") ? "--images/--image-size: " : "")
                    + e.getMessage());
        }
    }

    /** Images and audio go in chat messages' content parts: refused for any other API, in one line. */
    static void checkMediaApi(MediaShape media, Api api) {
        if (media.any() && api != Api.CHAT) {
            throw UserError.usage("--images and --audio are sent as chat content parts; use them with --api chat (not "
                    + api.key() + ")");
        }
    }

    /**
     * Refuses, before any request, what can be checked without the server: a {@code --dataset} that cannot be
     * read, an unknown {@code --dataset-format} or {@code --tokenizer}. Otherwise they were found only after the
     * preflight, and an unreachable server hid the mistake behind exit 3.
     */
    void checkBeforeConnecting() {
        if (dataset != null && !java.nio.file.Files.isReadable(dataset)) {
            throw UserError.usage("--dataset " + dataset + " cannot be read; pass a readable file");
        }
        try {
            if (datasetFormat != null) {
                DatasetFormat.parse(datasetFormat);
            }
            if (tokenizer != null && !tokenizer.equals("auto") && !tokenizer.equals("server")) {
                dev.infergate.workload.BundledTokenizer.named(tokenizer);
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--" + (datasetFormat != null && e.getMessage().contains(datasetFormat) ? "dataset-format" : "tokenizer")
                    + ": " + e.getMessage());
        }
    }

    /**
     * @param sessions whether the load is agent sessions ({@code --sessions})
     * @param trace    the trace to replay ({@code --trace}), or null
     */
    WorkloadDefinition definition(long seed, boolean sessions, TraceSpec trace) {
        try {
            long salt = promptSalt != null ? promptSalt : new java.security.SecureRandom().nextLong();
            WorkloadDefinition.Builder b = WorkloadDefinition.builder().seed(seed).promptSalt(salt).trace(trace);
            if (preset != null) {
                b.preset(Preset.parse(preset));
            }
            if (inputTokens != null) {
                b.inputTokens(LengthDistribution.parse(inputTokens));
            }
            if (outputTokens != null) {
                b.outputTokens(LengthDistribution.parse(outputTokens));
            }
            if (prefix != null) {
                b.prefix(PrefixMode.parse(prefix));
            }
            if (cacheMix != null) {
                b.cacheMix(cacheMix);
            }
            if (sessions) {
                b.sessions(sessionShape());
            } else if (systemTokens != null || turnTokens != null || toolTokens != null) {
                throw UserError.usage("--system-tokens, --turn-tokens and --tool-tokens shape agent sessions; give them with --sessions");
            }
            b.media(media());
            if (dataset != null) {
                b.dataset(dataset, datasetFormat == null ? null : DatasetFormat.parse(datasetFormat));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private SessionShape sessionShape() {
        SessionShape d = SessionShape.defaults();
        return new SessionShape(systemTokens == null ? d.systemTokens() : systemTokens,
                turnTokens == null ? d.userTokens() : LengthDistribution.parse(turnTokens),
                toolTokens == null ? d.toolTokens() : LengthDistribution.parse(toolTokens));
    }
}
