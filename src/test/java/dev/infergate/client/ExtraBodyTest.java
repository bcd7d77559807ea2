package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.workload.RequestSpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtraBodyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Endpoint endpoint(ExtraBody extra) {
        return new Endpoint(URI.create("http://127.0.0.1:1/v1"), Api.CHAT, "m", true, Map.of(), null, false, false,
                Duration.ofSeconds(1)).withExtraBody(extra);
    }

    private static JsonNode body(ExtraBody extra) throws Exception {
        RequestSpec spec = new RequestSpec(0, "hello there", null, 2, 16, null, 0, "synthetic");
        return JSON.readTree(new String(RequestEncoder.encode(spec, endpoint(extra), true), StandardCharsets.UTF_8));
    }

    @Test
    void extraFields_areMergedIntoEveryBody_andReplaceFieldsOfTheSameName() throws Exception {
        JsonNode plain = body(ExtraBody.NONE);
        assertThat(plain.path("max_tokens").asInt()).isEqualTo(16);
        JsonNode merged = body(ExtraBody.parse("{\"temperature\": 0.6, \"max_tokens\": 99, "
                + "\"chat_template_kwargs\": {\"enable_thinking\": false}, \"tools\": [{\"type\": \"function\"}]}"));
        assertThat(merged.path("temperature").asDouble()).isEqualTo(0.6);
        assertThat(merged.path("max_tokens").asInt()).as("the user's word wins").isEqualTo(99);
        assertThat(merged.path("chat_template_kwargs").path("enable_thinking").asBoolean(true)).isFalse();
        assertThat(merged.path("tools").get(0).path("type").asText()).isEqualTo("function");
        assertThat(merged.path("messages").get(0).path("content").asText()).isEqualTo("hello there");
        assertThat(merged.path("min_tokens").asInt()).isEqualTo(16);
        // one field of each name: valid JSON for strict servers
        assertThat(merged.toString().split("\"max_tokens\"", -1)).hasSize(2);
    }

    @Test
    void parse_readsAFileWithAnAt_andNamesWhatIsWrongInOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("body.json"), "{\"top_p\": 0.9}");
        assertThat(ExtraBody.parse("@" + file).rawFields()).containsExactly(Map.entry("top_p", "0.9"));
        assertThatThrownBy(() -> ExtraBody.parse("[1]")).hasMessage("--extra-body: the extra body must be a JSON object, e.g. {\"temperature\": 0}");
        assertThatThrownBy(() -> ExtraBody.parse("{temperature: 0}")).hasMessageStartingWith("--extra-body is not JSON (");
        assertThatThrownBy(() -> ExtraBody.parse("@" + dir.resolve("none.json"))).hasMessageStartingWith("--extra-body @");
    }

    @Test
    void describe_hidesValuesOfFieldsThatMayHoldCredentials_andTheEndpointShowsIt() {
        ExtraBody extra = ExtraBody.parse("{\"temperature\": 0, \"api_key\": \"sk-123\", \"vendor\": {\"auth_token\": \"t\", \"x\": 1}}");
        assertThat(extra.describe().toString()).isEqualTo("{\"temperature\":0,\"api_key\":\"<redacted>\",\"vendor\":{\"auth_token\":\"<redacted>\",\"x\":1}}");
        assertThat(endpoint(extra).describe().extraBody()).isNotNull();
        assertThat(dev.infergate.json.Json.COMPACT.valueToTree(endpoint(ExtraBody.NONE).describe()).has("extra_body")).isFalse();
        assertThat(dev.infergate.json.Json.COMPACT.valueToTree(endpoint(extra).describe()).toString()).contains("\"extra_body\":{")
                .doesNotContain("sk-123");
    }
}
