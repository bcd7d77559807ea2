package dev.infergate.accept;

import dev.infergate.config.YamlNode;
import dev.infergate.workload.MediaShape;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A plan's {@code images:} key (docs/acceptance.md, "Images in the plan"), as {@code run --images N --image-size WxH
 * --image-format F}: {@code images: 1}, or {@code images: {count: 1, size: [512x384, 1024x768], format: jpeg}}. Every
 * request of the matrix's preset rows, the capacity and burst probes and the sweep step carries them (drawn from the
 * seed and the request's id: the same pictures on both sides); agent sessions and trace rows stay text.
 */
final class PlanImages {
    static final Set<String> KEYS = Set.of("count", "size", "format");

    private PlanImages() {}

    /** The images, {@link MediaShape#NONE} without the key (or with a count of 0). */
    static MediaShape parse(YamlNode n, AcceptPlan.Side baseline, AcceptPlan.Side candidate) {
        if (n == null) {
            return MediaShape.NONE;
        }
        YamlNode count = n.isMap() ? n.get("count") : n;
        if (n.isMap()) {
            n.allowOnly(KEYS);
            if (count == null) {
                throw n.error("needs a count, e.g. images: {count: 1, size: 1024x768}");
            }
        }
        int images = count.asInt();
        if (images < 0 || images > MediaShape.MAX_PER_REQUEST) {
            throw count.error("(" + images + ") must be between 0 and " + MediaShape.MAX_PER_REQUEST + " images per request");
        }
        YamlNode size = n.isMap() ? n.get("size") : null;
        YamlNode format = n.isMap() ? n.get("format") : null;
        if (images == 0) {
            return MediaShape.NONE;
        }
        for (AcceptPlan.Side side : new AcceptPlan.Side[] {baseline, candidate}) {
            if (side.importFile() == null && !"chat".equals(side.api())) {
                throw n.error("images are sent as chat content parts; both sides need api: chat (one has " + side.api() + ")");
            }
        }
        String sizes = size == null ? "1024x768" : size.items().stream().map(YamlNode::text).collect(Collectors.joining(","));
        try {
            return new MediaShape(images, MediaShape.ImageSize.parseList(sizes),
                    format == null ? MediaShape.ImageFormat.JPEG : MediaShape.ImageFormat.parse(format.text()), 0, 0);
        } catch (IllegalArgumentException e) {
            throw (size != null ? size : n).error(e.getMessage());
        }
    }
}
