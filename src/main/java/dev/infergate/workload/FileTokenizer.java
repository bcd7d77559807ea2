package dev.infergate.workload;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A model's own tokenizer from its {@code tokenizer.json} ({@code --tokenizer-file}), through HuggingFace's
 * tokenizers library (DJL's binding: the native library is in the jar, nothing is downloaded). Counts include
 * the special tokens the tokenizer adds (BOS), as a server's {@code /tokenize} does; {@link PromptFactory}
 * measures that constant. No truncation, no padding. Thread-safe.
 */
public final class FileTokenizer implements Tokenizer {
    private final HuggingFaceTokenizer tokenizer;
    private final String name;

    private FileTokenizer(HuggingFaceTokenizer tokenizer, String name) {
        this.tokenizer = tokenizer;
        this.name = name;
    }

    /**
     * Loads {@code path}: a {@code tokenizer.json}, or a model directory holding one.
     *
     * @throws WorkloadException naming the path and the problem
     */
    public static FileTokenizer load(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("tokenizer.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new WorkloadException("--tokenizer-file " + path + ": no " + (Files.isDirectory(path)
                    ? "tokenizer.json in this directory" : "such file") + "; give a tokenizer.json or the model directory holding it");
        }
        try {
            HuggingFaceTokenizer t = HuggingFaceTokenizer.builder().optTokenizerPath(file).optAddSpecialTokens(true)
                    .optTruncation(false).optPadding(false).build();
            Path named = Files.isDirectory(path) ? path : file;
            return new FileTokenizer(t, "file:" + (named.getFileName() == null ? named : named.getFileName()));
        } catch (IOException | RuntimeException e) {
            throw new WorkloadException("--tokenizer-file " + file + ": not a tokenizer.json the HuggingFace tokenizers "
                    + "library can read (" + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")", e);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int count(String text) {
        Encoding encoding = tokenizer.encode(text);
        return encoding.getIds().length;
    }

    @Override
    public int[] countAll(List<String> texts) {
        int[] counts = new int[texts.size()];
        Encoding[] encodings = tokenizer.batchEncode(texts);
        for (int i = 0; i < counts.length; i++) {
            counts[i] = encodings[i].getIds().length;
        }
        return counts;
    }
}
