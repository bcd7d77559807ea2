package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LaneBalancerTest {
    @Test
    void aRequest_goesToALaneWithRoom_whenItsNeighbourIsFull() {
        LaneBalancer b = new LaneBalancer(2, 4);
        int[] lanes = new int[8];
        for (int i = 0; i < 8; i++) {
            lanes[i] = b.acquire();
        }
        assertThat(b.inFlight(0)).isEqualTo(4);
        assertThat(b.inFlight(1)).isEqualTo(4);
        // the requests of lane 0 end; lane 1's four long streams go on: the next four all go to lane 0
        for (int i = 0; i < 8; i++) {
            if (lanes[i] == 0) {
                b.release(0);
            }
        }
        for (int i = 0; i < 4; i++) {
            assertThat(b.acquire()).isZero();
        }
        assertThat(b.accounting().heldWhileRoom()).isZero();
        assertThat(b.accounting().heldAtLimit()).isZero();
    }

    @Test
    void aLaneWithAnIdleConnection_isPreferredToOpeningANewOne() {
        LaneBalancer b = new LaneBalancer(2, 4);
        b.connectionOpened(1);
        assertThat(b.acquire()).isEqualTo(1);
        assertThat(b.acquire()).isZero(); // lane 1's only connection is busy now: the least loaded lane opens one
        assertThat(b.accounting().openedWhileIdle()).isZero();
    }

    @Test
    void everyLaneFull_isAWaitAtTheConnectionLimit() {
        LaneBalancer b = new LaneBalancer(2, 1);
        b.acquire();
        b.acquire();
        b.acquire();
        assertThat(b.accounting().heldAtLimit()).isEqualTo(1);
        assertThat(b.accounting().heldWhileRoom()).isZero();
        assertThat(b.accounting().requests()).isEqualTo(3);
    }

    @Test
    void ties_areSharedRoundRobin() {
        LaneBalancer b = new LaneBalancer(4, 2);
        for (int i = 0; i < 8; i++) {
            b.acquire();
        }
        for (int lane = 0; lane < 4; lane++) {
            assertThat(b.inFlight(lane)).isEqualTo(2);
        }
    }

    @Test
    void theCapacityPerLane_isTheCeilingShare() {
        assertThat(LaneBalancer.capacityPerLane(8, 3)).isEqualTo(3);
        assertThat(LaneBalancer.capacityPerLane(1, 4)).isEqualTo(1);
        assertThatThrownBy(() -> new LaneBalancer(0, 1)).hasMessageContaining("lanes (0)");
    }
}
