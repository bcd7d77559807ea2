package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class UrlCredentialsTest {
    @Test
    void userInfoAndKeyLikeParameters_areRedacted_otherParametersKept() {
        URI url = URI.create("http://user:PASS1234@127.0.0.1:8000/v1?key=SECRET99&api-version=2024-06-01&sig=abc%2Fdef");
        assertThat(UrlCredentials.redacted(url))
                .isEqualTo("http://<redacted>@127.0.0.1:8000/v1?key=<redacted>&api-version=2024-06-01&sig=<redacted>");
        assertThat(UrlCredentials.secrets(url)).contains("user:PASS1234", "PASS1234", "SECRET99", "abc%2Fdef", "abc/def");
    }

    @Test
    void credentialParameterNames_coverTheUsualSpellings() {
        for (String name : new String[] {"key", "api_key", "apiKey", "token", "access_token", "sig", "signature",
            "X-Amz-Signature", "password", "secret", "client_secret", "auth", "pwd", "session_id"}) {
            assertThat(UrlCredentials.isCredentialParameter(name)).as(name).isTrue();
        }
        assertThat(UrlCredentials.isCredentialParameter("api-version")).isFalse();
        assertThat(UrlCredentials.isCredentialParameter("model")).isFalse();
    }

    @Test
    void aUrlWithoutCredentials_isUnchanged() {
        URI url = URI.create("https://api.example.com/v1?api-version=1");
        assertThat(UrlCredentials.carriesCredentials(url)).isFalse();
        assertThat(UrlCredentials.redacted(url)).isEqualTo("https://api.example.com/v1?api-version=1");
        assertThat(UrlCredentials.redacted("not a url at all %%")).isEqualTo("not a url at all %%");
    }

    @Test
    void join_appendsThePathBeforeTheQueryString() {
        assertThat(UrlCredentials.join(URI.create("http://h/v1?key=S"), "/models")).isEqualTo("http://h/v1/models?key=S");
        assertThat(UrlCredentials.join(URI.create("http://h/v1/"), "/models")).isEqualTo("http://h/v1/models");
        assertThat(UrlCredentials.join(URI.create("http://h:9/v1"), "/chat/completions")).isEqualTo("http://h:9/v1/chat/completions");
        assertThat(UrlCredentials.join(URI.create("http://h/?a=1&key=S"), "/v1")).isEqualTo("http://h/v1?a=1&key=S");
    }
}
