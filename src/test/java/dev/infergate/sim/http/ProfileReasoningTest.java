package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.sim.profile.ReasoningLength;
import dev.infergate.sim.profile.SimProfile;
import org.junit.jupiter.api.Test;

/** A profile's reasoning block: requests that name no reasoning_tokens think a length drawn from their prompt. */
class ProfileReasoningTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SimProfile BASE = SimProfile.bundled("baseline");

    private static JsonNode chat(String text, String extra) throws Exception {
        return JSON.readTree("{\"model\": \"" + BASE.model() + "\", \"max_tokens\": 500, \"messages\": [{\"role\": \"user\","
                + " \"content\": \"" + text + "\"}]" + extra + "}");
    }

    private static int reasoning(SimProfile p, JsonNode body, boolean chat) {
        return new RequestParser(p).parse(body, chat).reasoningTokens();
    }

    @Test
    void samePrompt_thinksAlikeOnEveryServerOfTheProfile_andALongerMedianThinksLonger() throws Exception {
        SimProfile thinks = BASE.withReasoning(new ReasoningLength(60, 0.25));
        SimProfile longer = BASE.withReasoning(new ReasoningLength(78, 0.25));
        JsonNode a = chat("why is the sky blue", "");
        JsonNode b = chat("how do tides work", "");

        assertThat(reasoning(BASE, a, true)).as("no reasoning block: answers at once").isZero();
        assertThat(reasoning(thinks, a, true)).isPositive().isEqualTo(reasoning(thinks, a, true));
        assertThat(reasoning(thinks, b, true)).isNotEqualTo(reasoning(thinks, a, true));
        assertThat((double) reasoning(longer, a, true) / reasoning(thinks, a, true)).isBetween(1.25, 1.35);
        assertThat(reasoning(thinks, chat("why is the sky blue", ", \"reasoning_tokens\": 0"), true))
                .as("the request's own count wins").isZero();
        assertThat(reasoning(thinks, chat("why is the sky blue", ", \"reasoning_tokens\": 9"), true)).isEqualTo(9);
    }
}
