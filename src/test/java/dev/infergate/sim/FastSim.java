package dev.infergate.sim;

import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A bundled simulator profile with a 12x cheaper engine step (500 us instead of 6 ms), so a short-chat answer takes
 * ~0.1 s instead of ~0.8 s: for end-to-end tests that need real runs on loopback but not the profile's absolute speed
 * (the two profiles still differ as they do: the candidate's cheaper KV cache, its prompt and decode costs).
 */
public final class FastSim {
    private FastSim() {}

    /** The bundled profile {@code name} with the cheaper step, written under {@code dir}. */
    public static SimProfile profile(String name, Path dir) throws IOException {
        String yaml;
        try (InputStream in = SimProfile.class.getResourceAsStream("/sim-profiles/" + name + ".yaml")) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled profile " + name);
            }
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!yaml.contains("step_overhead_us: 6000")) {
            throw new IllegalStateException("profile " + name + " no longer has step_overhead_us: 6000; update FastSim");
        }
        return SimProfile.load(Files.writeString(dir.resolve(name + "-fast.yaml"),
                yaml.replaceFirst("step_overhead_us: 6000", "step_overhead_us: 500")));
    }
}
