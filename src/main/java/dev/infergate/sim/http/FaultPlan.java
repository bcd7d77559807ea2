package dev.infergate.sim.http;

import dev.infergate.sim.profile.Faults;
import java.util.random.RandomGenerator;

/**
 * The faults one request will meet, drawn when it arrives. Stream faults happen at a token index drawn
 * uniformly over the answer; -1 means never.
 *
 * @param status             0 for a normal answer, else 429 or 500 at once
 * @param stallAtToken       after this token, delivery pauses for the profile's stall duration
 * @param resetAtToken       at this token the connection is reset instead of written
 * @param malformedAtToken   before this token's event, one event whose data is not JSON
 */
record FaultPlan(int status, int stallAtToken, int resetAtToken, int malformedAtToken) {
    static final FaultPlan NONE = new FaultPlan(0, -1, -1, -1);

    static FaultPlan draw(Faults faults, RandomGenerator random, int outputTokens, boolean stream) {
        if (random.nextDouble() < faults.errorRate()) {
            return new FaultPlan(500, -1, -1, -1);
        }
        if (random.nextDouble() < faults.rateLimit().probability()) {
            return new FaultPlan(429, -1, -1, -1);
        }
        if (!stream) {
            return NONE;
        }
        return new FaultPlan(0,
                at(random, faults.stall().probability(), outputTokens),
                at(random, faults.resetMidstream(), outputTokens),
                at(random, faults.malformedEvent(), outputTokens));
    }

    private static int at(RandomGenerator random, double probability, int outputTokens) {
        double p = random.nextDouble();
        int index = random.nextInt(outputTokens);
        return p < probability ? index : -1;
    }
}
