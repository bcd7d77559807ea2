package dev.infergate.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's stop-the-world collections while a benchmark runs: on two shared cores a 20 ms young collection
 * delays every event due during it, so the benchmarks print these beside their tails. Fed by the collectors'
 * notifications; concurrent cycles (G1's, ZGC's and Shenandoah's "cycles" beans) are not pauses and are left
 * out. Durations come in whole milliseconds.
 */
final class GcPauses implements NotificationListener, AutoCloseable {
    /**
     * @param count       collections that paused the application
     * @param totalMillis their durations added up
     * @param maxMillis   the longest
     */
    record Summary(long count, long totalMillis, long maxMillis) {
        static final Summary NONE = new Summary(0, 0, 0);

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "gc pauses: %d, %d ms in all, longest %d ms", count, totalMillis, maxMillis);
        }
    }

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private long count;
    private long totalMillis;
    private long maxMillis;

    private GcPauses() {}

    /** Starts counting the pauses from now on; {@link #close} stops. */
    static GcPauses watch() {
        GcPauses pauses = new GcPauses();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter && isPausing(bean.getName())) {
                emitter.addNotificationListener(pauses, null, null);
                pauses.emitters.add(emitter);
            }
        }
        return pauses;
    }

    /** Whether a collector bean reports pauses (not concurrent cycles). */
    static boolean isPausing(String collectorName) {
        return !collectorName.contains("Cycles") && !collectorName.contains("Concurrent");
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            add(info.getGcInfo().getDuration());
        }
    }

    synchronized void add(long durationMillis) {
        count++;
        totalMillis += durationMillis;
        maxMillis = Math.max(maxMillis, durationMillis);
    }

    synchronized Summary summary() {
        return new Summary(count, totalMillis, maxMillis);
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(this);
            } catch (ListenerNotFoundException e) {
                // already gone: nothing to stop
            }
        }
        emitters.clear();
    }
}
