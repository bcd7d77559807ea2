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

    @Test
    void redact_findsAUrlEncodedSecret_andWholeUrlCredentials() {
        Redactor r = Redactor.of(Map.of("Authorization", "Bearer sk-a/b+c=d"), null, java.util.List.of("PASS1234"));
        assertThat(r.redact("?token=sk-a%2Fb%2Bc%3Dd and PASS1234")).isEqualTo("?token=<redacted> and <redacted>");
    }

    @Test
    void redactThenCut_redactsASecretTheCutWouldSplit() {
        Redactor r = Redactor.of(Map.of("x-api-key", "sk-0123456789abcdef"), null);
        String cut = r.redactThenCut("x".repeat(20) + "sk-0123456789abcdef", 25);
        assertThat(cut).isEqualTo("x".repeat(20) + "<r...");
        assertThat(cut).doesNotContain("sk-0");
    }

    @Test
    void anEndpointsRedactor_knowsItsUrlCredentials() {
        Endpoint e = new Endpoint(java.net.URI.create("http://u:PASS1234@127.0.0.1:1/v1?api_key=SECRET99"), Api.CHAT, "m",
                true, Map.of(), null, false, false, java.time.Duration.ofSeconds(1));
        assertThat(e.redactor().redact("cannot reach http://u:PASS1234@127.0.0.1:1/v1/models?api_key=SECRET99"))
                .doesNotContain("PASS1234").doesNotContain("SECRET99");
        assertThat(e.describe().baseUrl()).isEqualTo("http://<redacted>@127.0.0.1:1/v1?api_key=<redacted>");
        assertThat(e.url("/models")).isEqualTo("http://u:PASS1234@127.0.0.1:1/v1/models?api_key=SECRET99");
        assertThat(e.urlShown("/models")).isEqualTo("http://<redacted>@127.0.0.1:1/v1/models?api_key=<redacted>");
        assertThat(e.rootUrl("/metrics")).isEqualTo("http://u:PASS1234@127.0.0.1:1/metrics?api_key=SECRET99");
    }
}
