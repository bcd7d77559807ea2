package dev.infergate.workload;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Builds synthetic prompts of an exact token count from the built-in {@link Vocabulary}.
 *
 * <p>How lengths are made exact: a prompt is a run of space-prefixed words ({@code " the time river"}). BPE
 * tokenizers of the GPT family split text before merging at each {@code " word"}, so a word that is one
 * token alone stays one token in any run: such a text of K words has K tokens, plus a constant c that some
 * tokenizers always add (a server's BOS; SentencePiece's dummy prefix, which makes llama's {@code " the"} the two
 * pieces {@code "▁"} and {@code "▁the"}, while the empty text counts 0). {@link #calibrate} measures this once, in two
 * batched calls: it counts every candidate word alone, takes c as the most common count less one (the per-word
 * piece is then one token; never the empty text's count, which misses the dummy prefix), keeps the words that
 * count c + 1, then checks that two built prompts (one fresh, one with a shared prefix) count exactly K + c. When
 * the check holds
 * ({@link #exact()}), building a prompt costs no tokenizer call. When it does not (a tokenizer that merges
 * across spaces), every prompt is counted and fixed up by adding or trimming words, up to
 * {@value #MAX_FIXUPS} times, and the spec carries the count actually reached.
 *
 * <p>What makes prompts unique: the unique part of a prompt starts with a header of about 8 words that
 * spells a bijective hash of (seed, id) in base V (V = number of words), so no two ids of one seed share
 * their first words, and no prefix cache can serve one request from another's blocks. The rest is a window
 * of a fixed pseudo-random filler text, starting at a place derived from the id.
 *
 * <p>Instances are immutable and thread-safe (given a thread-safe tokenizer).
 */
public final class PromptFactory {
    static final int MAX_FIXUPS = 8;
    private static final int FILLER_WORDS = 1024;
    private static final int MIN_WORDS = 64;
    private static final long GOLDEN = 0x9e3779b97f4a7c15L;

    private final Tokenizer tokenizer;
    private final long seed;
    /** Mixed into each fresh header only, so runs that share a seed (same lengths) do not share prompts. */
    private long saltMix;
    private final String[] words;
    private final int overheadTokens;
    private final boolean exact;
    private final int headerWords;
    private final String filler;
    private final int[] fillerStarts;

    /** A shared prefix of the pool: its text and the char offset after each of its words. */
    public record SharedPrefix(int group, String text, int[] wordEnds) {
        /** Words (tokens, when lengths are exact) in the full prefix. */
        public int words() {
            return wordEnds.length;
        }

        String firstWords(int count) {
            return count == 0 ? "" : text.substring(0, wordEnds[count - 1]);
        }
    }

    /**
     * Salts the unique header of every prompt, leaving lengths, filler and shared prefixes as they are. Two
     * runs with one seed but different salts send equally long prompts that no prefix cache can connect:
     * without a salt, repeating a run against the same server would find its "fresh" prompts cached.
     * Salt 0 changes nothing. Call before building prompts.
     */
    public PromptFactory salted(long salt) {
        this.saltMix = salt == 0 ? 0 : Seeds.mix64(salt ^ 0x5DEECE66DL);
        return this;
    }

    /** A built prompt: its text, its token count and how many of those tokens are the shared prefix. */
    public record Prompt(String text, int tokens, int prefixTokens) {}

    private PromptFactory(Tokenizer tokenizer, long seed, String[] words, int overheadTokens, boolean exact) {
        this.tokenizer = tokenizer;
        this.seed = seed;
        this.words = words;
        this.overheadTokens = overheadTokens;
        this.exact = exact;
        this.headerWords = headerWords(words.length);
        UniformRandomProvider rng = Seeds.stream(seed, "filler", 0);
        StringBuilder text = new StringBuilder();
        fillerStarts = new int[2 * FILLER_WORDS + 1];
        String[] filler = new String[FILLER_WORDS];
        for (int i = 0; i < FILLER_WORDS; i++) {
            filler[i] = words[rng.nextInt(words.length)];
        }
        for (int i = 0; i < 2 * FILLER_WORDS; i++) {
            fillerStarts[i] = text.length();
            text.append(filler[i % FILLER_WORDS]);
        }
        fillerStarts[2 * FILLER_WORDS] = text.length();
        this.filler = text.toString();
    }

    /**
     * Measures {@code tokenizer} on the vocabulary (two batched {@link Tokenizer#countAll} calls) and returns
     * a factory for it.
     *
     * @param seed varies the filler text and shared prefixes; the same seed builds the same prompts
     */
    public static PromptFactory calibrate(Tokenizer tokenizer, long seed) {
        List<String> texts = new ArrayList<>();
        texts.add("");
        Vocabulary.WORDS.forEach(w -> texts.add(" " + w));
        int[] counts = tokenizer.countAll(texts);
        int overhead = constantOverhead(counts);
        List<String> single = new ArrayList<>();
        for (int i = 1; i < counts.length; i++) {
            if (counts[i] == overhead + 1) {
                single.add(texts.get(i));
            }
        }
        if (single.size() < MIN_WORDS) { // words split into pieces: fall back to counting every prompt
            return new PromptFactory(tokenizer, seed, texts.subList(1, texts.size()).toArray(String[]::new), overhead, false);
        }
        PromptFactory candidate = new PromptFactory(tokenizer, seed, single.toArray(String[]::new), overhead, true);
        SharedPrefix prefix = candidate.sharedPrefix(0, 600);
        List<String> checks = List.of(candidate.text(1, 1000, null, 0), candidate.text(2, 1500, prefix, 600));
        int[] checked = tokenizer.countAll(checks);
        boolean additive = checked[0] == 1000 + overhead && checked[1] == 1500 + overhead;
        return additive ? candidate : new PromptFactory(tokenizer, seed, candidate.words, overhead, false);
    }

    /**
     * The tokens a tokenizer adds to any run of words ({@code counts[0]} is the empty text's count, the rest one word
     * each): the most common single-word count less one, since most built-in words are one piece; ties go to the
     * smaller count. Never less than 0; the empty text's count only when no word was counted.
     */
    static int constantOverhead(int[] counts) {
        if (counts.length < 2) {
            return Math.max(0, counts.length == 0 ? 0 : counts[0]);
        }
        java.util.Map<Integer, Integer> seen = new java.util.TreeMap<>();
        for (int i = 1; i < counts.length; i++) {
            seen.merge(counts[i], 1, Integer::sum);
        }
        int mode = counts[1];
        int most = 0;
        for (var e : seen.entrySet()) {
            if (e.getValue() > most) {
                mode = e.getKey();
                most = e.getValue();
            }
        }
        return Math.max(0, mode - 1);
    }

    /** The tokenizer the lengths are counted with. */
    public Tokenizer tokenizer() {
        return tokenizer;
    }

    /** Whether every prompt has exactly the requested count without per-prompt tokenizer calls. */
    public boolean exact() {
        return exact;
    }

    /** Words in use (those that are one token under the tokenizer, when {@link #exact()}). */
    public int vocabularySize() {
        return words.length;
    }

    /**
     * Tokens the tokenizer adds to any run of words (a server's BOS, SentencePiece's dummy-prefix piece); 0 for the
     * bundled tokenizers.
     */
    public int overheadTokens() {
        return overheadTokens;
    }

    /** run.json's tokenizer facts of a workload built with this factory: its tokenizer, exactness and overhead. */
    public WorkloadDescription.TokenizerFacts facts() {
        return new WorkloadDescription.TokenizerFacts(tokenizer().name(), exact(), overheadTokens());
    }

    /** Shared prefix {@code group} of the pool, {@code words} words long (as many tokens when exact). */
    public SharedPrefix sharedPrefix(int group, int words) {
        UniformRandomProvider rng = Seeds.stream(seed, "prefix", group);
        StringBuilder text = new StringBuilder();
        int[] ends = new int[words];
        for (int i = 0; i < words; i++) {
            text.append(this.words[rng.nextInt(this.words.length)]);
            ends[i] = text.length();
        }
        return new SharedPrefix(group, text.toString(), ends);
    }

    /**
     * A prompt of {@code tokens} tokens unique to {@code id}; when {@code prefix} is set, it starts with up to
     * {@code prefix.words()} words of that prefix, leaving at least one unique word. Exact when
     * {@link #exact()} (and {@code tokens} exceeds the tokenizer's constant overhead); otherwise the closest
     * count reached, see {@link Prompt#tokens()}.
     */
    public Prompt build(long id, int tokens, SharedPrefix prefix) {
        int words = Math.max(1, tokens - overheadTokens);
        int prefixWords = prefix == null ? 0 : Math.min(prefix.words(), words - 1);
        String text = text(id, words, prefix, prefixWords);
        if (exact) {
            return new Prompt(text, words + overheadTokens, prefixWords);
        }
        int counted = tokenizer.count(text);
        for (int i = 0; i < MAX_FIXUPS && counted != tokens; i++) {
            int next = Math.max(prefixWords + 1, words + tokens - counted);
            if (next == words) {
                break;
            }
            words = next;
            text = text(id, words, prefix, prefixWords);
            counted = tokenizer.count(text);
        }
        return new Prompt(text, counted, prefixWords);
    }

    /**
     * {@code words} words that are a pure function of (seed, salt, {@code key}): equal keys give equal text, and
     * fewer words give the first words of the same text. Trace replay builds a prompt block per hash id with
     * it, so prompts that share ids share a cacheable prefix; the salt keeps a repeated run from finding them
     * cached already.
     */
    public String block(long key, int words) {
        UniformRandomProvider rng = Seeds.forId(seed ^ saltMix, key);
        StringBuilder text = new StringBuilder(words * 7);
        for (int i = 0; i < words; i++) {
            text.append(this.words[rng.nextInt(this.words.length)]);
        }
        return text.toString();
    }

    /** {@code words} words unique to {@code id}, as the unique part of {@link #build}: its header, then filler. */
    public String unique(long id, int words) {
        return text(id, words, null, 0);
    }

    /** {@code words} words: the prefix's first {@code prefixWords}, then the id's header, then filler. */
    private String text(long id, int words, SharedPrefix prefix, int prefixWords) {
        StringBuilder out = new StringBuilder(words * 7);
        if (prefix != null) {
            out.append(prefix.firstWords(prefixWords));
        }
        int remaining = words - prefixWords;
        long h = Seeds.mix64(id * GOLDEN + seed) ^ saltMix;
        int start = (int) Long.remainderUnsigned(Seeds.mix64(h), FILLER_WORDS);
        for (int i = 0; i < headerWords && remaining > 0; i++, remaining--) {
            out.append(this.words[(int) Long.remainderUnsigned(h, this.words.length)]);
            h = Long.divideUnsigned(h, this.words.length);
        }
        while (remaining > 0) {
            int take = Math.min(remaining, FILLER_WORDS);
            out.append(filler, fillerStarts[start], fillerStarts[start + take]);
            remaining -= take;
        }
        return out.toString();
    }

    /** Digits needed to spell any 64-bit value in base {@code base}. */
    private static int headerWords(int base) {
        int digits = 0;
        for (double reach = 1; reach < 0x1p64; reach *= base) {
            digits++;
        }
        return digits;
    }
}
