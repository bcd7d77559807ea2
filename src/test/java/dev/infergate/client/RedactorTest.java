package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {
    @Test
    void credentialHeaders_areKnownByName() {
        for (String name : new String[] {"Authorization", "proxy-authorization", "Cookie", "x-api-key", "API-Key",
            "X-Auth-Token", "X-Client-Secret", "X-Session-Id"}) {
            assertThat(Redactor.isCredentialHeader(name)).as(name).isTrue();
        }
        assertThat(Redactor.isCredentialHeader("X-Trace")).isFalse();
        assertThat(Redactor.isCredentialHeader("Accept")).isFalse();
    }

    @Test
    void redact_removesWholeValuesAndTheirParts_butNotOtherHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer sk-abc-123456");
        headers.put("Cookie", "a=cookie-one; b=cookie-two");
        headers.put("X-Trace", "trace-visible");
        Redactor r = Redactor.of(headers, "sk-env-7777");
        assertThat(r.redact("got Bearer sk-abc-123456 and sk-abc-123456, cookie-two, sk-env-7777; trace-visible"))
                .isEqualTo("got <redacted> and <redacted>, <redacted>, <redacted>; trace-visible");
        assertThat(r.redact(null)).isNull();
    }

    @Test
    void redact_findsAJsonEscapedSecret() {
        Redactor r = Redactor.of(Map.of("x-api-key", "k/with\"quote"), null);
        assertThat(r.redact("{\"echo\":\"k\\/with\\\"quote\"}")).isEqualTo("{\"echo\":\"<redacted>\"}");
    }

    @Test
    void veryShortValues_areNotHuntedInText_butNoSecretsMeansNoChange() {
        Redactor r = Redactor.of(Map.of("x-api-key", "ab"), null);
        assertThat(r.knowsSecrets()).isFalse();
        assertThat(r.redact("a table about abbreviations")).isEqualTo("a table about abbreviations");
    }
}
