package dev.infergate.attest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SimulatorKeyTest {
    private static final String HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    @Test
    void theKeysOwnAnswer_provesIt_andAnotherKeysAnswerDoesNot() {
        SimulatorKey key = SimulatorKey.parse(HEX);
        String nonce = SimulatorKey.nonce();

        assertThat(key.proves(nonce, key.answer(nonce))).isTrue();
        assertThat(key.proves(nonce, key.answer(nonce).toUpperCase() + "\n")).isTrue();
        assertThat(key.proves(nonce, SimulatorKey.random().answer(nonce))).isFalse();
        assertThat(key.proves(SimulatorKey.nonce(), key.answer(nonce))).as("an answer to another nonce").isFalse();
        assertThat(key.proves(nonce, "")).isFalse();
        assertThat(key.proves(nonce, null)).isFalse();
    }

    @Test
    void theAnswer_isHmacSha256OfTheNonce_inHex() {
        // computed independently: python3 hmac.new(bytes.fromhex(HEX), b"abc", hashlib.sha256).hexdigest()
        assertThat(SimulatorKey.parse(HEX).answer("abc"))
                .isEqualTo("c523adb6e8584aa9c80de47e6470e9180657274b0013e4460c74ba8adae45426");
    }

    @Test
    void aKeyThatIsNot64HexDigits_isRefused_withoutRepeatingIt() {
        assertThatThrownBy(() -> SimulatorKey.parse("secret-value-not-hex"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("secret-value");
        assertThatThrownBy(() -> SimulatorKey.parse(HEX.substring(2))).isInstanceOf(IllegalArgumentException.class);
        assertThat(SimulatorKey.parse("  " + HEX + "\n").answer("n")).isEqualTo(SimulatorKey.parse(HEX).answer("n"));
    }

    @Test
    void theKey_neverShowsInItsText() {
        SimulatorKey key = SimulatorKey.parse(HEX);

        assertThat(key.toString()).doesNotContain(HEX).doesNotContain("0011").contains("redacted");
        assertThat(SimulatorKey.nonce()).hasSize(64).isNotEqualTo(SimulatorKey.nonce());
    }
}
