package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndpointHeadersTest {

    private static Endpoint with(Map<String, String> headers) {
        return new Endpoint(URI.create("http://127.0.0.1:1/v1"), Api.CHAT, "m", true, headers, null, false, false,
                Duration.ofSeconds(10));
    }

    /** Map.copyOf's order is seeded per JVM start: with it, run.json's header_names moved between runs. */
    @Test
    void headers_keepTheOrderTheyWereGivenIn_soRunJsonNamesThemAlikeInEveryRun() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String name : new String[] {"X-Zeta", "Authorization", "X-Alpha", "X-Mid", "X-Beta", "Accept-Language",
                "X-Omega", "X-Delta"}) {
            given.put(name, "v");
        }
        assertThat(with(given).headers().keySet()).containsExactlyElementsOf(given.keySet());
        assertThatThrownBy(() -> with(given).headers().put("X", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aNullHeaderValue_isRefusedNamingWhat() {
        Map<String, String> given = new HashMap<>();
        given.put("X-Key", null);
        assertThatThrownBy(() -> with(given)).hasMessage("header names and values must not be null");
    }
}
