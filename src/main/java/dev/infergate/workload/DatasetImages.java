package dev.infergate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.media.ImageSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * A JSONL dataset entry's {@code "images": ["photo.jpg", "https://host/cat.png", ...]}: a file (relative to the
 * dataset's directory, or absolute) is read once when the dataset loads and sent as a data URL, its size read from its
 * header; an http(s) URL, or a data URL, is sent as it is, for the server to fetch (its bytes and size then unknown).
 */
final class DatasetImages {
    /** The largest image file read into memory: far above any served model's limit, a bound on a mistake. */
    static final long MAX_FILE_BYTES = 32L << 20;

    private DatasetImages() {}

    static List<MediaPart> read(JsonNode images, Path dataset, String where) {
        if (images == null || images.isNull()) {
            return List.of();
        }
        if (!images.isArray() || images.size() > MediaShape.MAX_PER_REQUEST) {
            throw new WorkloadException(where + ": \"images\" must be an array of at most " + MediaShape.MAX_PER_REQUEST
                    + " file paths or URLs");
        }
        List<MediaPart> parts = new ArrayList<>();
        for (JsonNode image : images) {
            if (!image.isTextual() || image.asText().isBlank()) {
                throw new WorkloadException(where + ": each of \"images\" must be a file path or an http(s) URL");
            }
            String ref = image.asText();
            String lower = ref.toLowerCase(Locale.ROOT);
            if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("data:image/")) {
                parts.add(new MediaPart.Image(ref, -1, -1, -1));
            } else {
                parts.add(file(resolve(dataset, ref), where));
            }
        }
        return List.copyOf(parts);
    }

    private static Path resolve(Path dataset, String ref) {
        Path p = Path.of(ref);
        Path dir = dataset.toAbsolutePath().getParent();
        return p.isAbsolute() || dir == null ? p : dir.resolve(p);
    }

    private static MediaPart.Image file(Path path, String where) {
        byte[] bytes;
        try {
            if (Files.size(path) > MAX_FILE_BYTES) {
                throw new WorkloadException(where + ": image " + path + " is over " + (MAX_FILE_BYTES >> 20) + " MiB");
            }
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new WorkloadException(where + ": cannot read image " + path + " (" + e.getMessage() + ")", e);
        }
        String mime = mimeType(path.getFileName().toString(), where);
        int[] size = size(bytes);
        return new MediaPart.Image("data:" + mime + ";base64," + Base64.getEncoder().encodeToString(bytes), size[0], size[1],
                bytes.length);
    }

    private static String mimeType(String name, String where) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".png")) {
            return "image/png";
        }
        if (n.endsWith(".jpg") || n.endsWith(".jpeg")) {
            return "image/jpeg";
        }
        if (n.endsWith(".webp")) {
            return "image/webp";
        }
        if (n.endsWith(".gif")) {
            return "image/gif";
        }
        throw new WorkloadException(where + ": image " + name + " must be .png, .jpg, .jpeg, .webp or .gif");
    }

    /** {width, height} from the header when the JDK can read it (not WebP), else {-1, -1}: the server still reads the file. */
    private static int[] size(byte[] bytes) {
        return ImageSize.of(bytes).map(s -> new int[] {s.width(), s.height()}).orElse(new int[] {-1, -1});
    }
}
