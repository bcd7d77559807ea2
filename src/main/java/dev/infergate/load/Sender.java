package dev.infergate.load;

import dev.infergate.client.Dispatch;
import dev.infergate.client.RequestClient;

/**
 * Where the run loop hands its requests: the measuring client in a run ({@link #of(RequestClient)}), a
 * stand-in that answers on a simulated clock in unit tests.
 */
interface Sender {

    /** Sends {@code dispatch} now; {@code listener} is told once when it finished. Safe from any thread. */
    void send(Dispatch dispatch, RequestClient.Listener listener);

    /** Requests sent and not yet finished. */
    int inFlight();

    /** Fails every request still in flight as cancelled, with {@code reason}. */
    void cancelAll(String reason);

    /**
     * Records every request still in flight as cancelled with {@code reason}, now and on the calling thread, and
     * sends no more: for the ends {@link #cancelAll} asked for that did not come in time. Returns how many.
     */
    long abandonRemaining(String reason);

    static Sender of(RequestClient client) {
        return new Sender() {
            @Override
            public void send(Dispatch dispatch, RequestClient.Listener listener) {
                client.send(dispatch, listener);
            }

            @Override
            public int inFlight() {
                return client.inFlight();
            }

            @Override
            public void cancelAll(String reason) {
                client.cancelAll(reason);
            }

            @Override
            public long abandonRemaining(String reason) {
                return client.abandonRemaining(reason);
            }
        };
    }
}
