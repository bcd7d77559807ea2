package dev.infergate.sim.engine;

/**
 * The words the simulated model "generates": token {@code i} of a request is {@code " " + word}, the word
 * picked by a hash of the request's seed and {@code i}. Any token can be produced in O(1) without state, so
 * delivery can render text on the event loop and the engine never touches text.
 */
public final class TextGenerator {
    private static final String[] WORDS = (
            "the a of to and in is it that for on with as was at by this be are from or an have not they which"
            + " one you had her all she there would their we him been has when who will more no if out so said"
            + " what up its about into than them can only other new some could time these two may then do first"
            + " any my now such like our over man me even most made after also did many before must through back"
            + " years where much your way well down should because each just those people how too little state"
            + " good very make world still own see men work long get here between both life being under never day"
            + " same another know while last might us great old year off come since against go came right used"
            + " take three light house river stone garden window morning quiet lantern harbor signal keeper tide")
            .split(" ");

    private TextGenerator() {}

    /** The text of output token {@code index} (0-based) of the request seeded with {@code requestSeed}. */
    public static String token(long requestSeed, int index) {
        long h = Tokenizer.mix(requestSeed + 0x9E3779B97F4A7C15L * (index + 1));
        return " " + WORDS[(int) Long.remainderUnsigned(h, WORDS.length)];
    }

    /** Tokens {@code from} (inclusive) to {@code to} (exclusive) concatenated. */
    public static String tokens(long requestSeed, int from, int to) {
        StringBuilder sb = new StringBuilder((to - from) * 6);
        for (int i = from; i < to; i++) {
            sb.append(token(requestSeed, i));
        }
        return sb.toString();
    }
}
