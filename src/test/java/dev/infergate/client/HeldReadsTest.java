package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeldReadsTest {
    @Test
    void messages_comeOutInOrder_withTheirStamps_andTheStoreGrowsAndStartsOver() {
        HeldReads held = new HeldReads();
        for (int i = 0; i < 20; i++) { // beyond the first capacity
            held.add("m" + i, 100L + i);
        }
        List<String> out = new ArrayList<>();
        while (!held.isEmpty()) {
            long stamp = held.nextStampNanos();
            out.add(held.take() + "@" + stamp);
        }
        assertThat(out).hasSize(20).startsWith("m0@100", "m1@101").endsWith("m19@119");

        held.add("again", 5);
        assertThat(held.nextStampNanos()).isEqualTo(5);
        assertThat(held.take()).isEqualTo("again");
        assertThat(held.isEmpty()).isTrue();
    }

    @Test
    void takenFromInsideAnEarlierMessagesWork_eachMessageComesOutOnce() {
        HeldReads held = new HeldReads();
        held.add("a", 1);
        held.add("b", 2);
        held.add("c", 3);
        List<Object> out = new ArrayList<>();
        out.add(held.take());
        while (!held.isEmpty()) { // a handler of "a" passed the rest on itself
            out.add(held.take());
        }
        assertThat(held.isEmpty()).isTrue();
        assertThat(out).containsExactly("a", "b", "c");
    }

    @Test
    void releaseAll_releasesWhatIsStillHeld_andSkipsTheReadCompleteMarks() {
        HeldReads held = new HeldReads();
        ByteBuf passed = Unpooled.buffer(4);
        ByteBuf left = Unpooled.buffer(4);
        held.add(passed, 1);
        held.add(HeldReads.READ_COMPLETE, 0);
        held.add(left, 2);
        assertThat(held.take()).isSameAs(passed);

        held.releaseAll();

        assertThat(left.refCnt()).isZero();
        assertThat(passed.refCnt()).as("taken: the taker's to release").isEqualTo(1);
        assertThat(held.isEmpty()).isTrue();
        passed.release();
    }
}
