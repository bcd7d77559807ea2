package dev.infergate.attest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatorKeysTest {
    @TempDir
    Path tmp;

    @Test
    void theKeyFile_isReadableByItsUserAlone_inADirectoryOnlyItsUserCanEnter() throws Exception {
        Path dir = tmp.resolve("sim-keys");
        SimulatorKey key = SimulatorKey.random();

        Path file = SimulatorKeys.writeFile(dir, 8123, key);

        assertThat(file).isEqualTo(dir.resolve("8123.key"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        assertThat(Files.list(dir)).containsExactly(file); // no temporary file left beside it
        String nonce = SimulatorKey.nonce();
        assertThat(SimulatorKeys.readFile(file).answer(nonce)).isEqualTo(key.answer(nonce));
    }

    @Test
    void aLoopbackUrl_isCheckedWithTheKeyFileOfItsPort_anotherMachinesWithTheEnvironmentsKey() throws Exception {
        SimulatorKey onThisMachine = SimulatorKey.random();
        SimulatorKeys.writeFile(tmp, 8124, onThisMachine);
        SimulatorKey remote = SimulatorKey.random();
        String nonce = SimulatorKey.nonce();

        assertThat(SimulatorKeys.forUrl(URI.create("http://127.0.0.1:8124/metrics"), tmp, null))
                .hasValueSatisfying(k -> assertThat(k.answer(nonce)).isEqualTo(onThisMachine.answer(nonce)));
        assertThat(SimulatorKeys.forUrl(URI.create("http://localhost:8124/metrics"), tmp, null)).isPresent();
        assertThat(SimulatorKeys.forUrl(URI.create("http://sim.example:8124/metrics"), tmp, null))
                .as("a key file names a port of this machine, not of another").isEmpty();
        assertThat(SimulatorKeys.forUrl(URI.create("http://sim.example:8124/metrics"), tmp, remote.hex()))
                .hasValueSatisfying(k -> assertThat(k.answer(nonce)).isEqualTo(remote.answer(nonce)));
        assertThat(SimulatorKeys.forUrl(URI.create("http://127.0.0.1:8125/metrics"), tmp, null)).isEmpty();
        assertThat(SimulatorKeys.forUrl(URI.create("http://127.0.0.1:8125/metrics"), tmp, "not a key")).isEmpty();
    }

    @Test
    void aSimulatorOfThisProcess_isCheckedWithTheKeyItRegisteredForItsPort() {
        SimulatorKey key = SimulatorKey.random();
        String nonce = SimulatorKey.nonce();
        SimulatorKeys.register(8126, key);
        try {
            assertThat(SimulatorKeys.forUrl(URI.create("http://127.0.0.1:8126/metrics"), tmp, null))
                    .hasValueSatisfying(k -> assertThat(k.answer(nonce)).isEqualTo(key.answer(nonce)));
        } finally {
            SimulatorKeys.unregister(8126, key);
        }
        assertThat(SimulatorKeys.forUrl(URI.create("http://127.0.0.1:8126/metrics"), tmp, null)).isEmpty();
    }
}
