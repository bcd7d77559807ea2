package dev.infergate.sim.profile;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.infergate.config.Suggestions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads profile YAML into a validated {@link SimProfile}; every failure is one line naming the key or file. */
final class ProfileLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']+)'");

    private ProfileLoader() {}

    static SimProfile bundled(String name) {
        if (!SimProfile.BUNDLED.contains(name)) {
            throw new IllegalArgumentException("no bundled profile '" + name + "'"
                    + Suggestions.didYouMean(name, SimProfile.BUNDLED) + "; bundled: "
                    + String.join(", ", SimProfile.BUNDLED) + " (or give a YAML file path)");
        }
        String resource = "/sim-profiles/" + name + ".yaml";
        try (InputStream in = ProfileLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled profile missing from the jar: " + resource);
            }
            return parse(in.readAllBytes(), resource);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read bundled profile " + resource, e);
        }
    }

    static SimProfile load(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("profile " + file + " does not exist"
                    + Suggestions.didYouMean(file.toString(), SimProfile.BUNDLED) + "; give a bundled name ("
                    + String.join(", ", SimProfile.BUNDLED) + ") or a YAML file path", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read profile " + file + ": " + e.getMessage(), e);
        }
        return parse(bytes, file.toString());
    }

    static SimProfile parse(byte[] yaml, String source) {
        try {
            return YAML.readValue(yaml, SimProfile.class);
        } catch (UnrecognizedPropertyException e) {
            java.util.List<String> known = e.getKnownPropertyIds() == null ? java.util.List.of()
                    : e.getKnownPropertyIds().stream().map(String::valueOf).toList();
            throw new IllegalArgumentException("profile " + source + ": unknown key '" + e.getPropertyName()
                    + "' at " + path(e) + Suggestions.didYouMean(e.getPropertyName(), known)
                    + "; see docs/simulator.md for the keys", e);
        } catch (MismatchedInputException e) {
            String why = e.getOriginalMessage();
            Matcher missing = MISSING.matcher(why == null ? "" : why);
            if (missing.find()) {
                throw new IllegalArgumentException("profile " + source + ": missing key '" + missing.group(1) + "'", e);
            }
            throw new IllegalArgumentException("profile " + source + ": " + firstLine(why) + " at " + path(e), e);
        } catch (JsonMappingException e) {
            Throwable root = rootCause(e);
            String why = root instanceof IllegalArgumentException ? root.getMessage() : e.getOriginalMessage();
            throw new IllegalArgumentException("profile " + source + ": " + firstLine(why), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("profile " + source + " is not valid YAML: " + firstLine(e.getMessage()), e);
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(ref.getFieldName());
            }
        }
        return sb.length() == 0 ? "top level" : sb.toString();
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "invalid";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
