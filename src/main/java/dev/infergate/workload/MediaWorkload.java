package dev.infergate.workload;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.List;

/**
 * A workload whose requests also carry synthetic images and audio clips ({@link MediaShape}): the text of the
 * workload it wraps, and the media {@link SyntheticMedia} draws for the same seed and id. Media go with chat
 * requests only (the client refuses them for the other APIs before the run).
 *
 * <p>Encoding an image takes milliseconds (a 1024x768 JPEG about 10 ms), far above what {@code spec} may cost on
 * the send path (the time between a free slot and the write is the client's lag). So the next few requests' media
 * are made ahead on one background thread: each {@code spec(id)} takes its media if they are ready (else makes them
 * itself) and asks for those of the ids that follow at the same stride (a shard's ids step by the shard count).
 * The bytes are the same either way: media are a pure function of the seed and the id.
 */
final class MediaWorkload implements Workload {
    /** Requests whose media are made ahead: a few concurrency slots' worth, a few MB at most. */
    static final int LOOKAHEAD = 8;

    private final Workload text;
    private final MediaShape shape;
    private final long seed;
    private final ConcurrentHashMap<Long, CompletableFuture<List<MediaPart>>> ahead = new ConcurrentHashMap<>();
    private final AtomicLong lastId = new AtomicLong(-1);
    private final ExecutorService maker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "infergate-media");
        t.setDaemon(true); // never holds the JVM open; what it made and nobody took is garbage
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    MediaWorkload(Workload text, MediaShape shape, long seed) {
        this.text = text;
        this.shape = shape;
        this.seed = seed;
        for (long id = 0; id < LOOKAHEAD; id++) { // an unsharded run's first requests (a shard's are made at its first)
            long n = id;
            ahead.put(n, CompletableFuture.supplyAsync(() -> SyntheticMedia.forRequest(shape, seed, n), maker));
        }
    }

    @Override
    public RequestSpec spec(long id) {
        long previous = lastId.getAndSet(id);
        long stride = previous >= 0 && id > previous ? id - previous : 1;
        CompletableFuture<List<MediaPart>> made = ahead.remove(id);
        List<MediaPart> media = made != null && made.isDone() && !made.isCompletedExceptionally() ? made.join()
                : SyntheticMedia.forRequest(shape, seed, id);
        for (int k = 1; k <= LOOKAHEAD; k++) {
            long next = id + k * stride;
            if (next > id && ahead.size() < 2 * LOOKAHEAD) {
                ahead.computeIfAbsent(next, n -> CompletableFuture.supplyAsync(() -> SyntheticMedia.forRequest(shape, seed, n), maker));
            }
        }
        RequestSpec spec = text.spec(id);
        if (spec.media().isEmpty()) {
            return spec.withMedia(media);
        }
        List<MediaPart> all = new java.util.ArrayList<>(spec.media()); // a dataset entry's own images come first
        all.addAll(media);
        return spec.withMedia(all);
    }

    @Override
    public List<RequestSpec> prefixWarmups() {
        return text.prefixWarmups(); // a warm-up primes the text's shared prefix; media would only add time
    }

    @Override
    public WorkloadDescription.Media describe() {
        boolean images = shape.images() > 0;
        boolean audio = shape.audioClips() > 0;
        return new WorkloadDescription.Media(text.describe(), images ? shape.images() : null,
                images ? shape.imageSizes().stream().map(MediaShape.ImageSize::toString).toList() : null,
                images ? shape.imageFormat().key() : null, audio ? shape.audioClips() : null,
                audio ? shape.audioSeconds() : null);
    }
}
